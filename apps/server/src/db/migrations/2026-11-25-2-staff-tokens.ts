/**
 * Staff tokens: per-store credentials of the operations API, made by the venue admin. Only the
 * SHA-256 hash of a token is kept (the token is shown once, when it is made); revoking sets
 * `revoked_at` and keeps the row, so the audit log's `staff:<id>:<name>` actors still resolve.
 * Frozen: never edit after release.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any>, never the app's types */
import { PostgresAdapter, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('staff_tokens')
    .addColumn('id', 'integer', (c) =>
      postgres ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn('vendor_id', 'integer', (c) => c.notNull().references('vendors.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    /** hex SHA-256 of the token */
    .addColumn('token_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .addColumn('last_used_at', 'bigint')
    .execute();
  // Every operations request presenting a staff token looks it up by hash.
  await db.schema.createIndex('staff_tokens_token_hash').on('staff_tokens').column('token_hash').unique().execute();
  await db.schema.createIndex('staff_tokens_vendor').on('staff_tokens').columns(['vendor_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('staff_tokens').execute();
}
