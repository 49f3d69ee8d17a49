import { Agent, request } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CLIENT_KEEP_ALIVE_S, startHaproxy, type Haproxy } from '@venue/test-harness/haproxy';
import { IDLE_CONNECTION_MS } from '@venue/test-harness/http-client';
import { startServer, type TestServer } from '@venue/test-harness/server';
import { haproxySkipReason } from './support/haproxy-skip.ts';

/**
 * Kept-alive client connections through HAProxy (docs/deploy.md). HAProxy closes a client's idle
 * connection after `timeout http-keep-alive` (10 s); a request the client sends on it just then is
 * lost ("socket hang up"). The nodes answer `Keep-Alive: timeout=65`, their own limit; through
 * HAProxy the answers must give HAProxy's, so that a client that follows the hint closes an idle
 * connection first. Needs haproxy; skipped with a notice without it, unless REQUIRE_POSTGRES=1 (as
 * in CI, which installs it).
 */
const skipReason = haproxySkipReason('keep-alive', { postgres: false });

/** One GET through `agent`: the answer's Keep-Alive header and the socket it came on. */
function get(url: string, agent: Agent) {
  const target = new URL(url);
  return new Promise<{ keepAlive: string | undefined; socket: import('node:net').Socket }>((resolve, reject) => {
    const req = request({ host: target.hostname, port: Number(target.port), path: target.pathname, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ keepAlive: res.headers['keep-alive']?.toString(), socket: req.socket! }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe.skipIf(skipReason !== null)('kept-alive connections through HAProxy', () => {
  let server: TestServer;
  let haproxy: Haproxy;

  beforeAll(async () => {
    server = await startServer({ env: { KITCHEN_SIMULATOR: 'off', LOG_LEVEL: 'warn' } });
    const node = new URL(server.url);
    haproxy = await startHaproxy({ backends: [{ host: node.hostname, port: Number(node.port) }] });
  }, 120_000);

  afterAll(async () => {
    await haproxy?.stop();
    await server?.stop();
  });

  test("answers give HAProxy's idle limit, not the node's", async () => {
    const agent = new Agent({ keepAlive: true });
    try {
      expect((await get(`${server.url}/v1/time`, agent)).keepAlive).toBe('timeout=65');
      expect((await get(`${haproxy.url}/v1/time`, agent)).keepAlive).toBe(`timeout=${CLIENT_KEEP_ALIVE_S}`);
    } finally {
      agent.destroy();
    }
  });

  test('a client that follows the hint lets its idle connection go before HAProxy closes it', async () => {
    // The load generator's agent, as every client with an idle limit of its own longer than 10 s.
    const agent = new Agent({ keepAlive: true, timeout: IDLE_CONNECTION_MS });
    try {
      const { socket } = await get(`${haproxy.url}/v1/time`, agent);
      // The agent sets the idle connection's timer when it takes the socket back, after the answer.
      await new Promise((resolve) => setImmediate(resolve));
      expect(socket.destroyed).toBe(false);
      expect(socket.timeout).toBeGreaterThan(0);
      expect(socket.timeout).toBeLessThan(CLIENT_KEEP_ALIVE_S * 1000);
    } finally {
      agent.destroy();
    }
  });
});
