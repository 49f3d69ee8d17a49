/**
 * Safe retries for calls that charge or settle a payment. A client sends `Idempotency-Key` with a
 * value it keeps for one attempt; the first request with that key runs, its answer (success or a
 * 4xx refusal) is kept, and the same request sent again gets that answer without running again.
 * The key is scoped to the signing consumer and the call. Reusing a key for a different request
 * answers 422; a retry arriving while the first request still runs answers 409. An unexpected
 * failure (5xx, the database away) forgets the key, so a retry runs afresh.
 *
 * A first request can also die half way: its process killed, or its database gone before the
 * answer could be kept (and the key forgotten). Its key then stays "being processed", so each key
 * records which process runs it. A retry takes the key over — and runs the call again, which the
 * calls themselves make safe (a settled payment settles once) — when that process is this one and
 * no longer runs the key, when it was a process on this machine that has exited, or when the first
 * request started longer than `ABANDONED_AFTER_MS` ago, far longer than any answer takes.
 *
 * On PostgreSQL a call may claim and answer its key inside its own statements (StatementKey),
 * which saves the two round trips of a claim and an answer of their own.
 */
import { hash, randomBytes } from 'node:crypto';
import { readlinkSync } from 'node:fs';
import { hostname } from 'node:os';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PostgresAdapter, type Kysely, type Selectable } from 'kysely';
import { z } from 'zod';
import type { Database, IdempotentRequestsTable } from '../db/schema.ts';
import { HttpError, reasonPhrase } from './http-error.ts';
import {
  answerCte,
  claimCte,
  type CarriedAnswer,
  type CarriedClaim,
  deleteIdempotentRequest,
  findIdempotentRequest,
  insertIdempotentRequest,
  keepIdempotentAnswer,
  takeOverIdempotentRequest,
  type IdempotencyKeyOf,
  type TextPart,
} from './idempotency.repository.ts';
import type { Part } from '../db/prepared.ts';

export const REQUIRED_KEY_MESSAGE =
  'Idempotency-Key is required: send one value per order attempt, and the same value when retrying it.';

const IdempotencyKey = z
  .string({ error: (issue) => (issue.input === undefined ? REQUIRED_KEY_MESSAGE : undefined) })
  .regex(/^[\w.:-]{1,100}$/, 'Idempotency-Key: up to 100 letters, digits and . _ : -');

/** The optional header, as route schemas declare it. */
export const IdempotencyHeaders = z.object({ 'idempotency-key': IdempotencyKey.optional() });

/**
 * The header a call must carry: place-order, where a replayed request without one would make a
 * second Pending order (its basket, stock held, a second order the customer never meant).
 */
export const RequiredIdempotencyHeaders = z.object({ 'idempotency-key': IdempotencyKey });

export const KEY_REUSED_MESSAGE = 'This Idempotency-Key was used for a different request.';
export const IN_PROGRESS_MESSAGE =
  'The first request with this Idempotency-Key is still being processed. Please try again shortly.';

function requestHash(request: FastifyRequest): string {
  return hash('sha256', `${request.method} ${request.url}\n${request.rawBody ?? ''}`, 'hex');
}

/** A first request that started this long ago and has no answer yet is taken to have died. */
export const ABANDONED_AFTER_MS = 60_000;

/**
 * This process, as recorded on the keys it runs: pid, a random id of this start, and the machine
 * (host name and, on Linux, the pid namespace, so a pid is only ever looked up where it means the
 * same process).
 */
function machineId(): string {
  let namespace = '';
  try {
    namespace = readlinkSync('/proc/self/ns/pid');
  } catch {
    // not Linux: the host name alone
  }
  return `${hostname()}${namespace ? `/${namespace}` : ''}`;
}
const MACHINE = machineId();
export const PROCESS_OWNER = `${process.pid}:${randomBytes(6).toString('hex')}:${MACHINE}`;

/** Keys this process is running right now (consumer, call, key). */
const running = new Set<string>();

function processExited(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/** Whether a first request without an answer can no longer be running. */
export function isAbandoned(
  row: Pick<Selectable<IdempotentRequestsTable>, 'owner' | 'created_at'>,
  nowMs: number,
  owner = PROCESS_OWNER,
): boolean {
  // This process checks `running` before it gets here, so its own key is not running any more.
  if (row.owner === owner) return true;
  const match = row.owner ? /^(\d+):[^:]*:(.*)$/.exec(row.owner) : null;
  if (match && match[2] === MACHINE && processExited(Number(match[1]))) return true;
  return nowMs - row.created_at > ABANDONED_AFTER_MS;
}

type Claim = { run: true; tookOverFrom?: string | null } | { run: false; statusCode: number; body: string | null };

export const TAKEOVER_LOG_MESSAGE = 'took over an Idempotency-Key its first request left unanswered';

/** Makes this request the one that runs the key, or finds the answer (or refusal) it gets instead. */
async function claim(
  db: Kysely<Database>,
  where: { consumer_id: string; scope: string; idem_key: string },
  hash: string,
  nowMs: number,
): Promise<Claim> {
  try {
    await insertIdempotentRequest(db, {
      ...where,
      request_hash: hash,
      status_code: null,
      response_body: null,
      created_at: nowMs,
      owner: PROCESS_OWNER,
    });
    return { run: true };
  } catch (error) {
    const existing = await findIdempotentRequest(db, where);
    if (!existing) throw error;
    if (existing.request_hash !== hash) throw new HttpError(422, KEY_REUSED_MESSAGE);
    if (existing.status_code !== null) {
      return { run: false, statusCode: existing.status_code, body: existing.response_body };
    }
    if (!isAbandoned(existing, nowMs)) throw new HttpError(409, IN_PROGRESS_MESSAGE);
    // Take it over, unless another retry just did (or the first request answered after all).
    if (!(await takeOverIdempotentRequest(db, existing, PROCESS_OWNER, nowMs)))
      throw new HttpError(409, IN_PROGRESS_MESSAGE);
    return { run: true, tookOverFrom: existing.owner };
  }
}

/** A claim carried by a call's first statement found the key held by another request. */
class KeyHeld extends Error {}

/**
 * PostgreSQL: an Idempotency-Key that the call's own statements claim and answer, instead of two
 * statements of their own (round trips, on this engine). The call puts claim() into its first
 * statement, before anything it changes (the claim is written whether or not that statement finds
 * a row); it may put answer() into the write whose result is the call's answer, kept only when
 * that write did what the answer says. A key found held throws, and the call is left: the key is
 * then claimed by a statement of its own, which replays, refuses or takes over as always.
 */
export class StatementKey {
  private claimedHere = false;
  /** the status code of an answer a statement kept */
  private keptStatus: number | null = null;

  constructor(readonly row: IdempotencyKeyOf & { request_hash: string; created_at: number; owner: string }) {}

  get claimed(): boolean {
    return this.claimedHere;
  }

  get answeredWith(): number | null {
    return this.keptStatus;
  }

  /** The claim for the call's first statement; null once claimed. */
  claim(): CarriedClaim | null {
    if (this.claimedHere) return null;
    return {
      cte: claimCte(this.row),
      claimed: (count) => {
        if (Number(count) !== 1) throw new KeyHeld();
        this.claimedHere = true;
      },
    };
  }

  /**
   * The answer for the call's last write: `body` is the call's result as JSON text (an SQL
   * expression), kept only `when` the condition holds. Null while the key is not claimed here.
   */
  answer(body: TextPart, when: Part | null, statusCode = 200): CarriedAnswer | null {
    if (!this.claimedHere) return null;
    return {
      cte: answerCte(this.row, statusCode, body, when),
      answered: (count) => {
        if (Number(count) === 1) this.keptStatus = statusCode;
      },
    };
  }
}

export async function idempotent<T>(
  db: Kysely<Database>,
  request: FastifyRequest,
  reply: FastifyReply,
  call: {
    consumerId: string;
    scope: string;
    nowMs: number;
    /** the call claims and answers its key in its own statements when it can (StatementKey) */
    inStatements?: boolean;
  },
  run: (key: StatementKey | null) => Promise<T>,
): Promise<T> {
  const header = request.headers['idempotency-key'];
  const key = typeof header === 'string' ? header : undefined;
  if (!key) return run(null);
  const hash = requestHash(request);
  const where = { consumer_id: call.consumerId, scope: call.scope, idem_key: key };
  const local = JSON.stringify([call.consumerId, call.scope, key]);
  if (running.has(local)) throw new HttpError(409, IN_PROGRESS_MESSAGE);
  running.add(local);
  try {
    if (call.inStatements && db.getExecutor().adapter instanceof PostgresAdapter) {
      const carried = new StatementKey({ ...where, request_hash: hash, created_at: call.nowMs, owner: PROCESS_OWNER });
      try {
        return await runClaimed(db, reply, where, run, carried);
      } catch (error) {
        if (!(error instanceof KeyHeld)) throw error;
        // Held by another request: claimed below, which says what this request gets instead.
      }
    }
    const claimed = await claim(db, where, hash, call.nowMs);
    if (!claimed.run) {
      reply.code(claimed.statusCode).header('Idempotent-Replayed', 'true');
      return JSON.parse(claimed.body ?? 'null') as T;
    }
    if (claimed.tookOverFrom !== undefined) {
      request.log.warn({ scope: call.scope, owner: claimed.tookOverFrom }, TAKEOVER_LOG_MESSAGE);
    }
    return await runClaimed(db, reply, where, run);
  } finally {
    running.delete(local);
  }
}

/**
 * Runs a call under its claimed key and keeps its answer (a refusal too), or frees the key when it
 * failed otherwise. A call given a StatementKey claims the key in its own first statement: until
 * then nothing of the key is written, and an answer its statements kept is not written again.
 */
async function runClaimed<T>(
  db: Kysely<Database>,
  reply: FastifyReply,
  where: IdempotencyKeyOf,
  run: (key: StatementKey | null) => Promise<T>,
  carried: StatementKey | null = null,
): Promise<T> {
  try {
    const result = await run(carried);
    if (carried && !carried.claimed) {
      // A call that answered without ever reading: its key and answer in one row.
      await insertIdempotentRequest(db, {
        ...carried.row,
        status_code: reply.statusCode,
        response_body: JSON.stringify(result),
        owner: null,
      });
    } else if (carried?.answeredWith !== reply.statusCode) {
      await keepIdempotentAnswer(db, where, reply.statusCode, JSON.stringify(result));
    }
    return result;
  } catch (error) {
    // A carried key not claimed yet: nothing of it was written (the first statement failed or never ran).
    if (error instanceof KeyHeld || (carried && !carried.claimed)) throw error;
    if (error instanceof HttpError && error.statusCode < 500) {
      await keepIdempotentAnswer(
        db,
        where,
        error.statusCode,
        JSON.stringify({
          ...error.details,
          statusCode: error.statusCode,
          error: reasonPhrase(error.statusCode),
          message: error.message,
        }),
      );
    } else {
      await deleteIdempotentRequest(db, where).catch(() => undefined);
    }
    throw error;
  }
}
