/**
 * The catalogue as data (issue 14 §1). Rows a venue removes from its catalogue are archived, not
 * deleted: orders, receipts and the operations API keep naming them (`archived` on vendors, menu
 * items, modifier groups, modifiers and coupons). A vendor keeps its menu's category order
 * (`item_types`, JSON text; null: the order of its items). Coupons belong to a venue
 * (`venue_id`; existing ones take their vendor's venue, or the only venue there is). Uploaded
 * pictures are stored as image bytes with their content type beside the seed's SVG drawings.
 * Frozen: never edit after release.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any>, never the app's types */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

const ARCHIVABLE = ['vendors', 'menu_items', 'modifier_groups', 'modifiers', 'coupons'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const table of ARCHIVABLE) {
    await db.schema
      .alterTable(table)
      .addColumn('archived', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  }
  await db.schema.alterTable('vendors').addColumn('item_types', 'text').execute();

  await db.schema
    .alterTable('coupons')
    .addColumn('venue_id', 'integer', (c) => c.references('venues.id'))
    .execute();
  await sql`update coupons set venue_id = (select venue_id from vendors where vendors.id = coupons.vendor_id) where vendor_id is not null`.execute(
    db,
  );
  await sql`update coupons set venue_id = (select min(id) from venues) where venue_id is null and (select count(*) from venues) = 1`.execute(
    db,
  );
  await db.schema.createIndex('coupons_venue_id').on('coupons').column('venue_id').execute();

  await db.schema
    .alterTable('display_assets')
    .addColumn('content_type', 'text', (c) => c.notNull().defaultTo('image/svg+xml'))
    .execute();
  await db.schema
    .alterTable('display_assets')
    .addColumn('image', postgres ? 'bytea' : 'blob')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('display_assets').dropColumn('image').execute();
  await db.schema.alterTable('display_assets').dropColumn('content_type').execute();
  await db.schema.dropIndex('coupons_venue_id').execute();
  await db.schema.alterTable('coupons').dropColumn('venue_id').execute();
  await db.schema.alterTable('vendors').dropColumn('item_types').execute();
  for (const table of ARCHIVABLE) await db.schema.alterTable(table).dropColumn('archived').execute();
}
