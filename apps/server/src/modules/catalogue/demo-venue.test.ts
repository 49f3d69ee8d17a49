import { describe, expect, it } from 'vitest';
import { afterAll, beforeAll } from 'vitest';
import { checkCatalogue } from '@venue/contract/venue-catalogue';
import { smallCatalogue } from '@venue/contract/venue-catalogue.fixture';
import type { DatabaseHandle } from '../../db/database.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { databases } from '../../test/databases.ts';
import { importCatalogue } from './catalogue.service.ts';
import { demoCatalogue, seedOnStart, seedWhenEmpty } from './demo-venue.ts';

describe.each(databases)('demo venue seed on $name', (testDatabase) => {
  let database: DatabaseHandle & { dispose(): Promise<void> };
  beforeAll(async () => {
    database = await testDatabase.create();
  });
  afterAll(async () => database?.dispose());

  it('seeds an empty database once and leaves a seeded one alone', async () => {
    expect(await seedOnStart(database.db, { demoVenue: true })).toBe(true);
    expect(await seedWhenEmpty(database.db)).toBe(false);
    const vendors = await database.db.selectFrom('vendors').select('id').orderBy('id').execute();
    expect(vendors.map((v) => v.id)).toEqual([1, 2, 3, 4, 5, 6]);
    const coupons = await database.db.selectFrom('coupons').select(['code', 'venue_id']).orderBy('id').execute();
    expect(coupons.map((c) => c.code)).toContain('FREEMEAL');
    expect(new Set(coupons.map((c) => c.venue_id))).toEqual(new Set([0]));
  });

  it('migrating again changes nothing', async () => {
    const result = await migrateToLatest(database.db);
    expect(result.results).toEqual([]);
  });

  it('holds the client, venue and vendors the shipped web configuration names', async () => {
    const client = await database.db.selectFrom('clients').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
    expect(client.name).toBe('Harbourside Hospitality');
    const venue = await database.db.selectFrom('venues').selectAll().where('id', '=', 0).executeTakeFirstOrThrow();
    expect(venue).toMatchObject({ client_id: 1, name: 'Harbourside Stadium', time_zone: 'Australia/Sydney' });
    expect(venue.latitude).toBeCloseTo(-33.8474, 3);
    expect(venue.longitude).toBeCloseTo(151.0631, 3);
  });

  it('has at least 45 items, each with a picture that exists', async () => {
    const items = await database.db.selectFrom('menu_items').select(['id', 'display_asset_id', 'burden']).execute();
    expect(items.length).toBeGreaterThanOrEqual(45);
    const assetIds = new Set((await database.db.selectFrom('display_assets').select('id').execute()).map((a) => a.id));
    for (const item of items) expect(assetIds.has(item.display_asset_id ?? -1)).toBe(true);
    expect(items.filter((i) => i.burden === 1).length).toBeGreaterThan(items.length / 2);
  });

  it('stores durations in milliseconds and money in cents', async () => {
    const pizza = await database.db.selectFrom('vendors').selectAll().where('id', '=', 3).executeTakeFirstOrThrow();
    expect(pizza.pre_order_buffer_ms).toBe(4 * 3_600_000);
    expect(pizza.delivery_time_buffer_ms).toBe(15 * 60_000);
    expect(pizza.delivery_min_amount_minor).toBe(2500);
    expect(pizza.tts_ms).toBeGreaterThanOrEqual(5 * 60_000);
    expect(typeof pizza.pre_order_buffer_ms).toBe('number');
  });

  it('lets the database number new rows after the seeded ids', async () => {
    const inserted = await database.db
      .insertInto('menu_items')
      .values({
        vendor_id: 1,
        name: 'Test Ale',
        description: '',
        price_minor: 1000,
        item_type: 'Beer',
        display_order: 999,
        visible: 1,
        current_inventory: null,
        burden: 1,
        is_restricted: 1,
        display_asset_id: null,
        modifier_group_ids: '[]',
        availability: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const maxSeeded = Math.max(...demoCatalogue().vendors.flatMap((v) => v.items.map((i) => i.id)));
    expect(inserted.id).toBeGreaterThan(maxSeeded);
    await database.db.deleteFrom('menu_items').where('id', '=', inserted.id).execute();
  });
});

describe.each(databases)('demo data only when asked, on $name', (testDatabase) => {
  let database: DatabaseHandle & { dispose(): Promise<void> };
  beforeAll(async () => {
    database = await testDatabase.create();
  });
  afterAll(async () => database?.dispose());

  const count = async (table: 'venues' | 'coupons' | 'vendors' | 'display_assets') =>
    (await database.db.selectFrom(table).select('id').execute()).length;

  it('leaves a brand-new database empty with DEMO_VENUE=off', async () => {
    expect(await seedOnStart(database.db, { demoVenue: false })).toBe(false);
    for (const table of ['venues', 'vendors', 'coupons', 'display_assets'] as const) expect(await count(table)).toBe(0);
  });

  it('never adds demo rows, coupons included, to a database that holds a venue', async () => {
    await importCatalogue(database.db, 50, { ...smallCatalogue(), coupons: [] }, { actor: 'test', nowMs: Date.now() });
    expect(await seedOnStart(database.db, { demoVenue: true })).toBe(false);
    expect(await count('venues')).toBe(1);
    expect(await count('coupons')).toBe(0);
    expect(await count('display_assets')).toBe(0);
  });
});

describe('demo venue document', () => {
  const catalogue = demoCatalogue();
  const items = catalogue.vendors.flatMap((v) => v.items);
  const groups = catalogue.vendors.flatMap((v) => v.modifierGroups);
  const modifiers = catalogue.vendors.flatMap((v) => v.modifiers);

  it('passes the catalogue rules any import is checked by', () => {
    expect(checkCatalogue(catalogue).problems).toEqual([]);
  });

  it('uses unique ids everywhere', () => {
    const unique = (ids: number[]) => new Set(ids).size === ids.length;
    expect(unique(items.map((i) => i.id))).toBe(true);
    expect(unique(groups.map((g) => g.id))).toBe(true);
    expect(unique(modifiers.map((m) => m.id))).toBe(true);
  });

  it('only refers to modifier groups of the same vendor, and defaults to a modifier of the group', () => {
    for (const vendor of catalogue.vendors) {
      const own = new Set(vendor.modifierGroups.map((g) => g.id));
      for (const item of vendor.items) for (const id of item.modifierGroupsIds) expect(own.has(id)).toBe(true);
      for (const group of vendor.modifierGroups) {
        if (group.defaultModifierId !== null) expect(group.modifierIds).toContain(group.defaultModifierId);
      }
    }
  });

  it('trades every day around the clock with a four-hour pre-order buffer', () => {
    for (const vendor of catalogue.vendors) {
      expect(vendor.openingHours).toHaveLength(7);
      expect(vendor.vendorOrderConfiguration.preOrderBufferDuration).toBe(14_400_000);
    }
  });

  it('has one hidden item and one item whose required group has too few visible options', () => {
    expect(items.filter((i) => !i.visible)).toHaveLength(1);
    const visibleIn = (groupId: number) => modifiers.filter((m) => m.groupId === groupId && m.visible).length;
    const starved = groups.filter((g) => g.minimumChoices > visibleIn(g.id));
    expect(starved).toHaveLength(1);
    expect(items.some((i) => i.modifierGroupsIds.includes(starved[0]!.id))).toBe(true);
  });
});
