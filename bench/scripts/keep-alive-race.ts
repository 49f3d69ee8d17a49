/**
 * Requests sent on kept-alive connections just as HAProxy closes them: one server and HAProxy (the
 * recipe's configuration), `N` clients (node:http agents with a 60 s idle limit, as the load
 * generator's) each send a request, wait until about HAProxy's `timeout http-keep-alive` (10 s,
 * spread over ±60 ms) and send another. A client that keeps its idle connection that long sends the
 * second on a connection HAProxy is closing, and some are lost ("socket hang up"); one that follows
 * the answers' `Keep-Alive: timeout=10` has let it go a second before and opens a new one.
 *
 *   npx tsx bench/scripts/keep-alive-race.ts [clients=300]
 */
import { Agent, request } from 'node:http';
import { CLIENT_KEEP_ALIVE_S, startHaproxy } from '@venue/test-harness/haproxy';
import { IDLE_CONNECTION_MS } from '@venue/test-harness/http-client';
import { startServer } from '@venue/test-harness/server';

const CLIENTS = Number(process.argv[2] ?? 300);
const SPREAD_MS = 120;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const server = await startServer({ env: { KITCHEN_SIMULATOR: 'off', RATE_LIMIT_MAX: '100000', LOG_LEVEL: 'warn' } });
const node = new URL(server.url);
const haproxy = await startHaproxy({ backends: [{ host: node.hostname, port: Number(node.port) }] });
try {
  const target = new URL(haproxy.url);
  const get = (agent: Agent) =>
    new Promise<{ reused: boolean; keepAlive: string | undefined }>((resolve, reject) => {
      const req = request({ host: target.hostname, port: Number(target.port), path: '/v1/time', agent }, (res) => {
        res.resume();
        res.on('end', () => resolve({ reused: req.reusedSocket, keepAlive: res.headers['keep-alive']?.toString() }));
      });
      req.on('error', reject);
      req.end();
    });
  let lost = 0;
  let reused = 0;
  let hint: string | undefined;
  const errors = new Set<string>();
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, i) => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1, timeout: IDLE_CONNECTION_MS });
      try {
        hint = (await get(agent)).keepAlive;
        await sleep(CLIENT_KEEP_ALIVE_S * 1000 - SPREAD_MS / 2 + (i * SPREAD_MS) / CLIENTS);
        if ((await get(agent)).reused) reused += 1;
      } catch (error) {
        lost += 1;
        errors.add(error instanceof Error ? error.message : String(error));
      } finally {
        agent.destroy();
      }
    }),
  );
  console.log(
    `Keep-Alive through HAProxy: ${hint ?? '(none)'}; ${CLIENTS} requests sent ${CLIENT_KEEP_ALIVE_S} s ± ${SPREAD_MS / 2} ms ` +
      `after the one before: ${lost} lost${errors.size ? ` (${[...errors].join(', ')})` : ''}, ${reused} on a kept connection`,
  );
} finally {
  await haproxy.stop();
  await server.stop();
}
