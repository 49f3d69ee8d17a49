import { ErrorBody } from '@venue/contract/common';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { initiateTestPayment, orderKey, placeTestOrder } from '../test/checkout.ts';
import { databases } from '../test/databases.ts';
import { createTestConsumer, signedInject } from '../test/signed-requests.ts';
import { useTestApp } from '../test/test-app.ts';
import { findNul } from './request-validation.ts';

const NOW = Date.parse('2026-11-23T02:00:00.000Z');
const cheeseburger = { menuItemId: 201, quantity: 1, modifiers: [{ modifierId: 2003 }, { modifierId: 2011 }] };

describe('findNul', () => {
  it('names the first string value or key holding U+0000, however deep', () => {
    expect(findNul({ name: { fullName: 'Sam\u0000Lee' } })).toEqual(['name', 'fullName']);
    expect(findNul({ orderItems: [{ note: 'ok' }, { note: '\u0000' }] })).toEqual(['orderItems', 1, 'note']);
    expect(findNul({ attributes: { 'table\u0000': '4' } })).toEqual(['attributes', 'table\u0000']);
    expect(findNul('\u0000')).toEqual([]);
  });

  it('passes everything else, other control characters and odd unicode included', () => {
    expect(findNul({ a: 'line\nbreak\ttab', b: ['🍔', 'e\u0301', '\u202E', '\uD800'], c: 0, d: null, e: true })).toBe(
      null,
    );
  });
});

describe.each(databases)('text with NUL characters on $name', (database) => {
  const ctx = useTestApp(database, { clock: () => NOW });
  const count = async (table: 'consumers' | 'orders') =>
    Number(
      (await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(ctx.database.db)).rows[0]!.n,
    );

  it('answers 400 naming the field, and stores nothing, where PostgreSQL would have failed with a 500', async () => {
    const consumers = await count('consumers');
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/v1/consumer/create',
      payload: { name: { fullName: 'Sam\u0000Lee' }, contact: { email: 'sam@example.com' } },
    });
    expect(created.statusCode).toBe(400);
    expect(ErrorBody.parse(created.json()).message).toBe('name.fullName: must not contain the NUL character (\\u0000)');
    expect(await count('consumers')).toBe(consumers);

    const consumer = await createTestConsumer(ctx.app);
    const updated = await signedInject(ctx.app, consumer, {
      method: 'POST',
      url: '/v1/current-consumer/update',
      payload: { name: { fullName: '\u0000' } },
    });
    expect(updated.statusCode).toBe(400);
    expect(ErrorBody.parse(updated.json()).message).toMatch(/^name\.fullName: must not contain the NUL/);

    const orders = await count('orders');
    for (const [url, payload] of [
      ['/v1/vendor/2/place-order', { orderItems: [{ ...cheeseburger, note: 'no\u0000onions' }] }],
      ['/v1/vendor/2/place-order?campaignId=a%00b', { orderItems: [cheeseburger] }],
      ['/v1/vendor/2/place-order', { orderItems: [cheeseburger], attributes: { 'table\u0000': '4' } }],
    ] as const) {
      const res = await signedInject(ctx.app, consumer, {
        method: 'POST',
        url,
        payload: { serviceMode: 'TakeAway', ...payload },
        headers: orderKey(),
      });
      expect(res.statusCode, url).toBe(400);
      expect(ErrorBody.parse(res.json()).message).toMatch(/must not contain the NUL character/);
    }
    expect(await count('orders')).toBe(orders);
  });

  it('checks query strings too: a coupon code and the sandbox card request', async () => {
    const consumer = await createTestConsumer(ctx.app);
    const order = await placeTestOrder(ctx.app, consumer, 2, [cheeseburger]);
    const coupon = await signedInject(ctx.app, consumer, {
      method: 'PUT',
      url: `/v1/current-consumer/order/${order.id}/coupon?couponCode=HALF%00PRICE`,
    });
    expect(coupon.statusCode).toBe(400);
    expect(ErrorBody.parse(coupon.json()).message).toBe('couponCode: must not contain the NUL character (\\u0000)');

    const payment = await initiateTestPayment(ctx.app, consumer, order);
    const card = await ctx.app.inject({
      method: 'GET',
      url: '/sandbox-gateway/v1/card',
      query: {
        currency: 'AUD',
        verification: `${payment.accessCode}\u0000`,
        amount: String(payment.totalPrice.minorAmount),
        reference: payment.reference,
        card_holder: 'Sam Lee',
        card_number: '4242424242424242',
        cvv: '123',
        expiry_month: '12',
        expiry_year: '2030',
      },
    });
    expect(card.statusCode).toBe(400);
    expect(ErrorBody.parse(card.json()).message).toMatch(/^verification: must not contain the NUL/);
  });

  it('still takes text with other unusual characters', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v1/consumer/create',
      payload: { name: { fullName: 'Zoë 🍔 \u202Eשלום' } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().name.fullName).toBe('Zoë 🍔 \u202Eשלום');
  });
});
