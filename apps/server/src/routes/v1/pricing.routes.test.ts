import { ErrorBody } from '@venue/contract/common';
import { CalculateOrderPaymentResponse, OrderProblemBody } from '@venue/contract/order-payment';
import { describe, expect, it } from 'vitest';
import { databases } from '../../test/databases.ts';
import { TEST_OPS_TOKEN, useTestApp } from '../../test/test-app.ts';

/** Monday 23 November 2026, 1 pm in Sydney: lunch, outside breakfast, before afternoon tea. */
const MONDAY_1PM_SYDNEY = Date.parse('2026-11-23T02:00:00.000Z');
const ops = { authorization: `Bearer ${TEST_OPS_TOKEN}` };

type Line = { menuItemId: number; quantity: number; modifiers?: Array<{ modifierId: number; quantity?: number }> };

describe.each(databases)('POST /v1/vendor/{vendorId}/calculate-order-payment on $name', (database) => {
  const ctx = useTestApp(database, { clock: () => MONDAY_1PM_SYDNEY });

  function calculate(vendorId: number | string, payload: unknown) {
    return ctx.app.inject({
      method: 'POST',
      url: `/v1/vendor/${vendorId}/calculate-order-payment`,
      payload: payload as object,
    });
  }
  const order = (orderItems: Line[], extra: Record<string, unknown> = {}) => ({ orderItems, ...extra });

  async function problem(vendorId: number, payload: unknown, status: number) {
    const res = await calculate(vendorId, payload);
    expect(res.statusCode, res.body).toBe(status);
    return OrderProblemBody.parse(res.json());
  }

  it('prices burgers with options, the fixed service fee of Grill & Bun, and lists modifiers under their item', async () => {
    const res = await calculate(
      2,
      order([
        {
          menuItemId: 201,
          quantity: 2,
          modifiers: [{ modifierId: 2003 }, { modifierId: 2011 }, { modifierId: 2023 }],
        },
        { menuItemId: 208, quantity: 1 },
      ]),
    );
    expect(res.statusCode, res.body).toBe(200);
    const { paymentSummary } = CalculateOrderPaymentResponse.parse(res.json());
    expect(
      paymentSummary.items.map((i) => [i.id, i.parentItemId, i.name, i.quantity, i.price.minorAmount, i.itemType]),
    ).toEqual([
      [201, null, 'Classic Cheeseburger', 2, 3300, 'Burgers'],
      [2003, 201, 'Onion rings', 2, 300, 'Burgers'],
      [2011, 201, 'Bacon', 2, 600, 'Burgers'],
      [2023, 201, 'Garlic aioli', 2, 100, 'Burgers'],
      [208, null, 'Family Pack', 1, 4900, 'Family Packs'],
      [null, null, 'Service fee', 1, 50, 'ServiceCharge'],
    ]);
    expect(paymentSummary.items[1]!.perItemPrice).toEqual({
      amount: 1.5,
      minorAmount: 150,
      currencySymbol: '$',
      currencyCode: 'AUD',
    });
    expect(paymentSummary.subTotals).toEqual([
      { name: 'Subtotal', price: { amount: 92, minorAmount: 9200, currencySymbol: '$', currencyCode: 'AUD' } },
      { name: 'Service fee', price: { amount: 0.5, minorAmount: 50, currencySymbol: '$', currencyCode: 'AUD' } },
    ]);
    expect(paymentSummary.total).toEqual({ amount: 92.5, minorAmount: 9250, currencySymbol: '$', currencyCode: 'AUD' });
  });

  it('adds the 1.5 % service charge of Slice Pizza Co. to the subtotal', async () => {
    const res = await calculate(
      3,
      order([
        {
          menuItemId: 301,
          quantity: 3,
          modifiers: [{ modifierId: 3002 }, { modifierId: 3012 }, { modifierId: 3022 }],
        },
      ]),
    );
    expect(res.statusCode, res.body).toBe(200);
    const { paymentSummary } = CalculateOrderPaymentResponse.parse(res.json());
    // 3 × (18.00 + 5.00 + 4.00 + 3.00) = 90.00; 1.5 % = 1.35
    expect(paymentSummary.subTotals.map((s) => [s.name, s.price.minorAmount])).toEqual([
      ['Subtotal', 9000],
      ['Service charge', 135],
    ]);
    expect(paymentSummary.items.at(-1)).toMatchObject({
      name: 'Service charge',
      itemType: 'ServiceCharge',
      parentItemId: null,
    });
    expect(paymentSummary.total.minorAmount).toBe(9135);
  });

  it('ignores prices and names the app sends: only the server menu counts', async () => {
    const res = await calculate(1, {
      orderItems: [{ menuItemId: 114, quantity: 1, name: 'Free beer', itemType: 'Gift', price: 0 }],
    });
    expect(res.statusCode).toBe(200);
    const { paymentSummary } = CalculateOrderPaymentResponse.parse(res.json());
    expect(paymentSummary.items[0]).toMatchObject({ name: 'Cola', price: { minorAmount: 600 } });
    expect(paymentSummary.total.minorAmount).toBe(600);
  });

  it.each([
    ['an unknown item', 2, [{ menuItemId: 999999, quantity: 1 }], 'unknown_item', [999999]],
    ['an item of another vendor', 2, [{ menuItemId: 101, quantity: 1 }], 'unknown_item', [101]],
    ['a hidden item', 2, [{ menuItemId: 207, quantity: 1 }], 'unavailable', [207]],
    [
      'an item whose required group has no visible option',
      2,
      [{ menuItemId: 206, quantity: 1, modifiers: [{ modifierId: 2001 }] }],
      'unavailable',
      [206],
    ],
    ['an item outside its availability window', 4, [{ menuItemId: 410, quantity: 1 }], 'unavailable', [410]],
    [
      'an option of another item',
      2,
      [{ menuItemId: 209, quantity: 1, modifiers: [{ modifierId: 2001 }] }],
      'bad_option',
      [209],
    ],
    [
      'an option of another vendor',
      2,
      [{ menuItemId: 201, quantity: 1, modifiers: [{ modifierId: 2001 }, { modifierId: 3022 }] }],
      'bad_option',
      [201],
    ],
    [
      'an option chosen twice',
      2,
      [{ menuItemId: 201, quantity: 1, modifiers: [{ modifierId: 2001 }, { modifierId: 2011 }, { modifierId: 2011 }] }],
      'bad_option',
      [201],
    ],
    [
      'a missing required group',
      2,
      [{ menuItemId: 201, quantity: 1, modifiers: [{ modifierId: 2011 }] }],
      'missing_options',
      [201],
    ],
    [
      'too many choices',
      2,
      [
        {
          menuItemId: 201,
          quantity: 1,
          modifiers: [{ modifierId: 2001 }, { modifierId: 2021 }, { modifierId: 2022 }, { modifierId: 2023 }],
        },
      ],
      'too_many_options',
      [201],
    ],
    [
      'two choices in a one-choice group',
      2,
      [{ menuItemId: 201, quantity: 1, modifiers: [{ modifierId: 2001 }, { modifierId: 2002 }] }],
      'too_many_options',
      [201],
    ],
  ] as const)('answers 422 with a message for %s', async (_label, vendorId, lines, code, ids) => {
    const body = await problem(vendorId, order(lines as unknown as Line[]), 422);
    expect(body.code).toBe(code);
    expect(body.menuItemIds).toEqual(ids);
    expect(body.message.length).toBeGreaterThan(5);
  });

  it('names the missing required group as the options modal does', async () => {
    const body = await problem(2, order([{ menuItemId: 202, quantity: 1, modifiers: [{ modifierId: 2001 }] }]), 422);
    expect(body.message).toBe('Please select the following required option: Cooking');
  });

  it('refuses more than 6 restricted drinks with the spec text', async () => {
    const body = await problem(
      1,
      order([
        { menuItemId: 101, quantity: 4 },
        { menuItemId: 106, quantity: 3 },
      ]),
      422,
    );
    expect(body).toMatchObject({
      code: 'restricted',
      message: 'Sorry, there is a limit of 6 alcoholic drinks per order.',
    });
    const six = await calculate(
      1,
      order([
        { menuItemId: 101, quantity: 3 },
        { menuItemId: 106, quantity: 3 },
      ]),
    );
    expect(six.statusCode).toBe(200);
  });

  it('refuses an order over the vendor maximum burden with the spec text', async () => {
    // Family Pack has burden 2; Grill & Bun takes 24 an order.
    const body = await problem(2, order([{ menuItemId: 208, quantity: 13 }]), 422);
    expect(body).toMatchObject({ code: 'burden', message: 'To serve you better, Grill & Bun limits order sizes.' });
    expect((await calculate(2, order([{ menuItemId: 208, quantity: 12 }]))).statusCode).toBe(200);
  });

  it('answers 409 naming the items when stock set through the operations API is exceeded', async () => {
    const patch = await ctx.app.inject({
      method: 'PATCH',
      url: '/ops/v1/vendor/1/menu-item/103',
      headers: ops,
      payload: { currentInventory: 2 },
    });
    expect(patch.statusCode).toBe(200);
    const body = await problem(
      1,
      order([
        { menuItemId: 103, quantity: 2 },
        { menuItemId: 114, quantity: 1 },
        { menuItemId: 103, quantity: 1 },
      ]),
      409,
    );
    expect(body).toMatchObject({ statusCode: 409, error: 'Conflict', code: 'sold_out', menuItemIds: [103] });
    expect(body.message).toMatch(/Hazy Days IPA/);
    expect((await calculate(1, order([{ menuItemId: 103, quantity: 2 }]))).statusCode).toBe(200);
    await ctx.app.inject({
      method: 'PATCH',
      url: '/ops/v1/vendor/1/menu-item/103',
      headers: ops,
      payload: { currentInventory: 0 },
    });
    expect((await problem(1, order([{ menuItemId: 103, quantity: 1 }]), 409)).menuItemIds).toEqual([103]);
    await ctx.app.inject({
      method: 'PATCH',
      url: '/ops/v1/vendor/1/menu-item/103',
      headers: ops,
      payload: { currentInventory: 5 },
    });
  });

  it("answers 409 'We have closed' for the closed vendor and 'Back Soon!' for the paused one", async () => {
    const closed = await problem(6, order([{ menuItemId: 601, quantity: 1, modifiers: [{ modifierId: 6001 }] }]), 409);
    expect(closed).toEqual({ statusCode: 409, error: 'Conflict', message: 'We have closed' });
    const paused = await problem(5, order([{ menuItemId: 504, quantity: 1 }]), 409);
    expect(paused).toEqual({ statusCode: 409, error: 'Conflict', message: 'Back Soon!' });
  });

  it('checks availability at the requested service time when it is a pickup time on offer', async () => {
    const scones = order([{ menuItemId: 413, quantity: 1 }]);
    expect((await problem(4, scones, 422)).code).toBe('unavailable');
    // 3 pm the same afternoon, inside the 4-hour pre-order buffer and the 2–5 pm window.
    const threePm = new Date(MONDAY_1PM_SYDNEY + 2 * 3_600_000).toISOString();
    const later = await calculate(4, { ...scones, requestedServiceTime: threePm });
    expect(later.statusCode, later.body).toBe(200);
    // A time in the past is no pickup time: priced for now, so the scones are unavailable again.
    const past = new Date(MONDAY_1PM_SYDNEY - 3_600_000).toISOString();
    expect((await problem(4, { ...scones, requestedServiceTime: past }, 422)).code).toBe('unavailable');
    const garbage = await calculate(4, { ...scones, requestedServiceTime: 'next tuesday' });
    expect(garbage.statusCode).toBe(400);
  });

  it('answers 404 for an unknown vendor', async () => {
    const res = await calculate(99, order([{ menuItemId: 201, quantity: 1 }]));
    expect(res.statusCode).toBe(404);
    expect(ErrorBody.parse(res.json()).message).toBe('Vendor 99 not found');
  });

  const valid = { menuItemId: 114, quantity: 1 };
  it.each([
    ['no body', undefined],
    ['an empty order', { orderItems: [] }],
    ['orderItems not a list', { orderItems: 'cola' }],
    ['a negative count', { orderItems: [{ ...valid, quantity: -1 }] }],
    ['a zero count', { orderItems: [{ ...valid, quantity: 0 }] }],
    ['a count over 99', { orderItems: [{ ...valid, quantity: 100 }] }],
    ['a huge count', { orderItems: [{ ...valid, quantity: 1e308 }] }],
    ['a fractional count', { orderItems: [{ ...valid, quantity: 1.5 }] }],
    ['a count as a string', { orderItems: [{ ...valid, quantity: '2' }] }],
    ['an item id as a string', { orderItems: [{ menuItemId: '114', quantity: 1 }] }],
    ['a negative item id', { orderItems: [{ menuItemId: -114, quantity: 1 }] }],
    ['a fractional option count', { orderItems: [{ ...valid, modifiers: [{ modifierId: 2001, quantity: 0.5 }] }] }],
    ['a null line', { orderItems: [null] }],
    ['101 lines', { orderItems: Array.from({ length: 101 }, () => valid) }],
    ['another vendor in the body', { orderItems: [valid], vendorId: 2 }],
  ])('answers 400 with a message for %s', async (_label, payload) => {
    const res = await calculate(1, payload);
    expect(res.statusCode, res.body).toBe(400);
    const body = ErrorBody.parse(res.json());
    expect(body.message.length).toBeGreaterThan(3);
  });

  it('answers 400 to malformed JSON or plain text and 413 to a 1 MB body or 10,000 lines, never 5xx', async () => {
    const broken = await ctx.app.inject({
      method: 'POST',
      url: '/v1/vendor/1/calculate-order-payment',
      headers: { 'content-type': 'application/json' },
      payload: '{"orderItems": [',
    });
    expect(broken.statusCode).toBe(400);
    ErrorBody.parse(broken.json());
    const huge = await ctx.app.inject({
      method: 'POST',
      url: '/v1/vendor/1/calculate-order-payment',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ orderItems: [valid], padding: 'x'.repeat(1024 * 1024) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(ErrorBody.parse(huge.json()).statusCode).toBe(413);
    const text = await ctx.app.inject({
      method: 'POST',
      url: '/v1/vendor/1/calculate-order-payment',
      headers: { 'content-type': 'text/plain' },
      payload: 'cola please',
    });
    expect(text.statusCode).toBe(400);
    ErrorBody.parse(text.json());
    // 10,000 lines are past the body limit before they are past the 100-line limit.
    const lines = await calculate(1, { orderItems: Array.from({ length: 10_000 }, () => valid) });
    expect(lines.statusCode).toBe(413);
    ErrorBody.parse(lines.json());
    const badId = await calculate('abc', order([valid]));
    expect(badId.statusCode).toBe(400);
  });
});
