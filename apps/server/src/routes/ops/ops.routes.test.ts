import { ErrorBody } from '@venue/contract/common';
import { MenuItem } from '@venue/contract/menu';
import { Vendor, VendorList } from '@venue/contract/venue';
import { describe, expect, it } from 'vitest';
import { listAudit } from '../../modules/audit/audit.service.ts';
import { databases } from '../../test/databases.ts';
import { TEST_OPS_TOKEN, useTestApp } from '../../test/test-app.ts';
import { tokenMatches } from './ops-auth.ts';

const auth = { authorization: `Bearer ${TEST_OPS_TOKEN}` };

describe('ops token comparison', () => {
  it('accepts only the exact token', () => {
    expect(tokenMatches('abc', 'abc')).toBe(true);
    expect(tokenMatches('abd', 'abc')).toBe(false);
    expect(tokenMatches('ab', 'abc')).toBe(false);
    expect(tokenMatches('', 'abc')).toBe(false);
  });
});

describe.each(databases)('operations API on $name', (database) => {
  const ctx = useTestApp(database);

  it.each([
    ['no header', {}],
    ['a wrong token', { authorization: 'Bearer not-the-token' }],
    ['another scheme', { authorization: `Basic ${TEST_OPS_TOKEN}` }],
  ])('answers 401 JSON with %s', async (_label, headers) => {
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: '/ops/v1/vendor/1',
      headers,
      payload: { isPaused: true },
    });
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
    expect(ErrorBody.parse(res.json()).statusCode).toBe(401);
    const vendors = VendorList.parse((await ctx.app.inject({ method: 'GET', url: '/v1/venue/0/vendors' })).json());
    expect(vendors[0]!.isPaused).toBe(false);
  });

  it('pauses, resumes and retimes a vendor, visible in the vendor list, and records it', async () => {
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: '/ops/v1/vendor/1',
      headers: auth,
      payload: { isPaused: true, tts: 420_000 },
    });
    expect(res.statusCode).toBe(200);
    expect(Vendor.parse(res.json())).toMatchObject({ id: 1, isPaused: true, tts: 420_000 });
    const listed = VendorList.parse((await ctx.app.inject({ method: 'GET', url: '/v1/venue/0/vendors' })).json()).find(
      (v) => v.id === 1,
    );
    expect(listed).toMatchObject({ isPaused: true, tts: 420_000 });
    await ctx.app.inject({
      method: 'PATCH',
      url: '/ops/v1/vendor/1',
      headers: auth,
      payload: { isPaused: false, tts: 300_000 },
    });
    const audit = await listAudit(ctx.database.db, 'vendor', '1');
    expect(audit.map((a) => [a.actor, a.action])).toEqual([
      ['ops', 'vendor.update'],
      ['ops', 'vendor.update'],
    ]);
    expect(JSON.parse(audit[0]!.details ?? '{}')).toEqual({ isPaused: true, tts: 420_000 });
  });

  it('reads a vendor as its staff see it, and 404 for an unknown one', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/ops/v1/vendor/2', headers: auth });
    expect(res.statusCode).toBe(200);
    expect(Vendor.parse(res.json())).toMatchObject({ id: 2, storeName: 'Grill & Bun', isOpen: true });
    expect((await ctx.app.inject({ method: 'GET', url: '/ops/v1/vendor/999', headers: auth })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/ops/v1/vendor/2' })).statusCode).toBe(401);
  });

  it('closes a vendor: closed in the list, no pickup slots', async () => {
    await ctx.app.inject({ method: 'PATCH', url: '/ops/v1/vendor/2', headers: auth, payload: { isOpen: false } });
    const listed = VendorList.parse((await ctx.app.inject({ method: 'GET', url: '/v1/venue/0/vendors' })).json()).find(
      (v) => v.id === 2,
    );
    expect(listed).toMatchObject({ isOpen: false, nextServiceTime: null });
    const slots = await ctx.app.inject({ method: 'GET', url: '/v1/vendor/2/availableScheduledPickupTimeSlots' });
    expect(slots.json()).toEqual([]);
    await ctx.app.inject({ method: 'PATCH', url: '/ops/v1/vendor/2', headers: auth, payload: { isOpen: true } });
    const reopened = await ctx.app.inject({ method: 'GET', url: '/v1/vendor/2/availableScheduledPickupTimeSlots' });
    expect((reopened.json() as string[]).length).toBeGreaterThan(0);
  });

  it('hides an item and sets stock, shown in the next menu and recorded', async () => {
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: '/ops/v1/vendor/2/menu-item/201',
      headers: auth,
      payload: { visible: false, currentInventory: 4 },
    });
    expect(res.statusCode).toBe(200);
    expect(MenuItem.parse(res.json())).toMatchObject({ id: 201, visible: false, currentInventory: 4 });
    const menu = (await ctx.app.inject({ method: 'GET', url: '/v1/vendor/2/current-menu' })).json();
    expect(menu.items.find((i: { id: number }) => i.id === 201)).toMatchObject({ visible: false, currentInventory: 4 });
    const cleared = await ctx.app.inject({
      method: 'PATCH',
      url: '/ops/v1/vendor/2/menu-item/201',
      headers: auth,
      payload: { visible: true, currentInventory: null },
    });
    expect(MenuItem.parse(cleared.json())).toMatchObject({ visible: true, currentInventory: null });
    const audit = await listAudit(ctx.database.db, 'menu_item', '201');
    expect(audit).toHaveLength(2);
  });

  it('answers 404 for unknown vendors and items, including an item of another vendor', async () => {
    const vendor = await ctx.app.inject({
      method: 'PATCH',
      url: '/ops/v1/vendor/99',
      headers: auth,
      payload: { isOpen: true },
    });
    expect(vendor.statusCode).toBe(404);
    expect(vendor.json().message).toBe('Vendor 99 not found');
    const item = await ctx.app.inject({
      method: 'PATCH',
      url: '/ops/v1/vendor/1/menu-item/201',
      headers: auth,
      payload: { visible: true },
    });
    expect(item.statusCode).toBe(404);
    expect(ErrorBody.parse(item.json()).message).toBe('Menu item 201 not found for vendor 1');
  });

  it.each([[{}], [{ isOpen: 'yes' }], [{ tts: -5 }], [{ tts: 1.5 }], [{ unknownField: true }]])(
    'answers 400 JSON to the vendor body %j',
    async (payload) => {
      const res = await ctx.app.inject({ method: 'PATCH', url: '/ops/v1/vendor/1', headers: auth, payload });
      expect(res.statusCode).toBe(400);
      ErrorBody.parse(res.json());
    },
  );

  it('answers 400 JSON to malformed item bodies and ids, and to non-JSON bodies', async () => {
    for (const payload of [{}, { currentInventory: -1 }, { visible: 1 }]) {
      const res = await ctx.app.inject({
        method: 'PATCH',
        url: '/ops/v1/vendor/1/menu-item/101',
        headers: auth,
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const badId = await ctx.app.inject({
      method: 'PATCH',
      url: '/ops/v1/vendor/1/menu-item/abc',
      headers: auth,
      payload: { visible: true },
    });
    expect(badId.statusCode).toBe(400);
    const notJson = await ctx.app.inject({
      method: 'PATCH',
      url: '/ops/v1/vendor/1',
      headers: { ...auth, 'content-type': 'application/json' },
      payload: '{"isOpen": tru',
    });
    expect(notJson.statusCode).toBe(400);
    ErrorBody.parse(notJson.json());
  });
});
