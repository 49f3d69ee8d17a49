/**
 * SQLite with group commit (docs/decisions/043-sqlite-group-commit.md). Every write outside a
 * transaction used to be a commit of its own, and an order made about a dozen: most of what SQLite
 * costs an order was committing. Here the writes that requests make over a few turns of the event
 * loop (BATCH_TURNS) share one transaction, committed once those turns' I/O has been handled
 * (setImmediate).
 *
 * What a caller sees does not change: a statement's result is handed back only once the
 * transaction that holds it has committed, so nothing is answered, published or acted on before it
 * is durable, exactly as when each statement committed by itself. If that commit fails, every
 * statement of the batch fails with it (and none of them is kept). A read while a batch is open
 * waits for it too (it may see the batch's writes); a read with none open answers at once.
 *
 * A Kysely transaction is a savepoint inside the batch: it has the connection to itself from its
 * `begin` to its `commit` (other statements wait, as with Kysely's own driver), a rollback undoes
 * only its own statements, and its commit returns once the batch holding it has committed. Schema
 * changes and pragmas run outside any batch, after the open one has committed. A streamed read
 * (iterate) holds the connection until it ends, as with Kysely's own driver.
 */
import type SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  SelectQueryNode,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';

/** What the driver needs of the connection: statements by SQL text (kept prepared), and its state. */
export interface StatementSource {
  prepare(sql: string): SQLite.Statement;
  /** whether a transaction is open on the connection */
  inTransaction(): boolean;
  close(): void;
}

/** Statements that must not run inside a batch: schema changes, pragmas, transaction control. */
const OUTSIDE_BATCH =
  /^\s*(pragma|create|drop|alter|vacuum|attach|detach|reindex|analyze|begin|commit|end|rollback|savepoint|release)\b/i;

/** The name of the savepoint a Kysely transaction runs in. */
const TRANSACTION_SAVEPOINT = 'kysely_transaction';

// Taken when the module loads: tests that fake timers must not stop the database committing.
const nextTurn = globalThis.setImmediate;
const later = globalThis.setTimeout;

/** How long a write waits between tries while another connection holds the write lock. */
const BUSY_RETRY_MS = 1;

/** SQLITE_BUSY, or an extended code of it (SQLITE_BUSY_RECOVERY: another connection is recovering the WAL). */
const isBusy = (error: unknown): boolean => /^SQLITE_BUSY/.test(String((error as { code?: unknown } | null)?.code));

/**
 * How many turns of the event loop a batch stays open: it commits at the end of the third turn
 * that it was open in. Each turn handles the I/O that arrived meanwhile, so a batch open for more
 * turns takes in more requests' writes: fewer commits, and the requests that wait on them go on
 * together, in fuller turns. Under the checkout bench, three turns against one cost the server
 * 0.80 of the CPU per order (20 customers) with no worse p99; a fourth saved nothing more
 * (decision 043). An idle server's turns take microseconds: a lone write waits hardly longer.
 */
export const BATCH_TURNS = 3;

interface Batch {
  /** settles when the batch has committed (or failed to) */
  done: Promise<void>;
  resolve(): void;
  reject(error: unknown): void;
  /** its commit has been called for: new transactions wait for the next batch */
  closing: boolean;
}

/** A lock with a queue: transactions and streamed reads hold it; everything else waits until it is free. */
class Lock {
  #held: Promise<void> | null = null;
  #release: (() => void) | null = null;

  get held(): boolean {
    return this.#held !== null;
  }

  async acquire(): Promise<void> {
    while (this.#held) await this.#held;
    this.#held = new Promise((resolve) => (this.#release = resolve));
  }

  release(): void {
    const release = this.#release;
    this.#held = null;
    this.#release = null;
    release?.();
  }

  /** Resolves once nobody holds the lock (check `held` again: another may have taken it first). */
  async free(): Promise<void> {
    while (this.#held) await this.#held;
  }
}

/** Turns a row read as an array (raw mode) into an object keyed by its columns' names. */
interface RowBuilder {
  build: (values: unknown[]) => Record<string, unknown>;
  /** how many columns the statement had when the builder was made */
  width: number;
}

/**
 * One builder per prepared statement, made from its columns. better-sqlite3 builds each row's
 * object key by key, which costs more than reading the row; a builder that writes the object as one
 * literal lets V8 give all of a statement's rows one shape at once. Same keys, same values, same
 * order as better-sqlite3's own rows (a name that appears twice keeps its last value, as there).
 * Dropped when the schema changes, since a statement's columns may change with it.
 */
let builders = new WeakMap<SQLite.Statement, RowBuilder>();

function builderOf(statement: SQLite.Statement): RowBuilder {
  let builder = builders.get(statement);
  if (!builder) {
    const names = statement.columns().map((column) => column.name);
    const fields = names.map((name, index) => `${JSON.stringify(name)}: values[${index}]`);
    // The text is made only of the statement's column names, quoted as JSON strings.
    const build = new Function('values', `return { ${fields.join(', ')} };`) as RowBuilder['build'];
    builder = { build, width: names.length };
    statement.raw(true);
    builders.set(statement, builder);
  }
  return builder;
}

/** The builder for rows of this width: another width than the builder's means the schema changed under the statement. */
function builderFor(statement: SQLite.Statement, builder: RowBuilder, width: number): RowBuilder {
  if (width === builder.width) return builder;
  builders.delete(statement);
  return builderOf(statement);
}

function rowsOf(statement: SQLite.Statement, parameters: readonly unknown[]): unknown[] {
  const builder = builderOf(statement); // sets the statement to read rows as arrays
  const rows = statement.all(parameters) as unknown[][];
  if (rows.length === 0) return rows;
  const { build } = builderFor(statement, builder, rows[0]!.length);
  const objects = new Array<unknown>(rows.length);
  for (let index = 0; index < rows.length; index += 1) objects[index] = build(rows[index]!);
  return objects;
}

function resultOf(statement: SQLite.Statement, parameters: readonly unknown[]): QueryResult<unknown> {
  if (statement.reader) return { rows: rowsOf(statement, parameters) };
  const { changes, lastInsertRowid } = statement.run(parameters);
  return {
    numAffectedRows: BigInt(changes),
    insertId: BigInt(lastInsertRowid),
    rows: [],
  };
}

class GroupCommitConnection implements DatabaseConnection {
  /** inside a Kysely transaction: its statements run at once, without waiting for the lock */
  inTransaction = false;

  constructor(private readonly driver: GroupCommitDriver) {}

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return this.driver.execute(this, query) as Promise<QueryResult<R>>;
  }

  streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    return this.driver.stream(this, query) as AsyncIterableIterator<QueryResult<R>>;
  }
}

export class GroupCommitDriver implements Driver {
  readonly #source: StatementSource;
  readonly #lock = new Lock();
  #batch: Batch | null = null;
  #closed = false;
  /** the connection's busy_timeout (#busyTimeout) */
  #busyTimeoutMs: number | undefined;
  /** the busy error of the last try to open a batch */
  #busy: unknown = null;
  /** resolves when the writes waiting for the write lock try again */
  #retry: Promise<void> | null = null;

  constructor(source: StatementSource) {
    this.#source = source;
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new GroupCommitConnection(this);
  }

  async releaseConnection(): Promise<void> {}

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const since = performance.now();
    for (;;) {
      // A batch whose commit is waiting for the lock commits before another transaction takes it.
      while (this.#batch?.closing) await this.#batch.done.catch(() => undefined);
      await this.#lock.acquire();
      let opened: Batch | null;
      try {
        opened = this.#tryOpen();
        if (opened) this.#source.prepare(`savepoint ${TRANSACTION_SAVEPOINT}`).run();
      } catch (error) {
        this.#lock.release();
        throw error;
      }
      if (opened) break;
      // Another connection writes: the connection is free for reads meanwhile.
      this.#lock.release();
      await this.#writeLockWait(since);
    }
    (connection as GroupCommitConnection).inTransaction = true;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const batch = this.#batch;
    this.#endTransaction(connection, () => this.#source.prepare(`release ${TRANSACTION_SAVEPOINT}`).run());
    await batch?.done;
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    // A commit that failed has ended the transaction already.
    if (!(connection as GroupCommitConnection).inTransaction) return;
    this.#endTransaction(connection, () => {
      // A failure that ended the whole transaction took the savepoint with it.
      if (!this.#source.inTransaction()) return;
      this.#source.prepare(`rollback to ${TRANSACTION_SAVEPOINT}`).run();
      this.#source.prepare(`release ${TRANSACTION_SAVEPOINT}`).run();
    });
  }

  async destroy(): Promise<void> {
    if (this.#closed) return;
    await this.#flush();
    this.#closed = true;
    this.#source.close();
  }

  /** One statement of a connection, in the open batch (or one it opens) unless it must run outside. */
  async execute(connection: GroupCommitConnection, query: CompiledQuery): Promise<QueryResult<unknown>> {
    if (connection.inTransaction) return this.#run(query);
    if (OUTSIDE_BATCH.test(query.sql)) {
      // Run once no batch is open and nothing holds the connection (the run itself is synchronous).
      while (this.#batch || this.#lock.held) {
        await this.#flush();
        await this.#lock.free();
      }
      // A schema change may change what a prepared statement's columns are; a pragma, the busy timeout.
      builders = new WeakMap();
      this.#busyTimeoutMs = undefined;
      return resultOf(this.#source.prepare(query.sql), query.parameters);
    }
    const since = performance.now();
    let statement: SQLite.Statement;
    let batch: Batch | null;
    for (;;) {
      while (this.#lock.held) await this.#lock.free();
      statement = this.#source.prepare(query.sql);
      if (statement.readonly && !this.#batch) return resultOf(statement, query.parameters);
      batch = statement.readonly ? this.#batch! : this.#tryOpen();
      if (batch) break;
      await this.#writeLockWait(since);
    }
    let result: QueryResult<unknown>;
    try {
      result = this.#run(query, statement);
    } catch (error) {
      // A refusal (a unique key taken by a write of this batch) is answered once that write is durable too.
      await batch.done.catch(() => undefined);
      throw error;
    }
    await batch.done;
    return result;
  }

  async *stream(connection: GroupCommitConnection, query: CompiledQuery): AsyncIterableIterator<QueryResult<unknown>> {
    if (!SelectQueryNode.is(query.query)) throw new Error('SQLite streams only select queries');
    const holds = !connection.inTransaction;
    if (holds) await this.#lock.acquire();
    try {
      const statement = this.#source.prepare(query.sql);
      let builder = builderOf(statement);
      for (const values of statement.iterate(query.parameters) as IterableIterator<unknown[]>) {
        builder = builderFor(statement, builder, values.length);
        yield { rows: [builder.build(values)] };
      }
    } finally {
      if (holds) this.#lock.release();
    }
  }

  /** Runs a statement where the connection stands; a failure that ended the batch's transaction fails the batch. */
  #run(query: CompiledQuery, statement = this.#source.prepare(query.sql)): QueryResult<unknown> {
    try {
      return resultOf(statement, query.parameters);
    } catch (error) {
      const batch = this.#batch;
      if (batch && !this.#source.inTransaction()) {
        // SQLite rolled the whole transaction back (a full disk, an I/O error): nothing of it is kept.
        this.#batch = null;
        batch.reject(error);
      }
      throw error;
    }
  }

  #endTransaction(connection: DatabaseConnection, end: () => void): void {
    (connection as GroupCommitConnection).inTransaction = false;
    try {
      end();
    } finally {
      this.#lock.release();
    }
  }

  /**
   * The open batch, or a new one whose transaction begins now and commits BATCH_TURNS turns from
   * now; null while another connection holds the write lock (the WAL checkpointer restarting the
   * WAL, a backup, another process), without waiting for it.
   *
   * SQLite's own wait for a lock (busy_timeout) sleeps the thread, which here is the server's only
   * one: every request froze while the checkpointer's restarting checkpoint held the lock, for its
   * few milliseconds and SQLite's sleeps of 1, 2, 5 and 10 ms between tries (under the checkout
   * bench, about once per 200 orders, for 13 ms on average). Here the lock is tried without
   * waiting, and the write tries again a millisecond later while the event loop goes on.
   */
  #tryOpen(): Batch | null {
    if (this.#batch) return this.#batch;
    if (this.#closed) throw new Error('The database is closed.');
    // Writes that come while others wait for the lock wait with them for the next try.
    if (this.#retry) return null;
    const timeout = this.#busyTimeout();
    this.#source.prepare('pragma busy_timeout = 0').get();
    try {
      // Takes the write lock at once: a reader turned writer could not wait for it (SQLITE_BUSY).
      this.#source.prepare('begin immediate').run();
    } catch (error) {
      if (!isBusy(error)) throw error;
      this.#busy = error;
      return null;
    } finally {
      this.#source.prepare(`pragma busy_timeout = ${timeout}`).get();
    }
    let resolve!: () => void;
    let reject!: (error: unknown) => void;
    const done = new Promise<void>((ok, fail) => {
      resolve = ok;
      reject = fail;
    });
    // Waited on by the statements that are in it; one that nothing waits on is not an unhandled error.
    done.catch(() => undefined);
    const batch: Batch = { done, resolve, reject, closing: false };
    this.#batch = batch;
    this.#commitAfter(batch, BATCH_TURNS);
    return batch;
  }

  /**
   * Waits a moment before a write tries the lock again, or fails with SQLite's busy error once the
   * write has waited as long as the connection's busy_timeout would have.
   */
  async #writeLockWait(since: number): Promise<void> {
    if (performance.now() - since >= this.#busyTimeout()) throw this.#busy;
    // One timer for every write waiting: the first to try again opens the batch the others join.
    this.#retry ??= new Promise((resolve) =>
      later(() => {
        this.#retry = null;
        resolve();
      }, BUSY_RETRY_MS),
    );
    await this.#retry;
  }

  /** The connection's busy_timeout (ms), read once and again after a pragma. */
  #busyTimeout(): number {
    return (this.#busyTimeoutMs ??= Number(
      Object.values(this.#source.prepare('pragma busy_timeout').get() as object)[0],
    ));
  }

  /** Commits the batch at the end of the `turns`-th turn of the loop from now. */
  #commitAfter(batch: Batch, turns: number): void {
    nextTurn(() => (turns > 1 ? this.#commitAfter(batch, turns - 1) : void this.#commit(batch)));
  }

  async #commit(batch: Batch): Promise<void> {
    batch.closing = true;
    // A transaction or a streamed read under way ends first (SQLite cannot commit under either).
    while (this.#lock.held) await this.#lock.free();
    if (this.#batch !== batch) return; // already failed
    this.#batch = null;
    try {
      this.#source.prepare('commit').run();
      batch.resolve();
    } catch (error) {
      try {
        if (this.#source.inTransaction()) this.#source.prepare('rollback').run();
      } catch {
        // the rollback's own failure adds nothing to the commit's
      }
      batch.reject(error);
    }
  }

  /** Commits the open batch now (its commit was due on the next turn). */
  async #flush(): Promise<void> {
    const batch = this.#batch;
    if (!batch) return;
    if (!batch.closing) void this.#commit(batch);
    await batch.done.catch(() => undefined);
  }
}

/** Kysely's SQLite dialect with the group-commit driver. */
export class GroupCommitDialect implements Dialect {
  constructor(private readonly source: StatementSource) {}

  createDriver(): Driver {
    return new GroupCommitDriver(this.source);
  }

  createQueryCompiler() {
    return new SqliteQueryCompiler();
  }

  createAdapter() {
    return new SqliteAdapter();
  }

  createIntrospector(db: Kysely<unknown>) {
    return new SqliteIntrospector(db);
  }
}
