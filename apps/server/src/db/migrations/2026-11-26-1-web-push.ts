/**
 * Web Push (issue 15 part 2, docs/decisions/023-web-push.md): the browsers' push subscriptions,
 * one per order and push endpoint (a re-subscribe replaces, never doubles), deleted when the order
 * finishes or the push service says the subscription is gone; and `server_settings`, a small
 * key/value table holding values every node must share, such as the generated VAPID key pair
 * (written once, insert-if-absent, so nodes starting together end up with the same keys).
 * Frozen: never edit after release.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any>, never the app's types */
import { PostgresAdapter, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', 'integer', (c) =>
      postgres ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
    .addColumn('consumer_id', 'text', (c) => c.notNull())
    .addColumn('endpoint', 'text', (c) => c.notNull())
    /** the browser's P-256 public key, base64url */
    .addColumn('p256dh', 'text', (c) => c.notNull())
    /** the browser's 16-byte auth secret, base64url */
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('push_subscriptions_order_endpoint')
    .on('push_subscriptions')
    .columns(['order_id', 'endpoint'])
    .unique()
    .execute();
  // Subscriptions of orders nobody ever finished are trimmed by age.
  await db.schema.createIndex('push_subscriptions_created_at').on('push_subscriptions').column('created_at').execute();

  await db.schema
    .createTable('server_settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('server_settings').execute();
  await db.schema.dropTable('push_subscriptions').execute();
}
