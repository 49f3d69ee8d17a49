/** The start every Server-Sent Events route shares: the reply taken over and its stream headers. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { OutgoingHttpHeaders } from 'node:http';
import { clientKey } from './client-key.ts';
import { HttpError } from './http-error.ts';
import type { StreamClaim, StreamLimits } from './stream-limits.ts';

/**
 * Takes the reply over (written straight to the socket: no compression, no serializer, flushed
 * event by event) and answers the stream's headers; a HEAD request is answered here with the
 * headers only (it must not hold a connection open as a stream does), and gets null.
 */
export function hijackEventStream(
  request: FastifyRequest,
  reply: FastifyReply,
  cacheControl: 'no-cache' | 'no-store',
): OutgoingHttpHeaders | null {
  reply.hijack();
  const headers: OutgoingHttpHeaders = {
    ...(reply.getHeaders() as OutgoingHttpHeaders),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': cacheControl,
    // Proxies (nginx) must pass each event on at once, not buffer the stream.
    'x-accel-buffering': 'no',
  };
  if (request.method !== 'HEAD') return headers;
  reply.raw.writeHead(200, headers);
  reply.raw.end();
  return null;
}

/**
 * Admits a new stream under the caps of `limits` (its claims, plus its client address unless the
 * caller is on this host), or sets `Retry-After` and throws the 429 or 503 to answer.
 */
export function admitEventStream(
  limits: StreamLimits,
  request: FastifyRequest,
  reply: FastifyReply,
  claims: StreamClaim[],
  options: { localCaller: boolean; perAddress: number },
): void {
  const all = options.localCaller
    ? claims
    : [...claims, { key: `address:${clientKey(request.ip)}`, max: options.perAddress, what: 'this address' }];
  const refusal = limits.admit(reply.raw, all);
  if (!refusal) return;
  reply.header('Retry-After', String(refusal.retryAfterSeconds));
  throw new HttpError(refusal.statusCode, refusal.message);
}
