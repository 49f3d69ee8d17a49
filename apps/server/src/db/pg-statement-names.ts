/**
 * PostgreSQL parses, analyses and rewrites an unnamed statement on every run: for the checkout's
 * statements (common table expressions, JSON, sub-selects) that was a large part of the
 * database's work per order (decision 047). A statement sent with a name is parsed once per
 * connection; PostgreSQL can then keep its plan (see REPLAN_AFTER_RUNS).
 *
 * The server's statements are few texts run many times, and their values always travel as
 * parameters. A text is named the second time it is sent (one-off texts, such as a catalogue
 * import's long inserts, stay unnamed), up to `max` names; each connection then parses it the first
 * time it meets it. Names are shared by all connections, since node-postgres checks that a name
 * always carries the same text.
 *
 * A named statement whose result columns changed under it (a newer release added a column to a
 * table a `select *` reads, during a rolling upgrade) fails with "cached plan must not change
 * result type": that text is then never named again, and the call is sent again unnamed.
 */
import pg from 'pg';

/**
 * How many texts get names at most: well above the server's own statements, while texts made from
 * a request's values (lists of ids, a catalogue's rows) cannot fill each connection's memory.
 */
export const MAX_STATEMENT_NAMES = 1000;

/** How many texts are counted before the counts start over (so one-off texts cannot fill memory). */
const MAX_COUNTED = 4096;

/**
 * After how many runs of named statements (all texts together) every text is named anew, so that
 * each connection parses and plans it again. PostgreSQL plans a named statement once for all
 * values after five runs when that plan is no dearer than the runs' own, and keeps it until the
 * table's statistics change. Made while the tables were nearly empty (a new venue, or a database
 * that autovacuum never analyses), such a plan chose the status index over the primary key for a
 * status move and kept reading every payment ever made in that status (decision 047); planned again
 * as the tables grow tenfold, the plans follow them. Each connection frees a name's previous
 * statement when it first sends the new one.
 */
export const REPLAN_AFTER_RUNS: readonly number[] = [1_000, 10_000, 100_000, 1_000_000];

/** PostgreSQL's answer to a named statement whose result columns changed (SQLSTATE 0A000). */
const CHANGED_RESULT_TYPE = 'cached plan must not change result type';

/** The SQLSTATE of "current transaction is aborted": a resend inside a failed transaction. */
const IN_FAILED_TRANSACTION = '25P02';

/** A named text: its number (what stays the same when it is named anew) and its current name. */
interface Named {
  /** `s<number>` */
  readonly number: string;
  /** `s<number>_<generation>`, made again only when the generation changes */
  name: string;
  generation: number;
}

/** Which texts are sent by name, and under which name. */
export class StatementNames {
  /** each named text's number and name: the same strings at every run, so their hashes are kept */
  private readonly numbers = new Map<string, Named>();
  private readonly seen = new Set<string>();
  private readonly refused = new Set<string>();
  /** Names given so far: a refused text's number is never given to another text. */
  private given = 0;
  private runs = 0;
  /** how many times every text was named anew (REPLAN_AFTER_RUNS) */
  private generation = 0;
  private readonly max: number;
  private readonly replanAfter: readonly number[];

  constructor(options: { max?: number; replanAfter?: readonly number[] } = {}) {
    this.max = options.max ?? MAX_STATEMENT_NAMES;
    this.replanAfter = options.replanAfter ?? REPLAN_AFTER_RUNS;
  }

  /** The name to send `text` under, or undefined to send it unnamed (its first time, or past the cap). */
  nameOf(text: string): string | undefined {
    return this.namedOf(text)?.name;
  }

  /** `text`'s number and the name to send it under, or undefined to send it unnamed (as nameOf). */
  namedOf(text: string): Readonly<Named> | undefined {
    let named = this.numbers.get(text);
    if (named === undefined) {
      if (this.given >= this.max || this.refused.has(text)) return undefined;
      if (!this.seen.has(text)) {
        if (this.seen.size >= MAX_COUNTED) this.seen.clear();
        this.seen.add(text);
        return undefined;
      }
      this.seen.delete(text);
      const number = `s${this.given}`;
      this.given += 1;
      named = { number, name: `${number}_${this.generation}`, generation: this.generation };
      this.numbers.set(text, named);
    }
    this.runs += 1;
    if (this.runs >= (this.replanAfter[this.generation] ?? Infinity)) this.generation += 1;
    if (named.generation !== this.generation) {
      named.generation = this.generation;
      named.name = `${named.number}_${this.generation}`;
    }
    return named;
  }

  /** Never names `text` again (its named statement failed in a way a fresh parse cures). */
  refuse(text: string): void {
    this.numbers.delete(text);
    this.refused.add(text);
  }

  /** How many texts have names. */
  get size(): number {
    return this.numbers.size;
  }
}

type Query = (config: unknown, values?: unknown) => Promise<pg.QueryResult>;

/** What a named statement's answers look like, as node-postgres's result builder keeps it. */
interface Described {
  fields: pg.FieldDef[];
  parsers: unknown[] | undefined;
  empty: object;
}

/** The parts of node-postgres's query and result builder that a described run sets or reads. */
interface QueryInternals {
  name: string;
  _result: { fields: pg.FieldDef[]; _parsers: unknown[] | undefined; _prebuiltEmptyResultObject: object };
  _accumulateRows: boolean;
  hasBeenParsed(connection: unknown): boolean;
}

/** node-postgres's own steps of a query, which a described run calls around its own. */
const base = pg.Query.prototype as unknown as {
  prepare(connection: unknown): void;
  handleRowDescription(message: unknown): void;
  handleCommandComplete(message: unknown, connection: unknown): void;
};

/** Stands in for the connection's Describe while a described run writes its messages. */
const noDescribe = () => undefined;

type Callback = (error: Error | null, result: pg.QueryResult) => void;

/**
 * A named statement that asks for its answer's description (the columns' names and types) only
 * the first time it runs on its connection. node-postgres asks for it on every run, so PostgreSQL
 * sends the description with every answer and the client parses it and builds the row's parsers
 * anew (`Result.addFields`): for the checkout's wide rows, a large part of what each round trip
 * costs the client. On one connection a named statement's columns cannot change under it
 * (PostgreSQL refuses to run it instead: "cached plan must not change result type"), so the first
 * run's description holds for every later run there. `described` belongs to one connection.
 */
class DescribedOnceQuery extends pg.Query {
  readonly #self = this as unknown as QueryInternals;
  readonly #described: Map<string, Described | null>;
  #describing = false;

  constructor(
    name: string,
    text: string,
    values: unknown[],
    described: Map<string, Described | null>,
    callback: Callback,
  ) {
    // Given as text and values: a config object would be copied property by property first.
    super(text, values, callback as never);
    this.#self.name = name;
    this.#described = described;
  }

  prepare(connection: { describe(message: unknown): void }): void {
    const self = this.#self;
    const known = self.hasBeenParsed(connection) ? this.#described.get(self.name) : undefined;
    if (known === undefined) {
      this.#describing = true;
      base.prepare.call(this, connection);
      return;
    }
    if (known) {
      self._result.fields = known.fields;
      self._result._parsers = known.parsers;
      self._result._prebuiltEmptyResultObject = known.empty;
    }
    // node-postgres sets this on the description; a run with a callback keeps its rows.
    self._accumulateRows = true;
    // Bind, execute and sync as node-postgres writes them, without the Describe between them.
    connection.describe = noDescribe;
    try {
      base.prepare.call(this, connection);
    } finally {
      delete (connection as { describe?: unknown }).describe;
    }
  }

  handleRowDescription(message: unknown): void {
    base.handleRowDescription.call(this, message);
    if (!this.#describing) return;
    const result = this.#self._result;
    this.#described.set(this.#self.name, {
      fields: result.fields,
      parsers: result._parsers,
      empty: result._prebuiltEmptyResultObject,
    });
  }

  handleCommandComplete(message: unknown, connection: unknown): void {
    // Described, with no description in answer: the statement returns no rows.
    const name = this.#self.name;
    if (this.#describing && !this.#described.has(name)) this.#described.set(name, null);
    base.handleCommandComplete.call(this, message, connection);
  }
}

function isChangedResultType(error: unknown): boolean {
  return error instanceof Error && error.message === CHANGED_RESULT_TYPE;
}

/**
 * Sends a pool's repeated statements by name: every client the pool opens has its `query(text,
 * values)` (how Kysely sends statements) go through `names`. Calls in any other form are untouched.
 */
export function nameStatements(pool: pg.Pool, names: StatementNames): void {
  pool.on('connect', (client) => nameStatementsOf(client, names));
}

/** Sends one client's repeated statements by name (as nameStatements does for a pool's clients). */
export function nameStatementsOf(client: pg.Client, names: StatementNames): void {
  const query = client.query.bind(client) as Query;
  /** per text number, the name this connection last sent it under */
  const sent = new Map<string, string>();
  /** per name, the description of the statement's answers on this connection */
  const described = new Map<string, Described | null>();
  const runNamed = (name: string, text: string, values: unknown[]) =>
    new Promise<pg.QueryResult>((resolve, reject) => {
      client.query(
        new DescribedOnceQuery(name, text, values, described, (error, result) =>
          error ? reject(error) : resolve(result),
        ),
      );
    });
  const named: Query = async (text, values) => {
    // Only statements with parameters: one without goes in a single message, unnamed.
    const entry =
      typeof text === 'string' && Array.isArray(values) && values.length > 0 ? names.namedOf(text) : undefined;
    if (entry === undefined) return query(text, values);
    const { number, name } = entry;
    const previous = sent.get(number);
    if (previous !== name) {
      sent.set(number, name);
      // Queued before the statement; a failure (the transaction had failed) only leaves it parsed.
      if (previous !== undefined) {
        described.delete(previous);
        void query(`deallocate ${previous}`).catch(() => undefined);
      }
    }
    try {
      return await runNamed(name, text as string, values as unknown[]);
    } catch (error) {
      if (!isChangedResultType(error)) throw error;
      names.refuse(text as string);
      // Nothing ran. Outside a transaction the resend is parsed afresh; inside one, the
      // transaction has failed, and the first error is the one to report.
      try {
        return await query(text, values);
      } catch (again) {
        throw (again as { code?: string }).code === IN_FAILED_TRANSACTION ? error : again;
      }
    }
  };
  (client as unknown as { query: Query }).query = named;
}
