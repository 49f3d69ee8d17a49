// The back office's menu and store editor and staff tokens (issue 26), through the API on SQLite
// and PostgreSQL: saves checked by the catalogue's rules (422 at the field, nothing stored), a
// customer's next menu read showing the change, live stock and pause left alone, concurrent edits
// refused with who and when (409), a store manager's scope (403, nothing changed), the whole
// catalogue's export and import from the back office, staff tokens, and the audit log.
import type { AdminItem, AdminOptionGroup, AdminStoreMenu } from '@venue/contract/admin-catalogue';
import { sql } from 'kysely';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createManager, setPasswordFromLink, signIn } from '../../modules/managers/managers.service.ts';
import { databases } from '../../test/databases.ts';
import { TEST_OPS_TOKEN, useTestApp } from '../../test/test-app.ts';

const PASSWORD = 'a long enough pass phrase';
const GRILL = 2;
const TAP_ROOM = 1;
const CHEESEBURGER = 201;
const HAZY_IPA = 103;

describe.each(databases)('the back office editor on $name', (testDatabase) => {
  // Monday 27 November 2026, 10:42 in Sydney.
  const now = Date.parse('2026-11-26T23:42:00.000Z');
  const ctx = useTestApp(testDatabase, { clock: () => now });

  type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  const inject = (method: Method, url: string, cookie: string, body?: unknown) =>
    ctx.app.inject({
      method,
      url: `/admin/v1${url}`,
      headers: { cookie },
      ...(body !== undefined ? { payload: body as object } : {}),
    });

  /** A manager with a password and a session; answers the cookie a browser sends back. */
  async function session(email: string, name: string, role: 'admin' | 'store', vendorIds?: number[]) {
    const db = ctx.database.db;
    const { token } = await createManager(db, { email, name, role, ...(vendorIds ? { vendorIds } : {}) }, 'test', now);
    await setPasswordFromLink(db, token, PASSWORD, now);
    const signed = await signIn(db, email, PASSWORD, now);
    return `venue_admin=${signed!.token}`;
  }

  let adminCookie: string;
  let alexCookie: string;
  let samCookie: string;
  async function cookies() {
    adminCookie ??= await session('owner@venue.example', 'Olive Owner', 'admin');
    alexCookie ??= await session('alex@venue.example', 'Alex Smith', 'store', [GRILL]);
    samCookie ??= await session('sam@venue.example', 'Sam Jones', 'store', [GRILL]);
    return { admin: adminCookie, alex: alexCookie, sam: samCookie };
  }

  async function storeMenu(vendorId: number, cookie: string): Promise<AdminStoreMenu> {
    const answer = await inject('GET', `/stores/${vendorId}`, cookie);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json();
  }
  const itemOf = (menu: AdminStoreMenu, id: number) => menu.items.find((item) => item.id === id)!;

  async function customerItem(vendorId: number, itemId: number) {
    const answer = await ctx.app.inject({ method: 'GET', url: `/v1/vendor/${vendorId}/current-menu` });
    const menu = answer.json() as { items: Array<{ id: number; price: { minorAmount: number }; visible: boolean }> };
    return menu.items.find((item) => item.id === itemId);
  }

  async function auditOf(entity: string, entityId: number) {
    return ctx.database.db
      .selectFrom('audit_log')
      .select(['actor', 'action', 'details'])
      .where('entity', '=', entity)
      .where('entity_id', '=', String(entityId))
      .orderBy('id')
      .execute();
  }

  it('lists the manager’s stores and reads a store with its whole menu and versions', async () => {
    const { admin, alex } = await cookies();
    const all = (await inject('GET', '/stores', admin)).json() as Array<{ id: number; version: number }>;
    expect(all.map((store) => store.id)).toEqual(expect.arrayContaining([1, 2, 3, 4, 5, 6]));
    const own = (await inject('GET', '/stores', alex)).json() as Array<{ id: number; items: number }>;
    expect(own.map((store) => store.id)).toEqual([GRILL]);
    expect(own[0]!.items).toBeGreaterThan(5);

    const menu = await storeMenu(GRILL, alex);
    expect(menu.store).toMatchObject({ id: GRILL, storeName: 'Grill & Bun', venueId: 0, version: 0 });
    expect(menu.store.itemTypes).toEqual(['Burgers', 'Family Packs', 'Hot Dogs', 'Sides', 'Drinks']);
    expect(itemOf(menu, CHEESEBURGER)).toMatchObject({ name: 'Classic Cheeseburger', gstFree: false, version: 0 });
    const sides = menu.optionGroups.find((group) => group.id === 21)!;
    expect(sides.options.find((option) => option.id === 2001)).toMatchObject({ name: 'Fries', isDefault: true });
  });

  it('saves a price: the customer’s next menu read shows it, stock untouched, audited with the manager’s name', async () => {
    const { alex } = await cookies();
    await ctx.database.db
      .updateTable('menu_items')
      .set({ current_inventory: 7 })
      .where('id', '=', CHEESEBURGER)
      .execute();
    await customerItem(GRILL, CHEESEBURGER); // cached by this process
    const before = itemOf(await storeMenu(GRILL, alex), CHEESEBURGER);
    // The kitchen sells two after the manager opened the form.
    await ctx.database.db
      .updateTable('menu_items')
      .set({ current_inventory: 5 })
      .where('id', '=', CHEESEBURGER)
      .execute();

    const answer = await inject('PATCH', `/stores/${GRILL}/items/${CHEESEBURGER}`, alex, {
      version: before.version,
      price: 1795,
      gstFree: true,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const item = answer.json() as AdminItem;
    expect(item).toMatchObject({ price: 1795, gstFree: true, currentInventory: 5, updatedBy: 'Alex Smith' });
    expect(item.version).toBe(before.version + 1);
    expect((await customerItem(GRILL, CHEESEBURGER))!.price.minorAmount).toBe(1795);
    const row = await ctx.database.db
      .selectFrom('menu_items')
      .select(['gst_free', 'current_inventory'])
      .where('id', '=', CHEESEBURGER)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ gst_free: 1, current_inventory: 5 });

    const audit = await auditOf('menu_item', CHEESEBURGER);
    expect(audit.at(-1)).toMatchObject({ action: 'menu-item.edit' });
    expect(audit.at(-1)!.actor).toMatch(/^manager:\d+:Alex Smith$/);
  });

  it('refuses a bad value with a problem at its field (the catalogue’s sentence) and stores nothing', async () => {
    const { alex } = await cookies();
    const before = itemOf(await storeMenu(GRILL, alex), CHEESEBURGER);
    const answer = await inject('PATCH', `/stores/${GRILL}/items/${CHEESEBURGER}`, alex, {
      version: before.version,
      name: 'Cheeseburger deluxe',
      price: -5,
      itemType: 'Pizzas',
      modifierGroupsIds: [21, 99],
    });
    expect(answer.statusCode).toBe(422);
    const body = answer.json() as { message: string; problems: Array<{ path: string; message: string }> };
    expect(body.problems).toEqual(
      expect.arrayContaining([
        { path: '$.price', message: 'A price must not be negative.' },
        { path: '$.itemType', message: 'Item type "Pizzas" is not one of this vendor\'s itemTypes.' },
        { path: '$.modifierGroupsIds[1]', message: 'Modifier group 99 is not a modifier group of this vendor.' },
      ]),
    );
    expect(itemOf(await storeMenu(GRILL, alex), CHEESEBURGER)).toEqual(before);

    // An unknown field, and the option group rules: minimum above maximum, two defaults.
    const typo = await inject('PATCH', `/stores/${GRILL}/items/${CHEESEBURGER}`, alex, {
      version: before.version,
      prise: 5,
    });
    expect(typo.statusCode).toBe(422);
    expect(typo.json().problems).toEqual([
      { path: '$.prise', message: 'Unknown field "prise": the catalogue format has no such field here.' },
    ]);
    const group = await inject('POST', `/stores/${GRILL}/option-groups`, alex, {
      name: 'Buns',
      minimumChoices: 2,
      maximumChoices: 1,
      options: [
        { name: 'Brioche', isDefault: true },
        { name: 'Milk bun', price: 50, isDefault: true },
      ],
    });
    expect(group.statusCode).toBe(422);
    expect(group.json().problems).toEqual(
      expect.arrayContaining([
        {
          path: '$.minimumChoices',
          message: 'minimumChoices (2) is more than maximumChoices (1); use maximumChoices 0 for no limit.',
        },
        { path: '$.options[1].isDefault', message: 'Only one option can be the default (option 1 already is).' },
      ]),
    );
    const buns = await ctx.database.db.selectFrom('modifier_groups').select('id').where('name', '=', 'Buns').execute();
    expect(buns).toEqual([]);
  });

  it('refuses the second of two saves from the same version, naming who saved first and when', async () => {
    const { alex, sam } = await cookies();
    const read = itemOf(await storeMenu(GRILL, alex), 202);
    const first = await inject('PATCH', `/stores/${GRILL}/items/202`, alex, { version: read.version, price: 2050 });
    expect(first.statusCode, first.body).toBe(200);
    const second = await inject('PATCH', `/stores/${GRILL}/items/202`, sam, { version: read.version, price: 1850 });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      message: 'Changed by Alex Smith at 10:42; reload to see it.',
      changedBy: 'Alex Smith',
      changedAt: new Date(now).toISOString(),
      currentVersion: read.version + 1,
    });
    expect(itemOf(await storeMenu(GRILL, sam), 202).price).toBe(2050);
    // Two saves at once from the same version: one is saved, the other refused, whichever comes first.
    const current = itemOf(await storeMenu(GRILL, alex), 202);
    const answers = await Promise.all([
      inject('PATCH', `/stores/${GRILL}/items/202`, alex, { version: current.version, price: 2100 }),
      inject('PATCH', `/stores/${GRILL}/items/202`, sam, { version: current.version, price: 2200 }),
    ]);
    expect(answers.map((each) => each.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.find((each) => each.statusCode === 200)!.json() as AdminItem;
    expect(itemOf(await storeMenu(GRILL, sam), 202)).toMatchObject({
      price: winner.price,
      version: current.version + 1,
    });
    // A deletion from the old version is refused too.
    const deletion = await inject('DELETE', `/stores/${GRILL}/items/202?version=${read.version}`, sam);
    expect(deletion.statusCode).toBe(409);
    expect(itemOf(await storeMenu(GRILL, sam), 202)).toBeDefined();
  });

  it('changes a store without touching its pause, and keeps the open flag live; a concurrent store save is refused', async () => {
    const { alex, sam } = await cookies();
    const store = (await storeMenu(GRILL, alex)).store;
    // The staff pause the store after the manager opened the form.
    const pause = await ctx.app.inject({
      method: 'PATCH',
      url: `/ops/v1/vendor/${GRILL}`,
      headers: { authorization: `Bearer ${TEST_OPS_TOKEN}` },
      payload: { isPaused: true },
    });
    expect(pause.statusCode).toBe(200);
    const answer = await inject('PATCH', `/stores/${GRILL}`, alex, {
      version: store.version,
      phoneNumber: '02 9000 1234',
      vendorOrderConfiguration: { allowApplePay: false, deliveryMinAmount: 2500 },
      openingHours: [{ weekday: 'friday', opens: '18:00', closes: '02:00' }],
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({
      phoneNumber: '02 9000 1234',
      isPaused: true,
      vendorOrderConfiguration: { allowApplePay: false, deliveryMinAmount: 2500, availableServiceModes: ['TakeAway'] },
      openingHours: [{ weekday: 'friday', opens: '18:00', closes: '02:00' }],
    });
    const stale = await inject('PATCH', `/stores/${GRILL}`, sam, { version: store.version, storeName: 'Grill' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('Changed by Alex Smith at 10:42; reload to see it.');

    const bad = await inject('PATCH', `/stores/${GRILL}`, alex, {
      version: store.version + 1,
      vendorOrderConfiguration: { defaultOrderServiceMode: 'HomeDelivery' },
      openingHours: [{ weekday: 'Funday', opens: '25:00', closes: '02:00' }],
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().problems.map((p: { path: string }) => p.path)).toEqual(
      expect.arrayContaining([
        '$.vendorOrderConfiguration.defaultOrderServiceMode',
        '$.openingHours[0].weekday',
        '$.openingHours[0].opens',
      ]),
    );
    await ctx.app.inject({
      method: 'PATCH',
      url: `/ops/v1/vendor/${GRILL}`,
      headers: { authorization: `Bearer ${TEST_OPS_TOKEN}` },
      payload: { isPaused: false },
    });
  });

  it('adds, changes and deletes items and option groups; item types are renamed with their items', async () => {
    const { alex } = await cookies();
    const created = await inject('POST', `/stores/${GRILL}/option-groups`, alex, {
      name: 'Buns',
      minimumChoices: 1,
      maximumChoices: 1,
      selectionRequiredText: 'Choose a bun',
      options: [
        { name: 'Brioche', isDefault: true },
        { name: 'Milk bun', price: 50 },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const group = created.json() as AdminOptionGroup;
    expect(group.options.map((option) => [option.name, option.price, option.isDefault])).toEqual([
      ['Brioche', 0, true],
      ['Milk bun', 50, false],
    ]);
    const brioche = group.options[0]!;
    const changed = await inject('PATCH', `/stores/${GRILL}/option-groups/${group.id}`, alex, {
      version: group.version,
      options: [
        { id: brioche.id, name: 'Brioche', price: 0 },
        { name: 'Gluten-free bun', price: 150, isDefault: true },
      ],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const regrouped = changed.json() as AdminOptionGroup;
    expect(regrouped.options.map((option) => [option.name, option.isDefault])).toEqual([
      ['Brioche', false],
      ['Gluten-free bun', true],
    ]);

    const item = await inject('POST', `/stores/${GRILL}/items`, alex, {
      name: 'Bun only',
      price: 300,
      itemType: 'Sides',
      modifierGroupsIds: [group.id],
      currentInventory: 20,
    });
    expect(item.statusCode, item.body).toBe(201);
    const bun = item.json() as AdminItem;
    expect(await customerItem(GRILL, bun.id)).toMatchObject({ visible: true });

    // The group is on an item: it cannot go yet.
    const refused = await inject(
      'DELETE',
      `/stores/${GRILL}/option-groups/${group.id}?version=${regrouped.version}`,
      alex,
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json().problems[0].message).toBe(
      'Option group "Buns" is on Bun only: take it off those items first.',
    );

    const renamed = await inject('PUT', `/stores/${GRILL}/item-types`, alex, {
      version: (await storeMenu(GRILL, alex)).store.version,
      itemTypes: [
        { name: 'Burgers' },
        { name: 'Family Packs' },
        { name: 'Hot Dogs' },
        { name: 'On the side', renamedFrom: 'Sides' },
        { name: 'Drinks' },
      ],
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(itemOf(renamed.json(), bun.id).itemType).toBe('On the side');
    const dropped = await inject('PUT', `/stores/${GRILL}/item-types`, alex, {
      version: (renamed.json() as AdminStoreMenu).store.version,
      itemTypes: [{ name: 'Burgers' }, { name: 'Family Packs' }, { name: 'Hot Dogs' }, { name: 'Drinks' }],
    });
    expect(dropped.statusCode).toBe(422);
    expect(dropped.json().problems[0]).toMatchObject({ path: '$.itemTypes' });
    expect(dropped.json().problems[0].message).toMatch(/^Item type "On the side" still has items \(.*Bun only/);

    const bunNow = itemOf(renamed.json(), bun.id);
    expect(
      (await inject('DELETE', `/stores/${GRILL}/items/${bun.id}?version=${bunNow.version}`, alex)).statusCode,
    ).toBe(204);
    expect(await customerItem(GRILL, bun.id)).toBeUndefined();
    const gone = await inject(
      'DELETE',
      `/stores/${GRILL}/option-groups/${group.id}?version=${regrouped.version}`,
      alex,
    );
    expect(gone.statusCode, gone.body).toBe(204);
    const archived = await ctx.database.db
      .selectFrom('menu_items')
      .select(['archived', 'visible'])
      .where('id', '=', bun.id)
      .executeTakeFirstOrThrow();
    expect(archived).toEqual({ archived: 1, visible: 0 });
    expect((await auditOf('modifier_group', group.id)).map((entry) => entry.action)).toEqual([
      'modifier-group.create',
      'modifier-group.edit',
      'modifier-group.delete',
    ]);
  });

  it('keeps a store manager to his stores: 403 on every route of another store, and nothing changes', async () => {
    const { alex } = await cookies();
    const before = await ctx.database.db
      .selectFrom('menu_items')
      .select(['price_minor', 'edit_version'])
      .where('id', '=', HAZY_IPA)
      .executeTakeFirstOrThrow();
    const attempts: Array<[Method, string, unknown?]> = [
      ['GET', `/stores/${TAP_ROOM}`],
      ['PATCH', `/stores/${TAP_ROOM}`, { version: 0, storeName: 'Mine' }],
      ['DELETE', `/stores/${TAP_ROOM}?version=0`],
      ['PUT', `/stores/${TAP_ROOM}/item-types`, { version: 0, itemTypes: [] }],
      ['POST', `/stores/${TAP_ROOM}/items`, { name: 'Free beer', price: 0, itemType: 'Beer' }],
      ['PATCH', `/stores/${TAP_ROOM}/items/${HAZY_IPA}`, { version: 0, price: 1 }],
      ['DELETE', `/stores/${TAP_ROOM}/items/${HAZY_IPA}?version=0`],
      ['POST', `/stores/${TAP_ROOM}/option-groups`, { name: 'X', options: [] }],
      ['PATCH', `/stores/${TAP_ROOM}/option-groups/11`, { version: 0, name: 'X' }],
      ['DELETE', `/stores/${TAP_ROOM}/option-groups/11?version=0`],
      ['POST', `/stores/${TAP_ROOM}/staff-tokens`, { name: 'Sneaky' }],
      // Another store's answer is 403 before the body is looked at.
      ['PATCH', `/stores/${TAP_ROOM}/items/${HAZY_IPA}`, { price: 'free' }],
      ['POST', `/stores/${TAP_ROOM}/staff-tokens`, {}],
      ['DELETE', `/stores/${TAP_ROOM}/items/${HAZY_IPA}`],
      [
        'POST',
        '/stores',
        {
          storeName: 'Mine',
          geoLocation: { latitude: 0, longitude: 0 },
          tts: 0,
          vendorOrderConfiguration: { availableServiceModes: ['TakeAway'] },
        },
      ],
      ['POST', '/coupons', { code: 'ALEXFREE', kind: 'full', value: 0, vendorId: null }],
      ['POST', '/coupons', { code: 'TAPFREE', kind: 'full', value: 0, vendorId: TAP_ROOM }],
      ['GET', '/catalogue'],
      ['PUT', '/catalogue', { version: 1 }],
    ];
    for (const [method, url, body] of attempts) {
      const answer = await inject(method, url, alex, body);
      expect(answer.statusCode, `${method} ${url}: ${answer.body}`).toBe(403);
    }
    const welcome = await ctx.database.db
      .selectFrom('coupons')
      .select(['id', 'edit_version'])
      .where('code', '=', 'WELCOME10')
      .executeTakeFirstOrThrow();
    expect(
      (await inject('PATCH', `/coupons/${welcome.id}`, alex, { version: welcome.edit_version, value: 10_000 }))
        .statusCode,
    ).toBe(403);
    expect((await inject('DELETE', `/coupons/${welcome.id}?version=${welcome.edit_version}`, alex)).statusCode).toBe(
      403,
    );
    const tapToken = await ctx.app.inject({
      method: 'POST',
      url: `/ops/v1/vendor/${TAP_ROOM}/staff-tokens`,
      headers: { authorization: `Bearer ${TEST_OPS_TOKEN}` },
      payload: { name: 'Tap tablet' },
    });
    expect((await inject('DELETE', `/staff-tokens/${tapToken.json().id}`, alex)).statusCode).toBe(403);

    const after = await ctx.database.db
      .selectFrom('menu_items')
      .select(['price_minor', 'edit_version'])
      .where('id', '=', HAZY_IPA)
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);
    expect(
      await ctx.database.db.selectFrom('coupons').select('code').where('code', 'in', ['ALEXFREE', 'TAPFREE']).execute(),
    ).toEqual([]);
    const tokens = await ctx.database.db
      .selectFrom('staff_tokens')
      .select(['name', 'revoked_at'])
      .where('vendor_id', '=', TAP_ROOM)
      .execute();
    expect(tokens).toEqual([{ name: 'Tap tablet', revoked_at: null }]);
    // His coupons are his stores' only.
    const coupons = (await inject('GET', '/coupons', alex)).json() as Array<{ code: string }>;
    expect(coupons.map((coupon) => coupon.code)).toEqual(['BURGER20']);
  });

  it('makes, changes and deletes coupons through the catalogue’s rules; any-store coupons are the admin’s', async () => {
    const { admin, alex } = await cookies();
    const made = await inject('POST', '/coupons', alex, { code: 'GRILL5', kind: 'fixed', value: 500, vendorId: GRILL });
    expect(made.statusCode, made.body).toBe(201);
    const coupon = made.json() as { id: number; version: number; vendorId: number };
    expect(coupon.vendorId).toBe(GRILL);
    const percent = await inject('PATCH', `/coupons/${coupon.id}`, alex, {
      version: coupon.version,
      kind: 'percentage',
      value: 20_000,
    });
    expect(percent.statusCode).toBe(422);
    expect(percent.json().problems).toEqual([
      {
        path: '$.value',
        message: "A percentage coupon's value is in basis points, from 1 to 10000 (100 %); 20000 is not.",
      },
    ]);
    const moved = await inject('PATCH', `/coupons/${coupon.id}`, alex, { version: coupon.version, vendorId: null });
    expect(moved.statusCode).toBe(403);
    const taken = await inject('POST', '/coupons', alex, {
      code: 'BURGER20',
      kind: 'fixed',
      value: 100,
      vendorId: GRILL,
    });
    expect(taken.json().problems).toEqual([{ path: '$.code', message: 'Coupon code BURGER20 is already in use.' }]);

    const venueWide = await inject('POST', '/coupons', admin, {
      code: 'SUMMER',
      kind: 'percentage',
      value: 1500,
      vendorId: null,
      validFrom: '2026-12-01T00:00:00Z',
      validUntil: '2026-11-01T00:00:00Z',
    });
    expect(venueWide.statusCode).toBe(422);
    expect(venueWide.json().problems).toEqual([
      { path: '$.validUntil', message: 'The coupon ends (validUntil) before it starts (validFrom).' },
    ]);
    const deleted = await inject('DELETE', `/coupons/${coupon.id}?version=${coupon.version}`, alex);
    expect(deleted.statusCode).toBe(204);
    expect((await inject('GET', '/coupons', alex)).json().map((c: { code: string }) => c.code)).toEqual(['BURGER20']);
  });

  it('uploads a picture, answering its id and a preview URL, and a save naming a missing picture is refused', async () => {
    const { alex } = await cookies();
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c33' } })
      .png()
      .toBuffer();
    const upload = await ctx.app.inject({
      method: 'POST',
      url: '/admin/v1/pictures',
      headers: { cookie: alex, 'content-type': 'image/png' },
      payload: png,
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const picture = upload.json() as { id: number; url: string };
    expect(picture.url).toBe(`/v1/displayassets/${picture.id}/transformed/350x`);
    expect((await ctx.app.inject({ method: 'GET', url: picture.url })).statusCode).toBe(200);
    const item = itemOf(await storeMenu(GRILL, alex), 203);
    const saved = await inject('PATCH', `/stores/${GRILL}/items/203`, alex, {
      version: item.version,
      displayAssetId: picture.id,
    });
    expect(saved.json()).toMatchObject({ displayAssetId: picture.id });
    const missing = await inject('PATCH', `/stores/${GRILL}/items/203`, alex, {
      version: item.version + 1,
      displayAssetId: 999_999,
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().problems[0].path).toBe('$.displayAssetId');
    const text = await ctx.app.inject({
      method: 'POST',
      url: '/admin/v1/pictures',
      headers: { cookie: alex, 'content-type': 'text/plain' },
      payload: 'not a picture',
    });
    expect(text.statusCode).toBe(415);
  });

  it('exports and imports the whole catalogue from the back office (admin), as the operations API does', async () => {
    const { admin } = await cookies();
    const exported = await inject('GET', '/catalogue', admin);
    expect(exported.statusCode).toBe(200);
    const document = exported.json() as {
      venue: { id: number; gstRate: number };
      vendors: Array<{ id: number; items: Array<{ id: number; price: number; gstFree: boolean }> }>;
    };
    const ops = await ctx.app.inject({
      method: 'GET',
      url: '/ops/v1/venue/0/catalogue',
      headers: { authorization: `Bearer ${TEST_OPS_TOKEN}` },
    });
    expect(document).toEqual(ops.json());
    expect(document.venue.gstRate).toBe(1000);
    const grill = document.vendors.find((vendor) => vendor.id === GRILL)!;
    const burger = grill.items.find((item) => item.id === 204)!;
    burger.price = 1666;
    burger.gstFree = true;

    const imported = await inject('PUT', '/catalogue', admin, document);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toMatchObject({
      venueId: 0,
      updated: { items: 1 },
      buildSettings: { VITE_VENUE_ID: '0', VITE_CLIENT_ID: '1' },
    });
    expect((await customerItem(GRILL, 204))!.price.minorAmount).toBe(1666);
    const edited = itemOf(await storeMenu(GRILL, admin), 204);
    expect(edited).toMatchObject({ gstFree: true, updatedBy: 'Olive Owner' });

    // A document of another venue is refused, not applied to it.
    const other = await inject('PUT', '/catalogue?venueId=5', admin, document);
    expect(other.statusCode).toBe(422);
    expect(other.json().problems).toContainEqual({
      path: '$.venue.id',
      message: 'The document is the catalogue of venue 0, but was sent for venue 5.',
    });

    burger.price = -1;
    const rejected = await inject('PUT', '/catalogue', admin, document);
    expect(rejected.statusCode).toBe(422);
    expect(rejected.json().problems).toEqual([
      {
        path: expect.stringMatching(/^\$\.vendors\[\d+\]\.items\[\d+\]\.price$/),
        message: 'A price must not be negative.',
      },
    ]);
    const audit = await auditOf('venue', 0);
    expect(audit.at(-1)).toMatchObject({ action: 'catalogue.import' });
    expect(audit.at(-1)!.actor).toMatch(/^manager:\d+:Olive Owner$/);
  });

  it('makes a store (admin only) and deletes it with its coupons', async () => {
    const { admin, alex } = await cookies();
    const body = {
      storeName: 'Taco Stand',
      location: 'Gate C',
      geoLocation: { latitude: -33.86, longitude: 151.2 },
      tts: 600_000,
      vendorOrderConfiguration: { availableServiceModes: ['TakeAway'] },
      openingHours: [{ weekday: 'saturday', opens: '11:00', closes: '24:00' }],
      itemTypes: ['Tacos'],
    };
    expect((await inject('POST', '/stores', alex, body)).statusCode).toBe(403);
    const made = await inject('POST', '/stores', admin, body);
    expect(made.statusCode, made.body).toBe(201);
    const store = made.json() as { id: number; version: number; venueId: number };
    expect(store.venueId).toBe(0);
    const item = await inject('POST', `/stores/${store.id}/items`, admin, {
      name: 'Fish taco',
      price: 700,
      itemType: 'Tacos',
    });
    expect(item.statusCode, item.body).toBe(201);
    const vendors = (await ctx.app.inject({ method: 'GET', url: '/v1/venue/0/vendors' })).json() as Array<{
      id: number;
    }>;
    expect(vendors.map((vendor) => vendor.id)).toContain(store.id);
    const coupon = await inject('POST', '/coupons', admin, {
      code: 'TACO1',
      kind: 'fixed',
      value: 100,
      vendorId: store.id,
    });
    expect(coupon.statusCode).toBe(201);

    const removed = await inject('DELETE', `/stores/${store.id}?version=${store.version}`, admin);
    expect(removed.statusCode, removed.body).toBe(204);
    const after = (await ctx.app.inject({ method: 'GET', url: '/v1/venue/0/vendors' })).json() as Array<{ id: number }>;
    expect(after.map((vendor) => vendor.id)).not.toContain(store.id);
    // The export stays importable: the store's coupon went with it.
    const exported = (await inject('GET', '/catalogue', admin)).json();
    expect((await inject('PUT', '/catalogue', admin, exported)).statusCode).toBe(200);
  });

  it('lists every store’s staff tokens (a store manager: his), makes one with its sign-in link, and revokes it', async () => {
    const { admin, alex } = await cookies();
    const made = await inject('POST', `/stores/${GRILL}/staff-tokens`, alex, { name: 'Grill tablet' });
    expect(made.statusCode, made.body).toBe(201);
    const token = made.json() as { id: number; token: string; signInUrl: string; signInQrSvg: string };
    expect(token.token).toMatch(/^vst_/);
    expect(token.signInUrl).toContain(`/staff#token=${token.token}`);
    expect(token.signInQrSvg).toMatch(/^<svg/);
    const works = await ctx.app.inject({
      method: 'GET',
      url: `/ops/v1/vendor/${GRILL}`,
      headers: { authorization: `Bearer ${token.token}` },
    });
    expect(works.statusCode).toBe(200);

    const mine = (await inject('GET', '/staff-tokens', alex)).json() as Array<{ vendorId: number; storeName: string }>;
    expect(new Set(mine.map((each) => each.vendorId))).toEqual(new Set([GRILL]));
    expect(mine[0]!.storeName).toBe('Grill & Bun');
    const every = (await inject('GET', '/staff-tokens', admin)).json() as Array<{ vendorId: number; name: string }>;
    expect(every.map((each) => each.vendorId)).toContain(TAP_ROOM);
    expect(JSON.stringify(every)).not.toContain('vst_');

    expect((await inject('DELETE', `/staff-tokens/${token.id}`, alex)).statusCode).toBe(204);
    const revoked = await ctx.app.inject({
      method: 'GET',
      url: `/ops/v1/vendor/${GRILL}`,
      headers: { authorization: `Bearer ${token.token}` },
    });
    expect(revoked.statusCode).toBe(401);
    const audit = await auditOf('staff_token', token.id);
    expect(audit.map((entry) => [entry.action, entry.actor.replace(/:\d+:/, ':')])).toEqual([
      ['staff-token.create', 'manager:Alex Smith'],
      ['staff-token.revoke', 'manager:Alex Smith'],
    ]);
  });

  it('answers 401 without a session and 404 for a store that does not exist', async () => {
    const { admin } = await cookies();
    expect((await ctx.app.inject({ method: 'GET', url: '/admin/v1/stores' })).statusCode).toBe(401);
    expect((await inject('GET', '/stores/9999', admin)).statusCode).toBe(404);
    expect((await inject('PATCH', '/stores/9999/items/1', admin, { version: 0 })).statusCode).toBe(404);
    const notJson = await inject('PATCH', `/stores/${GRILL}/items/${CHEESEBURGER}`, admin, [1, 2]);
    expect(notJson.statusCode).toBe(422);
    const count = await sql<{ n: number }>`select count(*) as n from menu_items`.execute(ctx.database.db);
    expect(Number(count.rows[0]!.n)).toBeGreaterThan(40);
  });
});
