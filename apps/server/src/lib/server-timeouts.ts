/**
 * How long the HTTP server waits for a client. Without limits a client that sends its headers or
 * body a byte at a time holds a connection (and its memory) for as long as it likes; a few
 * thousand such clients hold them all.
 *
 * - `headersTimeout`: the request line and headers must all arrive within 10 s of the connection
 *   (or of the previous answer on a kept-alive connection).
 * - `requestTimeout`: the whole request, body included, within 30 s. Node counts it until the
 *   request has been received, not until the answer is sent, so an event stream (a GET whose
 *   answer lasts for hours) is not cut by it; the tests check that.
 * - `keepAliveTimeout`: an idle kept-alive connection is closed after 65 s, just longer than the
 *   idle timeout of common load balancers (60 s), so the balancer closes first and never sends a
 *   request on a connection the server is closing.
 * - `connectionTimeout`: a connection on which nothing at all is read or written for 2 minutes is
 *   destroyed. Event streams write a heartbeat every 15 s, so they stay.
 * - `checkIntervalMs`: how often Node looks for connections past the header and request limits
 *   (its default of 30 s would let a 10 s limit run to 40 s).
 * - `lingerMs`, `lingerBytes`: an answer that closes the connection before the request has all
 *   arrived (a body past the limit) keeps reading and discarding what the client still sends, for
 *   at most 2 s or 4 MiB, so that the client reads the answer instead of a reset
 *   (lib/lingering-close.ts).
 */
import type { FastifyServerOptions } from 'fastify';

export interface ServerTimeouts {
  headersTimeout: number;
  requestTimeout: number;
  keepAliveTimeout: number;
  connectionTimeout: number;
  checkIntervalMs: number;
  lingerMs: number;
  lingerBytes: number;
}

export const SERVER_TIMEOUTS: ServerTimeouts = {
  headersTimeout: 10_000,
  requestTimeout: 30_000,
  keepAliveTimeout: 65_000,
  connectionTimeout: 120_000,
  checkIntervalMs: 1_000,
  lingerMs: 2_000,
  lingerBytes: 4 * 1024 * 1024,
};

/** The Fastify (and Node http.createServer) options for these limits; tests shorten them. */
export function serverTimeoutOptions(overrides: Partial<ServerTimeouts> = {}) {
  const t = { ...SERVER_TIMEOUTS, ...overrides };
  return {
    connectionTimeout: t.connectionTimeout,
    keepAliveTimeout: t.keepAliveTimeout,
    requestTimeout: t.requestTimeout,
    http: {
      // Node refuses a header limit longer than the request limit.
      headersTimeout: Math.min(t.headersTimeout, t.requestTimeout),
      connectionsCheckingInterval: t.checkIntervalMs,
    },
  } satisfies Partial<FastifyServerOptions> & { http: object };
}
