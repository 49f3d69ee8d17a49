/**
 * Safe retries for calls that charge or settle a payment. A client sends `Idempotency-Key` with a
 * value it keeps for one attempt; the first request with that key runs, its answer (success or a
 * 4xx refusal) is kept, and the same request sent again gets that answer without running again.
 * The key is scoped to the signing consumer and the call. Reusing a key for a different request
 * answers 422; a retry arriving while the first request still runs answers 409. An unexpected
 * failure (5xx, the database away) forgets the key, so a retry runs afresh.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db/schema.ts';
import { HttpError, reasonPhrase } from './http-error.ts';

/** The optional header, as route schemas declare it. */
export const IdempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .regex(/^[\w.:-]{1,100}$/, 'Idempotency-Key: up to 100 letters, digits and . _ : -')
    .optional(),
});

export const KEY_REUSED_MESSAGE = 'This Idempotency-Key was used for a different request.';
export const IN_PROGRESS_MESSAGE =
  'The first request with this Idempotency-Key is still being processed. Please try again shortly.';

function requestHash(request: FastifyRequest): string {
  return createHash('sha256')
    .update(`${request.method} ${request.url}\n${request.rawBody ?? ''}`)
    .digest('hex');
}

export async function idempotent<T>(
  db: Kysely<Database>,
  request: FastifyRequest,
  reply: FastifyReply,
  call: { consumerId: string; scope: string; nowMs: number },
  run: () => Promise<T>,
): Promise<T> {
  const header = request.headers['idempotency-key'];
  const key = typeof header === 'string' ? header : undefined;
  if (!key) return run();
  const hash = requestHash(request);
  const where = { consumer_id: call.consumerId, scope: call.scope, idem_key: key };

  try {
    await db
      .insertInto('idempotent_requests')
      .values({ ...where, request_hash: hash, status_code: null, response_body: null, created_at: call.nowMs })
      .execute();
  } catch (error) {
    const existing = await db
      .selectFrom('idempotent_requests')
      .selectAll()
      .where('consumer_id', '=', where.consumer_id)
      .where('scope', '=', where.scope)
      .where('idem_key', '=', where.idem_key)
      .executeTakeFirst();
    if (!existing) throw error;
    if (existing.request_hash !== hash) throw new HttpError(422, KEY_REUSED_MESSAGE);
    if (existing.status_code === null) throw new HttpError(409, IN_PROGRESS_MESSAGE);
    reply.code(existing.status_code).header('Idempotent-Replayed', 'true');
    return JSON.parse(existing.response_body ?? 'null') as T;
  }

  const keep = (statusCode: number, body: unknown) =>
    db
      .updateTable('idempotent_requests')
      .set({ status_code: statusCode, response_body: JSON.stringify(body) })
      .where('consumer_id', '=', where.consumer_id)
      .where('scope', '=', where.scope)
      .where('idem_key', '=', where.idem_key)
      .execute();
  try {
    const result = await run();
    await keep(reply.statusCode, result);
    return result;
  } catch (error) {
    if (error instanceof HttpError && error.statusCode < 500) {
      await keep(error.statusCode, {
        ...error.details,
        statusCode: error.statusCode,
        error: reasonPhrase(error.statusCode),
        message: error.message,
      });
    } else {
      await db
        .deleteFrom('idempotent_requests')
        .where('consumer_id', '=', where.consumer_id)
        .where('scope', '=', where.scope)
        .where('idem_key', '=', where.idem_key)
        .execute()
        .catch(() => undefined);
    }
    throw error;
  }
}
