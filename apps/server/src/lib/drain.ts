/**
 * Graceful drain (SIGTERM, SIGINT): the load balancer is told to stop sending traffic (GET /ready
 * answers 503, and answers close their connections), event streams end with a short reconnection
 * hint so their clients resume on another node, after DRAIN_DELAY_MS the listener stops accepting
 * connections, requests in flight finish, and idle keep-alive connections are closed. The caller
 * keeps a forced exit as a backstop.
 */
import type { FastifyInstance } from 'fastify';

/**
 * Streams reconnect after a random delay in this range (ms), so thousands of clients of a draining
 * node do not arrive at the other nodes in the same instant.
 */
export const DRAIN_RETRY_MIN_MS = 250;
export const DRAIN_RETRY_SPREAD_MS = 1_000;

/** How often connections that fell idle during the drain are closed (ms). */
const IDLE_SWEEP_MS = 50;

function drainRetryMs(): number {
  return DRAIN_RETRY_MIN_MS + Math.random() * DRAIN_RETRY_SPREAD_MS;
}

/**
 * Drains and closes the app; resolves once every request in flight has been answered.
 *
 * With `delayMs` (DRAIN_DELAY_MS, behind a load balancer), the node first goes on serving for that
 * long with /ready answering 503 and every answer closing its connection, until the balancer's
 * health checks have marked it down: a request the balancer sends meanwhile, on a new connection
 * or a kept-alive one, is answered, instead of meeting a connection closed under it.
 */
export async function drain(app: FastifyInstance, options: { delayMs?: number } = {}): Promise<void> {
  app.lifecycle.draining = true;
  // Streams are ended first: they never end by themselves, and closing the listener waits for them.
  app.eventStreams.closeAll({ retryMs: drainRetryMs });
  if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
  // Fastify stops listening, answers requests arriving on kept-alive connections with 503 and
  // `Connection: close`, closes the connections idle at that moment, and waits for the rest. A
  // connection whose request finishes later stays open (kept alive) and would hold the close up,
  // so idle connections are closed again until the server has closed.
  const idleSweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
  try {
    await app.close();
  } finally {
    clearInterval(idleSweep);
  }
}
