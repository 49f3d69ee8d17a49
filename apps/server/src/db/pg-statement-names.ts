/**
 * PostgreSQL parses, analyses and rewrites an unnamed statement on every run: for the checkout's
 * statements (common table expressions, JSON, sub-selects) that was a large part of the
 * database's work per order (decision 047). A statement sent with a name is parsed once per
 * connection, and only planned on each run.
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
import type pg from 'pg';

/**
 * How many texts get names at most: well above the server's own statements, while texts made from
 * a request's values (lists of ids, a catalogue's rows) cannot fill each connection's memory.
 */
export const MAX_STATEMENT_NAMES = 1000;

/** How many texts are counted before the counts start over (so one-off texts cannot fill memory). */
const MAX_COUNTED = 4096;

/**
 * Named statements are still planned for each run's values. A plan made once for all values is
 * kept until the table's statistics change; made while a table is nearly empty (a new venue, a
 * database whose tables autovacuum never analysed), it picked the status index over the primary
 * key for a status move and kept reading every payment ever made in that status (decision 047).
 */
const PLAN_CACHE_MODE = 'force_custom_plan';

/** PostgreSQL's answer to a named statement whose result columns changed (SQLSTATE 0A000). */
const CHANGED_RESULT_TYPE = 'cached plan must not change result type';

/** The SQLSTATE of "current transaction is aborted": a resend inside a failed transaction. */
const IN_FAILED_TRANSACTION = '25P02';

/** Which texts are sent by name, and under which name. */
export class StatementNames {
  private readonly names = new Map<string, string>();
  private readonly seen = new Set<string>();
  private readonly refused = new Set<string>();
  /** Names given so far: a refused text's name is never given to another text. */
  private given = 0;

  constructor(private readonly max = MAX_STATEMENT_NAMES) {}

  /** The name to send `text` under, or undefined to send it unnamed (its first time, or past the cap). */
  nameOf(text: string): string | undefined {
    const name = this.names.get(text);
    if (name !== undefined || this.given >= this.max || this.refused.has(text)) return name;
    if (!this.seen.has(text)) {
      if (this.seen.size >= MAX_COUNTED) this.seen.clear();
      this.seen.add(text);
      return undefined;
    }
    this.seen.delete(text);
    const named = `s${this.given}`;
    this.given += 1;
    this.names.set(text, named);
    return named;
  }

  /** Never names `text` again (its named statement failed in a way a fresh parse cures). */
  refuse(text: string): void {
    this.names.delete(text);
    this.refused.add(text);
  }

  /** How many texts have names. */
  get size(): number {
    return this.names.size;
  }
}

type Query = (config: unknown, values?: unknown) => Promise<pg.QueryResult>;

function isChangedResultType(error: unknown): boolean {
  return error instanceof Error && error.message === CHANGED_RESULT_TYPE;
}

/**
 * Sends a pool's repeated statements by name: every client the pool opens has its `query(text,
 * values)` (how Kysely sends statements) go through `names`. Calls in any other form are untouched.
 */
export function nameStatements(pool: pg.Pool, names: StatementNames): void {
  pool.on('connect', (client) => {
    // Queued before any statement the pool's callers send on this connection; a connection that
    // fails here fails their statements as well, and the pool drops it.
    void client.query(`set plan_cache_mode = ${PLAN_CACHE_MODE}`).catch(() => undefined);
    const query = client.query.bind(client) as Query;
    const named: Query = async (text, values) => {
      const name = typeof text === 'string' && Array.isArray(values) ? names.nameOf(text) : undefined;
      if (name === undefined) return query(text, values);
      try {
        return await query({ name, text, values });
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
  });
}
