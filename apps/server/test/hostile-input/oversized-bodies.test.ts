/**
 * Oversized bodies on a real socket (lib/lingering-close.ts): a body past the limit is answered
 * 413 'Request body is too large' before it has all arrived, and the connection stays open long
 * enough for a client still writing to read that answer; a client that never stops sending is
 * still cut off.
 */
import { connect } from 'node:net';
import type { AddressInfo, Socket } from 'node:net';
import { Worker } from 'node:worker_threads';
import { beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../src/test/databases.ts';
import { useTestApp } from '../../src/test/test-app.ts';

const LINGER = { lingerMs: 1_000, lingerBytes: 8 * 1024 * 1024 };
const TWO_MB = 2 * 1024 * 1024;

/**
 * `attempts` fetches (undici) of a 2 MB body, each answer's status and body or the error's code.
 * They run in a worker: with its own event loop the client writes while the server answers, as a
 * client in another process does (in one event loop the answer is always read before the next write).
 * The body is a stream with its length given, written as fast as the socket takes it.
 */
function fetchTwoMegabytes(url: string, attempts: number): Promise<string[]> {
  const code = `
    const { workerData, parentPort } = require('node:worker_threads');
    (async () => {
      const outcomes = [];
      for (let i = 0; i < workerData.attempts; i += 1) {
        let sent = 0;
        const body = new ReadableStream({
          pull(controller) {
            if (sent >= workerData.size) return controller.close();
            sent += 64 * 1024;
            controller.enqueue(new Uint8Array(64 * 1024).fill(120));
          },
        });
        try {
          const response = await fetch(workerData.url, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'content-length': String(workerData.size) },
            body,
            duplex: 'half',
          });
          outcomes.push(response.status + ' ' + (await response.text()));
        } catch (error) {
          outcomes.push('failed: ' + (error.cause?.code ?? error.cause?.message ?? error.message));
        }
      }
      parentPort.postMessage(outcomes);
    })();`;
  return new Promise((resolve, reject) => {
    const worker = new Worker(code, { eval: true, workerData: { url, attempts, size: TWO_MB } });
    worker.once('message', (outcomes: string[]) => {
      resolve(outcomes);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

describe('oversized bodies', () => {
  const ctx = useTestApp(databases[0]!, { timeouts: LINGER });
  let port = 0;
  beforeAll(async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    port = (ctx.app.server.address() as AddressInfo).port;
  });

  it('answers a 2 MB body 413 with its message, every time, to a client still writing it', async () => {
    // Before the connection lingered, most of these saw EPIPE instead of the answer.
    const outcomes = await fetchTwoMegabytes(`http://127.0.0.1:${port}/v1/vendor/1/calculate-order-payment`, 10);
    const expected = `413 ${JSON.stringify({ statusCode: 413, error: 'Payload Too Large', message: 'Request body is too large' })}`;
    expect(outcomes).toEqual(Array.from({ length: 10 }, () => expected));
  });

  it('answers an injected body past the limit the same, with no socket to linger on', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v1/vendor/1/calculate-order-payment',
      headers: { 'content-type': 'application/json' },
      payload: 'x'.repeat(TWO_MB),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ statusCode: 413, error: 'Payload Too Large', message: 'Request body is too large' });
  });

  /** Sends a chunked body of 64 KiB frames, one every `paceMs` (0: as fast as the server reads), until the server hangs up. */
  async function sendForever(paceMs: number) {
    // Half-open allowed: the server's FIN does not stop it writing, as it would not stop a hostile client.
    const socket = connect({ port, host: '127.0.0.1', allowHalfOpen: true });
    let answer = '';
    let sent = 0;
    let closedAt = 0;
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => (closedAt = Date.now()));
    await new Promise((resolve) => socket.on('connect', resolve));
    socket.write(
      'POST /v1/vendor/1/calculate-order-payment HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n',
    );
    const chunk = Buffer.alloc(64 * 1024, 'x');
    const frame = Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]);
    const started = Date.now();
    while (closedAt === 0 && !socket.destroyed && Date.now() - started < 20_000) {
      if (!socket.write(frame))
        await new Promise((resolve) => {
          socket.once('drain', resolve);
          socket.once('close', resolve);
        });
      sent += frame.length;
      if (paceMs > 0) await new Promise((resolve) => setTimeout(resolve, paceMs));
    }
    while (closedAt === 0 && Date.now() - started < 20_000) await new Promise((resolve) => setTimeout(resolve, 20));
    socket.destroy();
    return { answer, sent, closedAfterMs: closedAt === 0 ? null : closedAt - started };
  }

  it('still cuts off a client that keeps sending after the 413, fast: past the byte limit', async () => {
    // What the server read from the connection, counted on its own socket: what the client wrote
    // also counts what the kernel's buffers held when the server hung up, up to tens of MB here.
    let serverRead = 0;
    const count = (socket: Socket) => socket.once('close', () => (serverRead += socket.bytesRead));
    ctx.app.server.on('connection', count);
    try {
      const { answer, sent, closedAfterMs } = await sendForever(0);
      expect(closedAfterMs, 'the server never hung up').not.toBeNull();
      expect(answer).toMatch(/^HTTP\/1\.1 413/);
      await expect.poll(() => serverRead).toBeGreaterThan(LINGER.lingerBytes);
      // The body limit, then lingerBytes and at most one more read before the cut.
      expect(serverRead).toBeLessThan(256 * 1024 + LINGER.lingerBytes + 1024 * 1024);
      expect(sent).toBeGreaterThanOrEqual(serverRead - 1024);
    } finally {
      ctx.app.server.off('connection', count);
    }
  });

  it('still cuts off a client that keeps sending after the 413, slowly: past the time limit', async () => {
    // 64 KiB every 50 ms stays far below the byte limit for as long as the server lingers.
    const { answer, closedAfterMs } = await sendForever(50);
    expect(closedAfterMs, 'the server never hung up').not.toBeNull();
    expect(answer).toMatch(/^HTTP\/1\.1 413/);
    expect(closedAfterMs).toBeLessThan(LINGER.lingerMs + 2_000);
  });
});
