/** The start every Server-Sent Events route shares: the reply taken over and its stream headers. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { OutgoingHttpHeaders } from 'node:http';

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
