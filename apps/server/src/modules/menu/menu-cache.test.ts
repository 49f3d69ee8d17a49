import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { matchesEtag } from '../../lib/etag.ts';
import { databases } from '../../test/databases.ts';
import { TEST_OPS_TOKEN, testConfig, useTestApp } from '../../test/test-app.ts';
import { MenuCache, pickEncoding } from './menu-cache.ts';
import { menuVersion, updateMenuItem } from './menu.service.ts';

describe('content negotiation of the cached menu', () => {
  it('prefers brotli, then gzip, and honours q=0', () => {
    expect(pickEncoding(undefined)).toBe('identity');
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(pickEncoding('gzip;q=0')).toBe('identity');
    expect(pickEncoding('deflate')).toBe('identity');
    expect(pickEncoding('*')).toBe('br');
  });

  it('matches ETags weakly, in lists and with *', () => {
    expect(matchesEtag('"a"', '"a"')).toBe(true);
    expect(matchesEtag('W/"a"', '"a"')).toBe(true);
    expect(matchesEtag('"b", "a"', '"a"')).toBe(true);
    expect(matchesEtag('*', '"a"')).toBe(true);
    expect(matchesEtag('"b"', '"a"')).toBe(false);
    expect(matchesEtag(undefined, '"a"')).toBe(false);
  });
});

const VENDOR = 4;
const ALMOND_CROISSANT = 415;

describe.each(databases)('menus cached by several server processes on one $name database', (database) => {
  const ctx = useTestApp(database);
  /** A second server process: its own app and menu cache on the same database. */
  let other: FastifyInstance;
  beforeAll(async () => {
    other = await buildApp({ config: testConfig(), db: ctx.database.db, logger: false });
    await other.ready();
  });
  afterAll(() => other.close());

  const stockIn = (cached: { json: string }) =>
    (JSON.parse(cached.json) as { items: Array<{ id: number; currentInventory: number | null }> }).items.find(
      (item) => item.id === ALMOND_CROISSANT,
    )?.currentInventory;

  it('a change made elsewhere shows once the recheck interval has passed, never later', async () => {
    let now = 0;
    const cache = new MenuCache(ctx.database.db, () => now, 2000);
    const before = await cache.get(VENDOR);
    await updateMenuItem(
      ctx.database.db,
      ctx.app.events,
      VENDOR,
      ALMOND_CROISSANT,
      { currentInventory: 7 },
      'test',
      Date.now(),
    );
    now = 1999;
    expect(await cache.get(VENDOR)).toBe(before);
    now = 2000;
    const after = await cache.get(VENDOR);
    expect(stockIn(after)).toBe(7);
    expect(after.etag).not.toBe(before.etag);
  });

  it('asked for the version just read, it answers that menu at once', async () => {
    const now = 0;
    const cache = new MenuCache(ctx.database.db, () => now, 2000);
    await cache.get(VENDOR);
    await updateMenuItem(
      ctx.database.db,
      ctx.app.events,
      VENDOR,
      ALMOND_CROISSANT,
      { currentInventory: 3 },
      'test',
      Date.now(),
    );
    const version = await menuVersion(ctx.database.db, VENDOR);
    const [fresh, alsoFresh] = await Promise.all([cache.get(VENDOR, version), cache.get(VENDOR, version)]);
    expect(stockIn(fresh)).toBe(3);
    expect(alsoFresh.version).toBeGreaterThanOrEqual(version);
  });

  it('an order priced by one process sees stock the other process just changed', async () => {
    const menu = await other.inject({ method: 'GET', url: `/v1/vendor/${VENDOR}/current-menu` });
    expect(menu.statusCode).toBe(200);
    const patched = await ctx.app.inject({
      method: 'PATCH',
      url: `/ops/v1/vendor/${VENDOR}/menu-item/${ALMOND_CROISSANT}`,
      headers: { authorization: `Bearer ${TEST_OPS_TOKEN}` },
      payload: { currentInventory: 1 },
    });
    expect(patched.statusCode).toBe(200);
    const priced = await other.inject({
      method: 'POST',
      url: `/v1/vendor/${VENDOR}/calculate-order-payment`,
      payload: {
        vendorId: VENDOR,
        serviceMode: 'TakeAway',
        orderItems: [{ menuItemId: ALMOND_CROISSANT, quantity: 2, modifiers: [] }],
      },
    });
    expect(priced.statusCode).toBe(409);
    expect(priced.json()).toMatchObject({ code: 'sold_out', menuItemIds: [ALMOND_CROISSANT] });
  });
});
