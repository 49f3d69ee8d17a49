/** The bearer-token check of the operations API: `Authorization: Bearer <OPS_TOKEN>`. */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from '../plugins/error-handler.ts';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Compares in constant time: hashing first gives equal lengths, so nothing leaks the token's length. */
export function tokenMatches(presented: string, expected: string): boolean {
  return timingSafeEqual(digest(presented), digest(expected));
}

/** An onRequest hook answering 401 JSON unless the request carries the token. */
export function requireOpsToken(token: string) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (match?.[1] && tokenMatches(match[1], token)) return;
    reply.header('WWW-Authenticate', 'Bearer realm="ops"');
    return sendError(
      reply,
      401,
      match ? 'The operations token is not valid.' : 'Send the operations token as Authorization: Bearer <token>.',
    );
  };
}
