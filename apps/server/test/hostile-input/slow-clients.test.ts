/**
 * Slow clients on a real socket (lib/server-timeouts.ts): headers or a body trickled a byte at a
 * time are cut off, while an event stream — a request received at once whose answer goes on for
 * as long as it lasts — stays open past every request limit. The limits are shortened here; the
 * checks wait for what happens, never for a time.
 */
import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import type { DatabaseHandle } from '../../src/db/database.ts';
import { seedWhenEmpty } from '../../src/modules/catalogue/demo-venue.ts';
import { databases } from '../../src/test/databases.ts';
import { TEST_OPS_TOKEN, testConfig } from '../../src/test/test-app.ts';

const TIMEOUTS = {
  headersTimeout: 400,
  requestTimeout: 800,
  keepAliveTimeout: 5_000,
  connectionTimeout: 30_000,
  checkIntervalMs: 100,
};
const TRICKLE_MS = 100;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('slow clients', () => {
  let database: DatabaseHandle & { dispose(): Promise<void> };
  let app: FastifyInstance;
  let port = 0;

  beforeAll(async () => {
    database = await databases[0]!.create();
    await seedWhenEmpty(database.db);
    app = await buildApp({
      config: testConfig(),
      db: database.db,
      logger: false,
      timeouts: TIMEOUTS,
      eventStreams: { heartbeatMs: 200 },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
  });

  /** Writes `head` at once, then `trickle` one byte every TRICKLE_MS until the server hangs up. */
  function trickle(head: string, trickle: string): Promise<{ answer: string; bytesTrickled: number }> {
    return new Promise((resolve, reject) => {
      const socket: Socket = connect(port, '127.0.0.1');
      let answer = '';
      let sent = 0;
      let timer: NodeJS.Timeout | null = null;
      const finish = () => {
        if (timer) clearInterval(timer);
        resolve({ answer, bytesTrickled: sent });
      };
      socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
      socket.on('close', finish);
      socket.on('error', () => undefined);
      socket.on('connect', () => {
        socket.write(head);
        timer = setInterval(() => {
          if (sent >= trickle.length) {
            if (timer) clearInterval(timer);
            reject(new Error('the whole request was sent before the server hung up'));
            socket.destroy();
            return;
          }
          if (!socket.destroyed) socket.write(trickle[sent]!);
          sent += 1;
        }, TRICKLE_MS);
      });
    });
  }

  it('hangs up on headers trickled a byte at a time', async () => {
    const header = `X-Padding: ${'a'.repeat(4_000)}\r\n`;
    const { answer, bytesTrickled } = await trickle('GET /v1/time HTTP/1.1\r\nHost: localhost\r\n', header);
    expect(bytesTrickled).toBeLessThan(header.length);
    expect(answer).not.toMatch(/^HTTP\/1\.1 200/);
  });

  it('answers 408 and hangs up on a body trickled a byte at a time', async () => {
    const body = JSON.stringify({ name: { fullName: 'S'.repeat(180) } }).padEnd(4_000, ' ');
    const head = [
      'POST /v1/consumer/create HTTP/1.1',
      'Host: localhost',
      'Content-Type: application/json',
      `Content-Length: ${body.length}`,
      '',
      '',
    ].join('\r\n');
    const { answer, bytesTrickled } = await trickle(head, body);
    expect(bytesTrickled).toBeLessThan(body.length);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('keeps an event stream open long past the request limit, heartbeat after heartbeat', async () => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    let closed = false;
    socket.on('data', (chunk) => (received += chunk.toString('utf8')));
    socket.on('close', () => (closed = true));
    socket.on('error', () => undefined);
    await new Promise((resolve) => socket.on('connect', resolve));
    socket.write(
      `GET /ops/v1/vendor/1/events HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${TEST_OPS_TOKEN}\r\nAccept: text/event-stream\r\n\r\n`,
    );
    // Several request limits (and checks for them) go by; the answer is still being written.
    const heartbeats = () => received.split(': heartbeat').length - 1;
    while (heartbeats() < 3 && !closed) await sleep(50);
    const start = Date.now();
    while (Date.now() - start < TIMEOUTS.requestTimeout * 3) await sleep(50);
    const before = heartbeats();
    while (heartbeats() === before && !closed) await sleep(50);
    expect(received).toMatch(/^HTTP\/1\.1 200/);
    expect(received).toContain('text/event-stream');
    expect(closed).toBe(false);
    socket.destroy();
  });
});
