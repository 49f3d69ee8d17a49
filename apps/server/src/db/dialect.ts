/**
 * Which database a Kysely instance (or a transaction of it) talks to: the one place the server asks
 * it. PostgreSQL has what SQLite lacks (data-modifying WITH, json_agg, advisory locks, LISTEN), so
 * repositories branch on this where the two need different SQL.
 */
import { PostgresAdapter, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema: callers pass their own
export function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
