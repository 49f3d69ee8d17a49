/**
 * Requests no HTTP client library would send as they are, written byte for byte to a real socket:
 * `..` segments and raw bytes in the path (clients normalise and encode those, so the in-process
 * fuzz tests cannot send them), absolute and asterisk targets, and broken framing (a bad chunk
 * size, Content-Length beside Transfer-Encoding). The same checks as the endpoint fuzz tests:
 * no 5xx, a JSON message for every 4xx, nothing leaked, nothing stored.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../src/test/databases.ts';
import { TEST_OPS_TOKEN, useTestApp } from '../../src/test/test-app.ts';
import { answerProblems, type Answer } from './response-checks.ts';
import { differences, fingerprint, listTables, type TableShape } from './stored-state.ts';

const utf8 = (text: string) => Buffer.from(text, 'utf8');
const latin1 = (text: string) => Buffer.from(text, 'latin1');

/** Paths as they go on the request line, some with bytes no client would leave unencoded. */
const TARGETS: Buffer[] = [
  ...[
    '/v1/vendor/../current-menu',
    '/v1/vendor/./2/current-menu',
    '/v1/vendor/2/../../client/1/venues',
    '/v1/vendor/..%2F..%2Fops%2Fv1/current-menu',
    '/v1/vendor/%2e%2e/current-menu',
    '/v1/displayassets/1/transformed/..',
    '/v1/current-consumer/order/../../consumer/create',
    '/ops/v1/../../v1/time',
    '/ops/v1/vendor/../vendor/2',
    '//v1/time',
    '/v1//time',
    '/v1/time/',
    '/v1/TIME',
    '/v1/client/%/venues',
    '/v1/client/%zz/venues',
    '/v1/venue/0/vendors?%',
    '/v1/venue/0/vendors?a=%ff%fe',
    '/v1/vendor/2/current-menu;jsessionid=1',
    '/v1/vendor/2/current-menu?__proto__[x]=1&constructor[prototype][y]=2',
    `/v1/vendor/${'9'.repeat(300)}/current-menu`,
    `/v1/address/autocomplete?input=${'a'.repeat(12_000)}`,
    'http://evil.example/v1/time',
    '*',
  ].map(latin1),
  utf8('/v1/vendor/🍔/current-menu'),
  utf8('/v1/address/place/au-١'),
  latin1('/v1/client/\xff\xfe/venues'),
  Buffer.concat([latin1('/v1/venue/'), Buffer.from([0xed, 0xa0, 0x80]), latin1('/vendors')]),
];

/** Whole requests with broken framing, `Host` and `Connection: close` added. */
const FRAMINGS: { label: string; head: string; body: string }[] = [
  {
    label: 'a chunk size that is not hex',
    head: 'POST /v1/consumer/create HTTP/1.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked',
    body: 'zz\r\n{}\r\n0\r\n\r\n',
  },
  {
    label: 'Content-Length beside Transfer-Encoding',
    head: 'POST /v1/consumer/create HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: 2\r\nTransfer-Encoding: chunked',
    body: '2\r\n{}\r\n0\r\n\r\n',
  },
  {
    label: 'two different Content-Lengths',
    head: 'POST /v1/consumer/create HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: 2\r\nContent-Length: 3',
    body: '{}',
  },
  {
    label: 'a negative Content-Length',
    head: 'POST /v1/consumer/create HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: -1',
    body: '',
  },
  {
    label: 'a header without a colon',
    head: 'GET /v1/time HTTP/1.1\r\nNot a header',
    body: '',
  },
  {
    label: 'an unknown method',
    head: 'BREW /v1/time HTTP/1.1',
    body: '',
  },
  {
    label: 'an operations call with the token and a chunked JSON body cut short',
    head: `PATCH /ops/v1/vendor/2 HTTP/1.1\r\nAuthorization: Bearer ${TEST_OPS_TOKEN}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked`,
    body: '5\r\n{"isP\r\n0\r\n\r\n',
  },
];

/** Sends bytes, reads until the server closes, and splits the answer. */
function exchange(port: number, request: Buffer): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1' });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...headerLines] = head.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of headerLines) {
        const at = line.indexOf(':');
        if (at > 0) headers[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
      }
      const body = Buffer.from(rest.join('\r\n\r\n'), 'latin1').toString('utf8');
      resolve({ statusCode: Number(statusLine.split(' ')[1]), headers, body });
    });
    // Written, not ended: a client that half-closes may see its answer dropped. `Connection: close` ends the exchange.
    socket.write(request);
  });
}

describe.each(databases)('raw requests over a socket on $name', (database) => {
  // A stand-in web build, so paths outside the API get the app's page as they do in production.
  const webDist = mkdtempSync(join(tmpdir(), 'venue-raw-web-'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Venue</title>');
  const ctx = useTestApp(database, { env: { WEB_DIST: webDist } });
  afterAll(() => rmSync(webDist, { recursive: true, force: true }));
  let port: number;
  let tables: TableShape[];

  beforeAll(async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    port = (ctx.app.server.address() as AddressInfo).port;
    tables = await listTables(ctx.database.db, ctx.database.dialect);
  });

  const state = async () => {
    const rows = await sql<{ id: number }>`select id from vendors`.execute(ctx.database.db);
    return fingerprint(
      ctx.app,
      ctx.database.db,
      tables,
      rows.rows.map((row) => Number(row.id)),
    );
  };

  it('answers paths a client would normalise or encode with a 4xx JSON message, or the page they name', async () => {
    const before = await state();
    const failures: string[] = [];
    for (const target of TARGETS) {
      const request = Buffer.concat([
        latin1('GET '),
        target,
        latin1(' HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n'),
      ]);
      const answer = await exchange(port, request);
      const problems = answerProblems(answer, 'GET', target.toString('latin1'));
      if (!(answer.statusCode >= 200 && answer.statusCode < 500)) problems.push(`status ${answer.statusCode}`);
      if (problems.length > 0)
        failures.push(`GET ${target.toString('latin1')} → ${answer.statusCode} ${answer.body}: ${problems}`);
    }
    expect(failures).toEqual([]);
    expect(differences(before, await state())).toEqual([]);
  });

  it.each(FRAMINGS)('refuses $label with a 4xx JSON message and stores nothing', async ({ head, body }) => {
    const before = await state();
    const answer = await exchange(port, latin1(`${head}\r\nHost: localhost\r\nConnection: close\r\n\r\n${body}`));
    expect(answer.statusCode).toBeGreaterThanOrEqual(400);
    expect(answerProblems(answer, 'POST', head + body)).toEqual([]);
    expect(differences(before, await state())).toEqual([]);
  });
});
