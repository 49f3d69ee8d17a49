// The back office's orders, refunds and takings (issue 26 §3–4), through the API on SQLite and
// PostgreSQL: search by number, name, mobile and email within venue days; one order with its
// payments, refunds and history; refunds in full, by line, by amount, after collection, never over
// what was paid, once per key under retries and at once, a refused refund recorded nowhere; the
// coupon's use given back; the refund email; takings that add up to the cent with GST; CSV; scope.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AdminOrderDetail, AdminOrderList, AdminRefund } from '@venue/contract/admin-orders';
import { Takings, TAKINGS_RANGE_MESSAGE } from '@venue/contract/admin-reports';
import type { PlacedOrder } from '@venue/contract/order';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createManager } from '../../modules/managers/managers.service.ts';
import { REFUND_KEY_REUSED_MESSAGE } from '../../modules/payments/refunds.service.ts';
import { paidTestOrder, placeTestOrder } from '../../test/checkout.ts';
import { databases } from '../../test/databases.ts';
import { signedInject, type Signer } from '../../test/signed-requests.ts';
import { TEST_OPS_TOKEN, useTestApp } from '../../test/test-app.ts';

const PASSWORD = 'a long enough pass phrase';
const GRILL = 2;
/** Sydney, summer (UTC+11): 2026-11-27 10:00 local is 2026-11-26 23:00 UTC. */
const MORNING = Date.UTC(2026, 10, 26, 23, 0);
const burger = { menuItemId: 213, quantity: 2, modifiers: [] }; // Onion Rings, no options
const cheeseburger = (quantity: number) => ({
  menuItemId: 201,
  quantity,
  modifiers: [{ modifierId: 2003 }, { modifierId: 2011 }],
});

describe.each(databases)('back-office orders, refunds and takings on $name', (testDatabase) => {
  const outbox = mkdtempSync(join(tmpdir(), 'admin-orders-outbox-'));
  afterAll(() => rmSync(outbox, { recursive: true, force: true }));
  let now = MORNING;
  const ctx = useTestApp(testDatabase, { clock: () => now, env: { OUTBOX_DIR: outbox } });

  const admin = (method: string, url: string, cookie: string, body?: unknown, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method: method as 'GET',
      url: `/admin/v1${url}`,
      headers: { cookie, ...headers },
      ...(body !== undefined ? { payload: body as object } : {}),
    });

  async function signedIn(email: string, role: 'admin' | 'store', vendorIds?: number[]) {
    const { token } = await createManager(
      ctx.database.db,
      { email, name: role === 'admin' ? 'Alex Owner' : 'Sam Grill', role, ...(vendorIds ? { vendorIds } : {}) },
      'test',
      now,
    );
    const set = await ctx.app.inject({
      method: 'POST',
      url: '/admin/v1/password',
      payload: { token, password: PASSWORD },
    });
    expect(set.statusCode, set.body).toBe(204);
    const session = await ctx.app.inject({
      method: 'POST',
      url: '/admin/v1/session',
      payload: { email, password: PASSWORD },
    });
    expect(session.statusCode, session.body).toBe(204);
    return String(session.headers['set-cookie']).split(';')[0]!;
  }

  async function customer(fullName: string, mobile: string, email?: string): Promise<Signer> {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v1/consumer/create',
      payload: { contact: { mobile, ...(email ? { email } : {}) }, name: { fullName } },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Signer;
  }

  const moveTo = (vendorId: number, orderId: number, status: string) =>
    ctx.app.inject({
      method: 'POST',
      url: `/ops/v1/vendor/${vendorId}/order/${orderId}/status`,
      headers: { authorization: `Bearer ${TEST_OPS_TOKEN}` },
      payload: { status },
    });

  const mailsTo = (address: string) =>
    readdirSync(outbox)
      .filter((name) => name.endsWith('.eml'))
      .map((name) => readFileSync(join(outbox, name), 'utf8').replace(/=\r?\n/g, ''))
      .filter((eml) => eml.includes(`To: ${address}`));

  let owner: string;
  let grillManager: string;
  let mei: Signer;
  let meiOrder: PlacedOrder;
  let otherStoreOrder: PlacedOrder;
  let otherStore: number;

  beforeAll(async () => {
    // Onion rings are sold GST-free: the orders keep what they paid for them.
    await ctx.database.db.updateTable('menu_items').set({ gst_free: 1 }).where('id', '=', 213).execute();
    await ctx.database.db
      .updateTable('vendors')
      .set((eb) => ({ menu_version: eb('menu_version', '+', 1) }))
      .where('id', '=', GRILL)
      .execute();
    owner = await signedIn('owner@venue.example', 'admin');
    grillManager = await signedIn('grill@venue.example', 'store', [GRILL]);
    mei = await customer('Mei Chen', '0412 345 678', 'mei@example.com');
    meiOrder = await paidTestOrder(ctx.app, mei, GRILL, [cheeseburger(2), burger]);
    const vendors = (await ctx.app.inject({ method: 'GET', url: '/v1/venue/0/vendors' })).json() as Array<{
      id: number;
      isOpen: boolean;
      isPaused: boolean;
    }>;
    otherStore = vendors.find((vendor) => vendor.id !== GRILL && vendor.isOpen && !vendor.isPaused)!.id;
    const menu = (await ctx.app.inject({ method: 'GET', url: `/v1/vendor/${otherStore}/current-menu` })).json() as {
      items: Array<{ id: number; visible: boolean; currentInventory: number | null; modifierGroupsIds: number[] }>;
    };
    const plain = menu.items.find((i) => i.visible && i.currentInventory !== 0 && i.modifierGroupsIds.length === 0)!;
    const jo = await customer('Jo Other', '0499 000 111');
    otherStoreOrder = await paidTestOrder(ctx.app, jo, otherStore, [
      { menuItemId: plain.id, quantity: 1, modifiers: [] },
    ]);
  });

  const detail = async (orderId: number, cookie = owner) => {
    const res = await admin('GET', `/orders/${orderId}`, cookie);
    expect(res.statusCode, res.body).toBe(200);
    return AdminOrderDetail.parse(res.json());
  };
  const refund = (orderId: number, body: unknown, key: string, cookie = owner) =>
    admin('POST', `/orders/${orderId}/refunds`, cookie, body, { 'idempotency-key': key });

  it('finds an order by its number, the mobile, the name or the email as given, newest first, within venue days', async () => {
    const search = async (query: string, cookie = owner) => {
      const res = await admin('GET', `/orders?${query}`, cookie);
      expect(res.statusCode, res.body).toBe(200);
      return AdminOrderList.parse(res.json());
    };
    const ticket = String(meiOrder.id).padStart(3, '0');
    for (const q of [ticket, '0412 345 678', '345678', 'mei chen', 'CHEN', 'mei@example.com']) {
      const { orders } = await search(`q=${encodeURIComponent(q)}`);
      expect(
        orders.map((order) => order.id),
        q,
      ).toContain(meiOrder.id);
      expect(
        orders.map((order) => order.id),
        q,
      ).not.toContain(otherStoreOrder.id);
    }
    const found = (await search(`q=${ticket}`)).orders.find((order) => order.id === meiOrder.id)!;
    expect(found).toMatchObject({
      storeName: 'Grill & Bun',
      customerName: 'Mei Chen',
      customerMobile: '0412345678',
      customerEmail: 'mei@example.com',
      totalMinor: meiOrder.paymentSummary.total.minorAmount,
      refundedMinor: 0,
    });
    // 10:00 on the 27th in Sydney is the 26th in UTC: the venue's day holds it.
    expect((await search('from=2026-11-27&to=2026-11-27')).orders.map((o) => o.id)).toContain(meiOrder.id);
    expect((await search('from=2026-11-26&to=2026-11-26')).orders).toEqual([]);
    // Newest first, paged by the cursor.
    const first = await search('limit=1');
    expect(first.orders[0]!.id).toBe(otherStoreOrder.id);
    expect(first.next).not.toBeNull();
    const second = await search(`limit=1&cursor=${first.next}`);
    expect(second.orders[0]!.id).toBe(meiOrder.id);
    // A store manager sees his stores only, and is refused another store.
    expect((await search('', grillManager)).orders.map((o) => o.vendorId)).toEqual([GRILL]);
    expect((await admin('GET', `/orders?vendorId=${otherStore}`, grillManager)).statusCode).toBe(403);
    // Bad input is a 400 with a message.
    for (const query of [
      'from=2026-13-01',
      'to=yesterday',
      'from=2026-11-28&to=2026-11-27',
      'status=Lost',
      'cursor=abc',
      'limit=0',
    ]) {
      const res = await admin('GET', `/orders?${query}`, owner);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toBeTruthy();
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/admin/v1/orders' })).statusCode).toBe(401);
  });

  it('reads blank search parameters as left out, as a search form sends them', async () => {
    const all = await admin('GET', '/orders', owner);
    const blank = await admin('GET', '/orders?q=&from=&to=&vendorId=&status=&cursor=', owner);
    expect(blank.statusCode, blank.body).toBe(200);
    expect(blank.json()).toEqual(all.json());
    const byMobile = await admin('GET', '/orders?q=0412%20345%20678&from=&to=&status=', owner);
    expect(AdminOrderList.parse(byMobile.json()).orders.map((order) => order.id)).toEqual([meiOrder.id]);
  });

  it("shows an order's lines, customer, payment (brand and last four) and history", async () => {
    const order = await detail(meiOrder.id);
    expect(order.lines.map((line) => [line.name, line.quantity])).toEqual([
      ['Classic Cheeseburger', 2],
      ['Onion Rings', 2],
    ]);
    expect(order.lines[0]!.options.length).toBe(2);
    const linesSum = order.lines.reduce((sum, line) => sum + line.priceMinor, 0);
    const charges = order.charges.reduce((sum, charge) => sum + charge.amountMinor, 0);
    expect(linesSum + charges - order.discountMinor).toBe(order.totalMinor);
    expect(order.payments).toEqual([
      expect.objectContaining({
        method: 'card',
        status: 'Succeeded',
        amountMinor: order.totalMinor,
        cardBrand: 'Visa',
        cardLastFour: '4242',
      }),
    ]);
    expect(order.refundableMinor).toBe(order.totalMinor);
    expect(order.history.map((event) => event.summary)).toEqual(['Placed', expect.stringMatching(/^Paid \$/)]);
    // Another store's order: 403 for a store manager.
    expect((await admin('GET', `/orders/${otherStoreOrder.id}`, grillManager)).statusCode).toBe(403);
    expect((await admin('GET', '/orders/999999', owner)).statusCode).toBe(404);
  });

  it('refunds one line after collection, once per key, emails the customer, and shows who did it', async () => {
    expect((await moveTo(GRILL, meiOrder.id, 'PendingAlerted')).statusCode).toBe(200);
    expect((await moveTo(GRILL, meiOrder.id, 'Serviced')).statusCode).toBe(200);
    const before = await detail(meiOrder.id);
    const pork = before.lines.find((line) => line.name === 'Onion Rings')!;
    now += 60_000;
    const body = { lines: [{ lineId: pork.lineId, quantity: 1 }], reason: 'Cold roll' };
    const [first, again] = [await refund(meiOrder.id, body, 'refund-1'), await refund(meiOrder.id, body, 'refund-1')];
    expect(first.statusCode, first.body).toBe(201);
    const given = AdminRefund.parse(first.json());
    expect(given).toMatchObject({
      amountMinor: pork.perItemMinor,
      reason: 'Cold roll',
      method: 'card',
      cardLastFour: '4242',
      by: 'Alex Owner',
    });
    expect(again.statusCode).toBe(201);
    expect(again.json().id).toBe(given.id);
    // The same key with another ask is not a retry: refused, and nothing more is given.
    const reused = await refund(meiOrder.id, { amountMinor: 100, reason: 'Cold roll' }, 'refund-1');
    expect(reused.statusCode).toBe(422);
    expect(reused.json().message).toBe(REFUND_KEY_REUSED_MESSAGE);

    const after = await detail(meiOrder.id);
    expect(after.refunds).toHaveLength(1);
    expect(after.refundedMinor).toBe(pork.perItemMinor);
    expect(after.refundableMinor).toBe(after.totalMinor - pork.perItemMinor);
    expect(after.lines.find((line) => line.lineId === pork.lineId)!.refundedQuantity).toBe(1);
    expect(after.history.at(-1)).toMatchObject({
      by: 'Alex Owner',
      summary: expect.stringMatching(/^Refunded \$\d+\.\d\d: Cold roll$/),
    });
    expect(after.history.map((event) => event.summary)).toContain('Ready → Collected');

    await vi.waitFor(() => expect(mailsTo('mei@example.com')).toHaveLength(1));
    const mail = mailsTo('mei@example.com')[0]!;
    expect(mail).toContain(`has been refunded to your card ending 4242.`);
    expect(mail).toContain('Reason: Cold roll');

    // The rest of that line, and no more of it.
    expect(
      (await refund(meiOrder.id, { lines: [{ lineId: pork.lineId, quantity: 2 }], reason: 'x' }, 'refund-2'))
        .statusCode,
    ).toBe(409);
  });

  it('never refunds more than was paid, even when asked at once with different keys', async () => {
    const order = await detail(meiOrder.id);
    const left = order.refundableMinor;
    const over = await refund(meiOrder.id, { amountMinor: left + 1, reason: 'Too much' }, 'over');
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toMatch(/more than is left to refund/);
    // Five managers' clicks at once, each for 40 % of what is left: at most two go through.
    const share = Math.floor(left * 0.4);
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map((n) => refund(meiOrder.id, { amountMinor: share, reason: 'Rush' }, `rush-${n}`)),
    );
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(2);
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(3);
    const after = await detail(meiOrder.id);
    expect(after.refundableMinor).toBe(left - 2 * share);
    // The gateway agrees.
    const charged = await ctx.database.db
      .selectFrom('gateway_transactions')
      .select(['amount_minor', 'refunded_minor'])
      .where('result_code', '=', 1)
      .execute();
    expect(charged.some((row) => row.refunded_minor === after.refundedMinor)).toBe(true);
    // The rest in full; then nothing is left.
    const rest = await refund(meiOrder.id, { reason: 'Goodwill' }, 'rest');
    expect(rest.statusCode, rest.body).toBe(201);
    expect(rest.json().amountMinor).toBe(left - 2 * share);
    const done = await refund(meiOrder.id, { amountMinor: 1, reason: 'One more' }, 'more');
    expect(done.statusCode).toBe(409);
    expect(done.json().message).toBe('This order has been refunded in full already.');
  });

  it('records nothing when the gateway refuses, and refuses bad requests with a message', async () => {
    const sam = await customer('Sam Refused', '0400 111 222');
    const order = await paidTestOrder(ctx.app, sam, GRILL, [burger]);
    const refused = await refund(order.id, { amountMinor: 13, reason: 'Test refusal' }, 'refused');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toMatch(/did not go through.*Nothing was refunded/);
    const after = await detail(order.id);
    expect(after.refunds).toEqual([]);
    expect(after.history.at(-1)!.summary).toMatch(/refused by the gateway/);
    for (const [body, headers] of [
      [{ reason: 'x' }, {}],
      [{ reason: '' }, { 'idempotency-key': 'k1' }],
      [{ amountMinor: -5, reason: 'x' }, { 'idempotency-key': 'k2' }],
      [{ amountMinor: 5, lines: [{ lineId: 1, quantity: 1 }], reason: 'x' }, { 'idempotency-key': 'k3' }],
      [{ lines: [{ lineId: 999999, quantity: 1 }], reason: 'x' }, { 'idempotency-key': 'k4' }],
    ] as const) {
      const res = await admin('POST', `/orders/${order.id}/refunds`, owner, body, headers);
      expect(res.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, JSON.stringify(body)).toBeLessThan(500);
      expect(res.json().message).toBeTruthy();
    }
    const reasonless = await refund(order.id, { amountMinor: 5 }, 'k5');
    expect([reasonless.statusCode, reasonless.json().message]).toEqual([
      400,
      'reason: Please give a reason for the refund.',
    ]);
    expect((await detail(order.id)).refunds).toEqual([]);
    // A store manager cannot refund another store's order (with a key or without), and nothing changes.
    const other = await refund(otherStoreOrder.id, { reason: 'Not mine' }, 'not-mine', grillManager);
    expect(other.statusCode).toBe(403);
    const keyless = await admin('POST', `/orders/${otherStoreOrder.id}/refunds`, grillManager, { reason: 'Not mine' });
    expect(keyless.statusCode).toBe(403);
    expect((await detail(otherStoreOrder.id)).refunds).toEqual([]);
    // An order never paid has nothing to refund.
    const unpaid = await placeTestOrder(ctx.app, sam, GRILL, [burger]);
    expect((await refund(unpaid.id, { reason: 'Nothing' }, 'unpaid')).statusCode).toBe(409);
  });

  it("gives a coupon-paid order's coupon use back, once", async () => {
    const ali = await customer('Ali Coupon', '0400 333 444');
    const order = await placeTestOrder(ctx.app, ali, GRILL, [burger]);
    expect(
      (
        await signedInject(ctx.app, ali, {
          method: 'PUT',
          url: `/v1/current-consumer/order/${order.id}/coupon?couponCode=FREEMEAL`,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await signedInject(ctx.app, ali, {
          method: 'POST',
          url: `/v1/current-consumer/order/${order.id}/coupon/purchase`,
          payload: {},
        })
      ).statusCode,
    ).toBe(200);
    const used = async () =>
      (
        await ctx.database.db
          .selectFrom('coupons')
          .select('used_count')
          .where('code', '=', 'FREEMEAL')
          .executeTakeFirstOrThrow()
      ).used_count;
    const before = await used();
    const res = await refund(order.id, { reason: 'Wrong order' }, 'coupon-back');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ amountMinor: 0, method: 'coupon', couponCode: 'FREEMEAL' });
    expect(await used()).toBe(before - 1);
    expect((await refund(order.id, { reason: 'Again' }, 'coupon-again')).statusCode).toBe(409);
    expect(await used()).toBe(before - 1);
  });

  it('reports takings that add up with the orders to the cent, GST-free items left out of GST, and CSV', async () => {
    const res = await admin('GET', '/reports/takings?from=2026-11-27&by=store', owner);
    expect(res.statusCode, res.body).toBe(200);
    const report = Takings.parse(res.json());
    expect(report.timeZone).toBe('Australia/Sydney');
    // Sum the day's orders through the order API.
    const list = AdminOrderList.parse(
      (await admin('GET', '/orders?from=2026-11-27&to=2026-11-27&limit=200', owner)).json(),
    );
    const paid = list.orders.filter((order) => order.paidAt !== null);
    expect(report.totals.orders).toBe(paid.length);
    let gross = 0;
    let discounts = 0;
    let charges = 0;
    let refunds = 0;
    for (const summary of paid) {
      const order = await detail(summary.id);
      gross += order.subtotalMinor;
      discounts += order.discountMinor;
      charges += order.charges.reduce((sum, charge) => sum + charge.amountMinor, 0);
      refunds += order.refunds.reduce((sum, given) => sum + given.amountMinor, 0);
    }
    expect(report.totals).toMatchObject({
      grossMinor: gross,
      discountsMinor: discounts,
      serviceChargesMinor: charges,
      refundsMinor: refunds,
      netMinor: gross - discounts + charges - refunds,
    });
    // GST is at most a eleventh of net, and less when a GST-free item sold.
    expect(report.totals.gstMinor).toBeGreaterThan(0);
    expect(report.totals.gstMinor).toBeLessThan(Math.round(report.totals.netMinor / 11));
    const stored = await ctx.database.db
      .selectFrom('orders')
      .select('gst_free_minor')
      .where('id', '=', meiOrder.id)
      .executeTakeFirstOrThrow();
    expect(stored.gst_free_minor).toBe(2 * 800); // two onion rings
    // The rows add up to the totals; by hour too.
    const sum = (key: 'netMinor' | 'gstMinor') =>
      (report.rows as Array<Record<string, number>>).reduce((s, row) => s + row[key]!, 0);
    expect(sum('netMinor')).toBe(report.totals.netMinor);
    expect(sum('gstMinor')).toBe(report.totals.gstMinor);
    const byHour = Takings.parse((await admin('GET', '/reports/takings?from=2026-11-27&by=hour', owner)).json());
    expect(byHour.totals).toEqual(report.totals);
    expect(byHour.rows.map((row) => (row as { hour: number }).hour)).toEqual([10]);
    const byItem = Takings.parse((await admin('GET', '/reports/takings?from=2026-11-27&by=item', owner)).json());
    expect((byItem.rows as Array<{ grossMinor: number }>).reduce((s, row) => s + row.grossMinor, 0)).toBe(gross);
    expect(report.byMethod.find((row) => row.method === 'card')!.refundsMinor).toBeGreaterThan(0);
    // The day before holds nothing.
    expect(Takings.parse((await admin('GET', '/reports/takings?from=2026-11-26', owner)).json()).totals.orders).toBe(0);
    // A year is the longest range: a leap year's 366 days answer, one day more is refused in words.
    expect((await admin('GET', '/reports/takings?from=2024-01-01&to=2024-12-31', owner)).statusCode).toBe(200);
    const tooLong = await admin('GET', '/reports/takings?from=2024-01-01&to=2025-01-01', owner);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toContain(TAKINGS_RANGE_MESSAGE);

    // CSV: the report, and the orders one row per line adding up to what was paid.
    const csv = await admin('GET', '/reports/takings?from=2026-11-27&by=store&format=csv', owner);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="takings-by-store-2026-11-27\.csv"/);
    const csvRows = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(csvRows[0]).toBe(
      'From,To,Store,Orders,Gross sales,Coupon discounts,Service charges,Refunds,Net,GST included,Average order',
    );
    expect(csvRows.at(-1)).toContain(`Total,${report.totals.orders},${report.totals.grossMinor / 100}`);
    const orders = await admin('GET', '/orders.csv?from=2026-11-27&to=2026-11-27', owner);
    expect(orders.statusCode, orders.body).toBe(200);
    const lines = orders.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
      .map((row) => row.split(','));
    const header = lines[0]!;
    const total = header.indexOf('Line total');
    const paidSum = lines.slice(1).reduce((s, row) => s + Math.round(Number(row[total]) * 100), 0);
    expect(paidSum).toBe(gross - discounts + charges);

    // A store manager's report covers his store only; another store's is refused.
    const grill = Takings.parse((await admin('GET', '/reports/takings?from=2026-11-27', grillManager)).json());
    expect(grill.rows.map((row) => (row as { vendorId: number }).vendorId)).toEqual([GRILL]);
    expect(
      (await admin('GET', `/reports/takings?from=2026-11-27&vendorId=${otherStore}`, grillManager)).statusCode,
    ).toBe(403);
    // Days gone by are read once and remembered; today is read again: a range across both adds up the same.
    const twoDays = Takings.parse((await admin('GET', '/reports/takings?from=2026-11-26&to=2026-11-27', owner)).json());
    expect(twoDays.totals).toEqual(report.totals);
    // The next day, signed in again (a session ends after 8 hours without use).
    now += 86_400_000;
    const nextDay = await ctx.app.inject({
      method: 'POST',
      url: '/admin/v1/session',
      payload: { email: 'owner@venue.example', password: PASSWORD },
    });
    const ownerNextDay = String(nextDay.headers['set-cookie']).split(';')[0]!;
    const acrossMidnight = Takings.parse(
      (await admin('GET', '/reports/takings?from=2026-11-27&to=2026-11-28', ownerNextDay)).json(),
    );
    expect(acrossMidnight.totals).toEqual(report.totals);
    // A refund today counts today, beside the remembered past.
    const late = await refund(otherStoreOrder.id, { amountMinor: 100, reason: 'Late' }, 'late-refund', ownerNextDay);
    expect(late.statusCode, late.body).toBe(201);
    const withLate = Takings.parse(
      (await admin('GET', '/reports/takings?from=2026-11-27&to=2026-11-28', ownerNextDay)).json(),
    );
    expect(withLate.totals.refundsMinor).toBe(report.totals.refundsMinor + 100);
    expect(withLate.totals.netMinor).toBe(report.totals.netMinor - 100);
    now -= 86_400_000;
    // Without days, today; blank parameters (a form's empty fields) are the same as none.
    for (const query of ['', 'by=store', 'from=&to=&by=', 'to=2026-11-27']) {
      const answer = await admin('GET', `/reports/takings?${query}`, owner);
      expect(answer.statusCode, `${query}: ${answer.body}`).toBe(200);
      expect(Takings.parse(answer.json())).toMatchObject({
        from: '2026-11-27',
        to: '2026-11-27',
        totals: report.totals,
      });
    }
    const blankCsv = await admin('GET', '/orders.csv?from=&to=', owner);
    const todayCsv = await admin('GET', '/orders.csv?from=2026-11-27&to=2026-11-27', owner);
    expect([blankCsv.statusCode, blankCsv.body]).toEqual([200, todayCsv.body]);
    for (const query of [
      'from=27-11-2026',
      'from=2026-11-27&by=week',
      'from=2026-11-28&to=2026-11-27',
      'from=2026-11-27&format=xml',
    ]) {
      expect((await admin('GET', `/reports/takings?${query}`, owner)).statusCode, query).toBe(400);
    }
  });

  it("answers today's figures and each store's state", async () => {
    const res = await admin('GET', '/reports/today', grillManager);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { day: string; stores: Array<{ vendorId: number; state: string; queueLength: number }> };
    expect(body.day).toBe('2026-11-27');
    expect(body.stores.map((store) => store.vendorId)).toEqual([GRILL]);
    expect(['open', 'paused', 'closed']).toContain(body.stores[0]!.state);
  });
});
