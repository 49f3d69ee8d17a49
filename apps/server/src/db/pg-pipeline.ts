/**
 * Statements that run alone share a few pipelined connections (decision 051).
 *
 * Most of an order's statements on PostgreSQL commit alone: they need no connection of their own,
 * only an answer. Through the pool, each such statement checked out a connection, waited for its
 * answer there and gave it back, so every statement woke its own PostgreSQL backend and then the
 * server, and concurrent requests' statements went out and came back one system call each. Here
 * they are written one after another on a shared connection without waiting for the answers before
 * (node-postgres's pipeline mode, each statement with its own Sync, so one that fails leaves the
 * others untouched), and a backend with several waiting runs them in one go.
 *
 * A transaction, or a session that holds an advisory lock across statements
 * (events.repository.ts's subject lock), needs a connection of its own: the first statement that
 * starts one (`begin`, `start transaction`, `set`, a session advisory lock) checks a connection out of
 * the pool, and every later statement of that Kysely connection goes there until it is released.
 *
 * A statement waits behind those sent before it on the same connection. So statements fill the
 * first shared connection while it keeps up (decision 052), and go on the next once the oldest
 * statement waiting there was sent PIPE_HELD_UP_MS ago. Code that holds a transaction or a session
 * lock sends its statements through that connection only, never through the shared ones: a
 * statement waiting there for the lock would hold up the very statement that would free it. `lock_timeout` bounds
 * such a wait anyway: the statement fails (503, the request may be sent again) instead of holding
 * its connection up.
 */
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import pg from 'pg';
import { nameStatementsOf, type StatementNames } from './pg-statement-names.ts';

/** How many shared connections a pool keeps for statements that run alone. */
export const PIPELINED_CONNECTIONS = 4;

/** The longest a statement on a shared connection waits for a lock before it fails. */
export const PIPELINE_LOCK_TIMEOUT_MS = 5_000;

/**
 * A shared connection whose oldest unanswered statement was sent longer ago than this is held up
 * (a slow statement, a lock, a busy database): the next statement goes on the next connection.
 */
export const PIPE_HELD_UP_MS = 50;

/** Statements that start something that must stay on one connection until it is released. */
const STARTS_SESSION = /^\s*(begin|start\s+transaction|set\s)/i;
/** A session-level advisory lock (`pg_advisory_lock`, `pg_try_advisory_lock`), anywhere in a statement. */
const SESSION_LOCK = 'advisory_lock(';

/** Whether `text` needs a connection of its own: a transaction, a setting, a session advisory lock. */
export function startsSession(text: string): boolean {
  // A plain search: a regular expression with the lock as an alternative tried it at every offset.
  return text.includes(SESSION_LOCK) || STARTS_SESSION.test(text);
}

interface Pipe {
  client: pg.Client;
  /** when each statement sent and not yet answered was sent (performance.now()), oldest first */
  sent: number[];
}

/**
 * A pool for Kysely's PostgreSQL dialect: connections handed out are lazy, sending statements that
 * run alone on the shared pipelined connections and checking one out of `pool` when a statement
 * starts a transaction or a session.
 */
export class PipelinedPool implements PostgresPool {
  readonly #pipes: Array<Pipe | undefined>;
  readonly #open: () => pg.Client;
  /** Kysely connections handed back, to hand out again (Kysely keeps a wrapper per client it meets). */
  readonly #free: LazyClient[] = [];
  #ended = false;

  constructor(
    readonly pool: pg.Pool,
    config: pg.ClientConfig,
    names: StatementNames,
    options: { connections?: number; onConnectionLost?: ((error: Error) => void) | undefined } = {},
  ) {
    this.#pipes = new Array<Pipe | undefined>(options.connections ?? PIPELINED_CONNECTIONS).fill(undefined);
    this.#open = () => {
      const client = new pg.Client({ ...config, pipeline: true, lock_timeout: PIPELINE_LOCK_TIMEOUT_MS });
      nameStatementsOf(client, names);
      client.on('error', (error) => options.onConnectionLost?.(error));
      return client;
    };
  }

  /**
   * The first shared connection that is not held up, opened (again) if need be; when all are held
   * up, the one with the fewest answers outstanding. Statements queue on one connection while its
   * backend keeps up with them: it runs them one after another without going idle, and their
   * answers come back together. Spread over idle backends, each statement woke one, which cost the
   * database about a quarter more CPU per order (decision 052). `now`: performance.now().
   */
  #pipe(now: number): Pipe {
    let best: Pipe | undefined;
    for (let index = 0; index < this.#pipes.length; index += 1) {
      let pipe = this.#pipes[index];
      if (pipe === undefined) {
        pipe = this.#connect(index);
        this.#pipes[index] = pipe;
      }
      if (pipe.sent.length === 0 || now - pipe.sent[0]! < PIPE_HELD_UP_MS) return pipe;
      if (best === undefined || pipe.sent.length < best.sent.length) best = pipe;
    }
    return best!;
  }

  #connect(index: number): Pipe {
    const client = this.#open();
    const pipe: Pipe = { client, sent: [] };
    // A broken connection leaves its slot; the next statement opens another there.
    const drop = () => {
      if (this.#pipes[index] === pipe) this.#pipes[index] = undefined;
    };
    client.once('end', drop);
    client.on('error', drop);
    // A failed connect ends the client, which fails its statements (and drops it above).
    client.connect().catch(() => undefined);
    return pipe;
  }

  /** Runs one statement that commits alone on a shared connection. */
  async runAlone(text: string, values: unknown[]): Promise<pg.QueryResult> {
    if (this.#ended) throw new Error('Client was closed and is not queryable');
    const now = performance.now();
    const pipe = this.#pipe(now);
    pipe.sent.push(now);
    try {
      return await pipe.client.query(text, values);
    } finally {
      // Answers come back in the order sent: this statement's is the oldest outstanding.
      pipe.sent.shift();
    }
  }

  /** What Kysely's driver calls for each statement, transaction or session. */
  async connect(): Promise<PostgresPoolClient> {
    // Kysely sends statements as text and values only (no cursors here): LazyClient.query.
    return (this.#free.pop() ?? new LazyClient(this, this.#free)) as unknown as PostgresPoolClient;
  }

  async end(): Promise<void> {
    this.#ended = true;
    const pipes = this.#pipes.splice(0).filter((pipe): pipe is Pipe => pipe !== undefined);
    await Promise.all([this.pool.end(), ...pipes.map((pipe) => pipe.client.end().catch(() => undefined))]);
  }
}

/** One Kysely connection: shared connections until a statement starts a session, then its own. */
class LazyClient {
  #own: pg.PoolClient | undefined;

  constructor(
    private readonly owner: PipelinedPool,
    private readonly free: LazyClient[],
  ) {}

  async query(text: string, values: unknown[]): Promise<pg.QueryResult> {
    if (this.#own) return this.#own.query(text, values);
    if (!startsSession(text)) return this.owner.runAlone(text, values);
    this.#own = await this.owner.pool.connect();
    return this.#own.query(text, values);
  }

  release(): void {
    this.#own?.release();
    this.#own = undefined;
    this.free.push(this);
  }
}
