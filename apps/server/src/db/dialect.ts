/**
 * Which database a Kysely instance (or a transaction of it) talks to: the one place the server asks
 * it. PostgreSQL has what SQLite lacks (data-modifying WITH, json_agg, advisory locks, LISTEN), so
 * repositories branch on this where the two need different SQL.
 */
import { PostgresAdapter, type Kysely } from 'kysely';
import type { Database } from './schema.ts';

/** A transaction answers as the Kysely instance it runs on. */
export function isPostgres(db: Kysely<Database>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
