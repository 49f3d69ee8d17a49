import { smallCatalogue } from '@venue/contract/venue-catalogue.fixture';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import { seedWhenEmpty } from './demo-venue.ts';
import { databases } from '../../test/databases.ts';
import { TEST_OPS_TOKEN, testConfig } from '../../test/test-app.ts';
import { exportCatalogue, importCatalogue } from './catalogue.service.ts';

/** Set by a test: the next coupon insert fails, as a database could half-way through an import. */
const failure = vi.hoisted(() => ({ next: false }));

vi.mock('./catalogue.repository.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('./catalogue.repository.ts')>();
  return {
    ...original,
    insertCouponRows: (...args: Parameters<typeof original.insertCouponRows>) => {
      if (failure.next) {
        failure.next = false;
        return Promise.reject(new Error('disk full'));
      }
      return original.insertCouponRows(...args);
    },
  };
});

const auth = { authorization: `Bearer ${TEST_OPS_TOKEN}` };

describe.each(databases)('catalogue import on $name', (testDatabase) => {
  let database: DatabaseHandle & { dispose(): Promise<void> };
  let first: FastifyInstance;
  let second: FastifyInstance;

  beforeAll(async () => {
    database = await testDatabase.create();
    await seedWhenEmpty(database.db);
    // Two servers on one database, as two processes would be.
    first = await buildApp({ config: testConfig(), db: database.db, logger: false });
    second = await buildApp({ config: testConfig(), db: database.db, logger: false });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await database?.dispose();
  });

  it('leaves nothing behind when the database fails half-way through', async () => {
    const before = JSON.stringify(await exportCatalogue(database.db, 0));
    const doc = await exportCatalogue(database.db, 0);
    doc.vendors[0]!.items[0]!.name = 'Renamed Lager';
    doc.vendors.push(smallCatalogue(0).vendors[0]!);
    doc.coupons.push({ ...smallCatalogue(0).coupons[0]!, vendorId: null });
    failure.next = true;
    await expect(importCatalogue(database.db, 0, doc, { actor: 'test', nowMs: Date.now() })).rejects.toThrow(
      'disk full',
    );
    expect(JSON.stringify(await exportCatalogue(database.db, 0))).toBe(before);
    const stray = await database.db.selectFrom('vendors').select('id').where('id', '=', 50_001).execute();
    expect(stray).toEqual([]);
    const venueCreated = smallCatalogue(60, 60_000);
    failure.next = true;
    await expect(
      importCatalogue(database.db, 60, venueCreated, { actor: 'test', nowMs: Date.now() }),
    ).rejects.toThrow();
    expect(await database.db.selectFrom('venues').select('id').where('id', '=', 60).execute()).toEqual([]);
  });

  it('changes the menu another server serves: it sees the new menu version', async () => {
    const menuAt = async (app: FastifyInstance) =>
      (await app.inject({ method: 'GET', url: '/v1/vendor/2/current-menu' })).json() as {
        items: Array<{ id: number; name: string; price: { minorAmount: number } }>;
      };
    const cheeseburger = (menu: Awaited<ReturnType<typeof menuAt>>) => menu.items.find((i) => i.id === 201);
    expect(cheeseburger(await menuAt(second))?.name).toBe('Classic Cheeseburger');

    const doc = await exportCatalogue(database.db, 0);
    const item = doc.vendors[1]!.items.find((i) => i.id === 201)!;
    item.name = 'Double Cheeseburger';
    item.price = 2450;
    const res = await first.inject({
      method: 'PUT',
      url: '/ops/v1/venue/0/catalogue',
      headers: auth,
      payload: doc,
    });
    expect(res.statusCode, res.body).toBe(200);
    // The importing server at once; the other within its menu recheck (2 s).
    expect(cheeseburger(await menuAt(first))?.name).toBe('Double Cheeseburger');
    await vi.waitFor(
      async () =>
        expect(cheeseburger(await menuAt(second))).toMatchObject({
          name: 'Double Cheeseburger',
          price: { minorAmount: 2450 },
        }),
      { timeout: 5_000, interval: 200 },
    );
  });
});
