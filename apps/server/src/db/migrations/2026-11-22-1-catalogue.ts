/**
 * The catalogue: clients, venues, vendors with their order configuration and opening hours,
 * menu items, modifier groups, modifiers and display assets. Frozen: never edit after release;
 * change the schema in a new migration.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any>, never the app's types */
import { PostgresAdapter, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

/** An integer primary key the database numbers itself, that still accepts explicit ids (the seed uses them). */
function identity(db: Kysely<any>) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  return (col: ColumnDefinitionBuilder) =>
    postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement();
}

export async function up(db: Kysely<any>): Promise<void> {
  const id = identity(db);

  await db.schema
    .createTable('clients')
    .addColumn('id', 'integer', id)
    .addColumn('name', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('venues')
    .addColumn('id', 'integer', id)
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('time_zone', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('latitude', 'double precision', (c) => c.notNull())
    .addColumn('longitude', 'double precision', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('venues_client_id').on('venues').column('client_id').execute();

  await db.schema
    .createTable('display_assets')
    .addColumn('id', 'integer', id)
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('svg', 'text', (c) => c.notNull())
    .addColumn('alt_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('vendors')
    .addColumn('id', 'integer', id)
    .addColumn('venue_id', 'integer', (c) => c.notNull().references('venues.id'))
    .addColumn('store_name', 'text', (c) => c.notNull())
    .addColumn('phone_number', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('location_description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('thumbnail_asset_id', 'integer', (c) => c.references('display_assets.id'))
    .addColumn('location_image_asset_id', 'integer', (c) => c.references('display_assets.id'))
    .addColumn('is_open', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_paused', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('tts_ms', 'integer', (c) => c.notNull().defaultTo(600_000))
    .addColumn('latitude', 'double precision', (c) => c.notNull())
    .addColumn('longitude', 'double precision', (c) => c.notNull())
    .addColumn('display_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('available_service_modes', 'text', (c) => c.notNull().defaultTo('["TakeAway"]'))
    .addColumn('default_order_service_mode', 'text', (c) => c.notNull().defaultTo('NotSpecified'))
    .addColumn('pre_order_buffer_ms', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('max_burden_per_order', 'integer')
    .addColumn('delivery_min_amount_minor', 'integer')
    .addColumn('allow_apple_pay', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('allow_google_pay', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_coupon_payment_allowed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('delivery_max_distance_km', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('delivery_time_buffer_ms', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('service_charges', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('menu_version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.createIndex('vendors_venue_id').on('vendors').column('venue_id').execute();

  await db.schema
    .createTable('opening_hours')
    .addColumn('id', 'integer', id)
    .addColumn('vendor_id', 'integer', (c) => c.notNull().references('vendors.id').onDelete('cascade'))
    .addColumn('weekday', 'text', (c) => c.notNull())
    .addColumn('opens', 'text', (c) => c.notNull())
    .addColumn('closes', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('opening_hours_vendor_id').on('opening_hours').column('vendor_id').execute();

  await db.schema
    .createTable('modifier_groups')
    .addColumn('id', 'integer', id)
    .addColumn('vendor_id', 'integer', (c) => c.notNull().references('vendors.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('minimum_choices', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('maximum_choices', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('default_modifier_id', 'integer')
    .addColumn('visible', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('display_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('selection_required_text', 'text')
    .execute();
  await db.schema.createIndex('modifier_groups_vendor_id').on('modifier_groups').column('vendor_id').execute();

  await db.schema
    .createTable('modifiers')
    .addColumn('id', 'integer', id)
    .addColumn('vendor_id', 'integer', (c) => c.notNull().references('vendors.id').onDelete('cascade'))
    .addColumn('group_id', 'integer', (c) => c.notNull().references('modifier_groups.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('price_minor', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('visible', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('display_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('modifiers_vendor_id').on('modifiers').column('vendor_id').execute();

  await db.schema
    .createTable('menu_items')
    .addColumn('id', 'integer', id)
    .addColumn('vendor_id', 'integer', (c) => c.notNull().references('vendors.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('price_minor', 'integer', (c) => c.notNull())
    .addColumn('item_type', 'text', (c) => c.notNull())
    .addColumn('display_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('visible', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('current_inventory', 'integer')
    .addColumn('burden', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_restricted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('display_asset_id', 'integer', (c) => c.references('display_assets.id'))
    .addColumn('modifier_group_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('availability', 'text')
    .execute();
  await db.schema.createIndex('menu_items_vendor_id').on('menu_items').column('vendor_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'menu_items',
    'modifiers',
    'modifier_groups',
    'opening_hours',
    'vendors',
    'display_assets',
    'venues',
    'clients',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
