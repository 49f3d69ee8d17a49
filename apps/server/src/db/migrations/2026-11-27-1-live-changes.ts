/**
 * Catalogues that do not undo live changes, and that carry their pictures (issue 23,
 * docs/decisions/028-catalogue-live-values.md): when each live value last changed — a store's open
 * and paused flags, an item's stock — so an import of a document exported before that keeps it;
 * and a hash of each picture's content, so a picture imported twice (or one already stored) is
 * stored once. Null: not changed since before these were recorded / not hashed yet.
 * Frozen: never edit after release.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any>, never the app's types */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('vendors').addColumn('open_changed_at', 'bigint').execute();
  await db.schema.alterTable('vendors').addColumn('paused_changed_at', 'bigint').execute();
  await db.schema.alterTable('menu_items').addColumn('inventory_changed_at', 'bigint').execute();
  await db.schema.alterTable('display_assets').addColumn('content_hash', 'text').execute();
  await db.schema.createIndex('display_assets_content_hash').on('display_assets').column('content_hash').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('display_assets_content_hash').execute();
  await db.schema.alterTable('display_assets').dropColumn('content_hash').execute();
  await db.schema.alterTable('menu_items').dropColumn('inventory_changed_at').execute();
  await db.schema.alterTable('vendors').dropColumn('paused_changed_at').execute();
  await db.schema.alterTable('vendors').dropColumn('open_changed_at').execute();
}
