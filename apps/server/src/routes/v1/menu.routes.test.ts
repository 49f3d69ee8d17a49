import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { ErrorBody } from '@venue/contract/common';
import { Menu } from '@venue/contract/menu';
import { isItemOrderable } from '@venue/domain/menu-visibility';
import { describe, expect, it } from 'vitest';
import { databases } from '../../test/databases.ts';
import { TEST_OPS_TOKEN, useTestApp } from '../../test/test-app.ts';

const MONDAY_1PM_SYDNEY = Date.parse('2026-11-23T02:00:00.000Z');

describe.each(databases)('GET /v1/vendor/{vendorId}/current-menu on $name', (database) => {
  const ctx = useTestApp(database);

  async function menu(vendorId: number): Promise<Menu> {
    const res = await ctx.app.inject({ method: 'GET', url: `/v1/vendor/${vendorId}/current-menu` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    return Menu.parse(res.json());
  }

  it('answers the menu shape with items, modifiers and modifier groups', async () => {
    const burgers = await menu(2);
    expect(burgers.vendorId).toBe(2);
    expect(burgers.items.every((i) => i.vendorId === 2)).toBe(true);
    const cheeseburger = burgers.items.find((i) => i.id === 201)!;
    expect(cheeseburger).toMatchObject({
      name: 'Classic Cheeseburger',
      price: { amount: 16.5, minorAmount: 1650, currencySymbol: '$', currencyCode: 'AUD' },
      itemType: 'Burgers',
      visible: true,
      currentInventory: null,
      burden: 1,
      isRestricted: false,
      availability: null,
      modifierGroupsIds: [21, 22, 23],
    });
    const orders = burgers.items.map((i) => i.displayOrder);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
  });

  it('has the burger modifier groups of the demo: required side with a default, unlimited extras, up to two sauces', async () => {
    const burgers = await menu(2);
    const group = (name: string) => burgers.modifierGroups.find((g) => g.name === name)!;
    expect(group('Choose a side')).toMatchObject({
      minimumChoices: 1,
      maximumChoices: 1,
      defaultModifierId: 2001,
      modifierIds: [2001, 2002, 2003, 2004],
    });
    expect(group('Extras')).toMatchObject({ minimumChoices: 0, maximumChoices: 0 });
    expect(group('Sauces')).toMatchObject({ minimumChoices: 0, maximumChoices: 2 });
    expect(group('Cooking')).toMatchObject({ minimumChoices: 1, maximumChoices: 1 });
    const bacon = burgers.modifiers.find((m) => m.name === 'Bacon')!;
    expect(bacon).toMatchObject({ groupId: 22, visible: true, price: { minorAmount: 300 } });
  });

  it('marks the hidden item visible:false and hides the item whose required group lacks visible options', async () => {
    const burgers = await menu(2);
    expect(burgers.items.find((i) => i.id === 207)).toMatchObject({ name: 'Pulled Pork Roll', visible: false });
    const groups = new Map(burgers.modifierGroups.map((g) => [g.id, g]));
    const modifiers = new Map(burgers.modifiers.map((m) => [m.id, m]));
    const shown = burgers.items.filter((item) =>
      isItemOrderable(item, groups, modifiers, MONDAY_1PM_SYDNEY, 'Australia/Sydney'),
    );
    expect(shown.map((i) => i.id)).not.toContain(206);
    expect(shown.map((i) => i.id)).not.toContain(207);
    expect(shown.map((i) => i.id)).toContain(201);
  });

  it('serves limited stock, burden, restricted drinks and availability windows', async () => {
    const bar = await menu(1);
    expect(bar.items.find((i) => i.id === 103)).toMatchObject({ currentInventory: 5, isRestricted: true });
    expect(bar.items.find((i) => i.name === 'Cola')).toMatchObject({ isRestricted: false });
    const burgers = await menu(2);
    expect(burgers.items.find((i) => i.name === 'Family Pack')).toMatchObject({ burden: 2 });
    expect(burgers.items.find((i) => i.name === 'Wagyu Burger')).toMatchObject({ currentInventory: 3 });
    const coffee = await menu(4);
    expect(coffee.items.find((i) => i.name === 'Bacon & Egg Roll')!.availability).toMatchObject({
      monday: [{ startTime: '06:00', endTime: '11:00' }],
      sunday: [{ startTime: '06:00', endTime: '11:00' }],
    });
    const scones = coffee.items.find((i) => i.name === 'Scones with Jam & Cream')!;
    expect(Object.keys(scones.availability ?? {}).sort()).toEqual([
      'friday',
      'monday',
      'thursday',
      'tuesday',
      'wednesday',
    ]);
    expect(coffee.modifierGroups.find((g) => g.name === 'Size')).toMatchObject({
      minimumChoices: 1,
      maximumChoices: 1,
    });
    expect(coffee.modifierGroups.find((g) => g.name === 'Milk')).toMatchObject({
      minimumChoices: 0,
      maximumChoices: 1,
    });
  });

  it('has at least 45 items across the venue', async () => {
    let count = 0;
    for (const id of [1, 2, 3, 4, 5, 6]) count += (await menu(id)).items.length;
    expect(count).toBeGreaterThanOrEqual(45);
  });

  it('sends an ETag and answers 304 to If-None-Match', async () => {
    const first = await ctx.app.inject({ method: 'GET', url: '/v1/vendor/1/current-menu' });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await ctx.app.inject({
      method: 'GET',
      url: '/v1/vendor/1/current-menu',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const weak = await ctx.app.inject({
      method: 'GET',
      url: '/v1/vendor/1/current-menu',
      headers: { 'if-none-match': `"other", W/${etag}` },
    });
    expect(weak.statusCode).toBe(304);
    const other = await ctx.app.inject({
      method: 'GET',
      url: '/v1/vendor/1/current-menu',
      headers: { 'if-none-match': '"stale"' },
    });
    expect(other.statusCode).toBe(200);
  });

  it('sends the same menu compressed with brotli or gzip when asked', async () => {
    const plain = await ctx.app.inject({ method: 'GET', url: '/v1/vendor/2/current-menu' });
    const gz = await ctx.app.inject({
      method: 'GET',
      url: '/v1/vendor/2/current-menu',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    const br = await ctx.app.inject({
      method: 'GET',
      url: '/v1/vendor/2/current-menu',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const refused = await ctx.app.inject({
      method: 'GET',
      url: '/v1/vendor/2/current-menu',
      headers: { 'accept-encoding': 'br;q=0, identity' },
    });
    expect(refused.headers['content-encoding']).toBeUndefined();
  });

  it('changes the menu and its ETag when an operator changes stock', async () => {
    const before = await ctx.app.inject({ method: 'GET', url: '/v1/vendor/1/current-menu' });
    const patch = await ctx.app.inject({
      method: 'PATCH',
      url: '/ops/v1/vendor/1/menu-item/103',
      headers: { authorization: `Bearer ${TEST_OPS_TOKEN}` },
      payload: { currentInventory: 2 },
    });
    expect(patch.statusCode).toBe(200);
    const after = await ctx.app.inject({
      method: 'GET',
      url: '/v1/vendor/1/current-menu',
      headers: { 'if-none-match': before.headers.etag as string },
    });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(Menu.parse(after.json()).items.find((i) => i.id === 103)!.currentInventory).toBe(2);
  });

  it('answers 404 JSON for an unknown vendor and 400 JSON for malformed ids, never 500', async () => {
    const missing = await ctx.app.inject({ method: 'GET', url: '/v1/vendor/99/current-menu' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'Vendor 99 not found' });
    for (const id of ['abc', '-1', '1e99', '4294967296', '99999999999999999999999', '%00', 'null']) {
      const res = await ctx.app.inject({ method: 'GET', url: `/v1/vendor/${id}/current-menu` });
      expect(res.statusCode, id).toBe(400);
      ErrorBody.parse(res.json());
    }
  });
});
