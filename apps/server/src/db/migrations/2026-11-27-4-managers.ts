/**
 * The back office's accounts: managers (email, name, role, the stores a store manager runs, a
 * password hash once set), their sessions (only a hash of each session's token is kept) and the
 * one-time links that set a password (invitations, resets; again only a hash). Disabling an
 * account sets `disabled_at`; rows are never deleted, so the audit log's actors still resolve.
 * Frozen: never edit after release.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any>, never the app's types */
import { PostgresAdapter, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (c: any) => (postgres ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement());
  await db.schema
    .createTable('managers')
    .addColumn('id', 'integer', id)
    /** lower case */
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    /** 'admin' | 'store' */
    .addColumn('role', 'text', (c) => c.notNull())
    /** JSON array of vendor ids (a store manager's stores) */
    .addColumn('vendor_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    /** scrypt$N$r$p$salt$hash, null until set from a link */
    .addColumn('password_hash', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('disabled_at', 'bigint')
    .execute();
  await db.schema.createIndex('managers_email').on('managers').column('email').unique().execute();

  await db.schema
    .createTable('manager_sessions')
    .addColumn('id', 'integer', id)
    .addColumn('manager_id', 'integer', (c) => c.notNull().references('managers.id'))
    /** hex SHA-256 of the session cookie's token */
    .addColumn('token_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    /** updated at most once a minute; the session ends after a while without use */
    .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
    .addColumn('ended_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('manager_sessions_token_hash')
    .on('manager_sessions')
    .column('token_hash')
    .unique()
    .execute();
  await db.schema
    .createIndex('manager_sessions_manager')
    .on('manager_sessions')
    .columns(['manager_id', 'ended_at'])
    .execute();

  await db.schema
    .createTable('manager_links')
    .addColumn('id', 'integer', id)
    .addColumn('manager_id', 'integer', (c) => c.notNull().references('managers.id'))
    /** 'invite' | 'reset' */
    .addColumn('purpose', 'text', (c) => c.notNull())
    /** hex SHA-256 of the link's token */
    .addColumn('token_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema.createIndex('manager_links_token_hash').on('manager_links').column('token_hash').unique().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('manager_links').execute();
  await db.schema.dropTable('manager_sessions').execute();
  await db.schema.dropTable('managers').execute();
}
