import { CreateConsumerRequest } from '@venue/contract/consumer';
import { PlacedOrder, PlaceOrderRequest } from '@venue/contract/order';
import { GatewayCardQuery, InitiatedPayment, PaymentOutcome, PaymentUpdateRequest } from '@venue/contract/payment';
import { VendorOrderParams } from '@venue/contract/route-params';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compiledSchema, encodesAsItParses, madeAtFirstCall } from './compiled-schema.ts';

/** What a parse gives, in a form two parses can be compared by: the value, or the issues. */
function outcome(schema: z.ZodType, input: unknown): unknown {
  const result = z.safeParse(schema, input);
  return result.success ? { data: result.data } : { issues: result.error.issues };
}

const maybe = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined });
/** Mostly what the rule allows, now and then something it refuses. */
const mostly = (allowed: fc.Arbitrary<unknown>, ...others: fc.Arbitrary<unknown>[]) =>
  fc.oneof({ arbitrary: allowed, weight: 10 * others.length }, ...others);
/** Numbers and near-numbers an id or a count may arrive as. */
const numberish = mostly(
  fc.integer({ min: 1, max: 99 }),
  fc.nat({ max: 120 }),
  fc.integer(),
  fc.double(),
  fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53, -0),
  fc.string({ maxLength: 4 }),
);
/** Texts around the schemas' limits, with spaces, blanks, NUL and odd unicode. */
const text = (longest: number) =>
  mostly(
    fc.constantFrom('Sam', 'Table 4', ' no onions ', 'x'),
    fc.string({ maxLength: 12 }),
    fc.string({ minLength: longest - 2, maxLength: longest + 2 }),
    fc.constantFrom('', '   ', 'e\u0301', '🍔', '\u0000'),
  );
const orderItem = fc.record(
  {
    menuItemId: numberish,
    quantity: numberish,
    note: text(500),
    name: text(200),
    modifiers: fc.array(fc.record({ modifierId: numberish, quantity: numberish }, { requiredKeys: ['modifierId'] }), {
      maxLength: 2,
    }),
  },
  { requiredKeys: ['menuItemId', 'quantity'] },
);
const placeOrder = fc.record(
  {
    orderItems: mostly(fc.array(orderItem, { minLength: 1, maxLength: 2 }), fc.constant([]), fc.anything()),
    serviceMode: mostly(fc.constantFrom('TakeAway', 'HomeDelivery', 'NotSpecified'), fc.constantFrom('takeaway', 3)),
    orderOrigin: text(50),
    menuId: fc.oneof(numberish, fc.constant(null)),
    geoLocation: mostly(
      fc.record({ latitude: fc.double({ min: -90, max: 90 }), longitude: fc.double({ min: -180, max: 180 }) }),
      fc.constant(null),
      fc.record({ latitude: fc.double(), longitude: fc.double() }),
    ),
    attributes: mostly(
      fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null)), {
        maxKeys: 3,
      }),
      fc.constant(null),
      fc.dictionary(fc.string({ maxLength: 70 }), fc.string(), { minKeys: 18, maxKeys: 22 }),
    ),
    deliveryAddress: fc.oneof(
      fc.constant(null),
      fc.record({
        streetAddress: text(200),
        addressLocality: text(100),
        postalCode: text(20),
        addressRegion: text(100),
        addressCountry: text(100),
      }),
    ),
    unknownKey: fc.anything(),
  },
  { requiredKeys: ['orderItems', 'serviceMode'] },
);
const createConsumer = fc.record(
  {
    contact: fc.record(
      {
        mobile: mostly(
          fc.constantFrom('+61 400 000 000', '0400000000', '', ' ', null),
          fc.constantFrom('+61', '+61 4OO 000 000'),
          text(20),
        ),
        email: mostly(fc.constantFrom('sam@example.com', ' sam@example.com ', '', null), fc.constant('sam@'), text(40)),
      },
      { requiredKeys: [] },
    ),
    name: fc.record({ fullName: fc.oneof(fc.constant(null), text(200)) }, { requiredKeys: [] }),
    metaData: mostly(
      fc.dictionary(fc.string({ maxLength: 8 }), fc.string(), { maxKeys: 3 }),
      fc.constant(null),
      fc.dictionary(fc.string({ maxLength: 8 }), fc.string(), { minKeys: 20, maxKeys: 22 }),
    ),
  },
  { requiredKeys: [] },
);
/** A strict object: now and then an unknown key, which it refuses. */
const createConsumerOrProbe = fc
  .tuple(createConsumer, mostly(fc.constant(false), fc.constant(true)))
  .map(([body, probe]) => (probe ? { ...body, constructor: { prototype: {} } } : body));
const paymentUpdate = fc.record(
  {
    savePaymentMethod: mostly(fc.boolean(), fc.constant('yes')),
    messages: fc.array(text(500), { maxLength: 22 }),
    responseCode: fc.oneof(numberish, fc.constant(null)),
    transactionStatus: fc.oneof(fc.boolean(), text(40), fc.constant(null)),
    transactionId: fc.oneof(text(128), fc.constant(null)),
    token: fc.oneof(fc.constant(null), fc.record({ id: text(128), tokenType: maybe(text(40)) })),
  },
  { requiredKeys: [] },
);
const routeParams = fc.record({
  vendorId: mostly(
    fc.nat().map(String),
    fc.constantFrom('007', '2147483647', '2147483648', '99999999999', '-1', '1e3', ''),
    fc.string(),
  ),
  orderId: mostly(fc.nat().map(String), fc.string({ maxLength: 3 })),
});

describe('compiledSchema', () => {
  it("compiles the checkout's request and answer schemas (zod hands back a schema it cannot compile unchanged)", () => {
    for (const schema of [
      CreateConsumerRequest,
      PlaceOrderRequest,
      PaymentUpdateRequest,
      GatewayCardQuery,
      VendorOrderParams,
      PlacedOrder,
      InitiatedPayment,
      PaymentOutcome,
    ]) {
      expect(compiledSchema(schema)).not.toBe(schema);
    }
  });

  it('makes one compiled copy per schema, however many routes ask for it, and passes anything not zod through', () => {
    expect(compiledSchema(PlaceOrderRequest)).toBe(compiledSchema(PlaceOrderRequest));
    const jsonSchema = { type: 'object' };
    expect(compiledSchema(jsonSchema)).toBe(jsonSchema);
  });

  // The compiled copy must accept, refuse and shape exactly what zod's own parser does: its
  // trimming, defaults, preprocessing, refinements, unknown keys stripped or refused, and the same
  // issues (a rejected input is parsed again by zod's parser).
  it.each([
    ['PlaceOrderRequest', PlaceOrderRequest, placeOrder],
    ['CreateConsumerRequest', CreateConsumerRequest, createConsumerOrProbe],
    ['PaymentUpdateRequest', PaymentUpdateRequest, paymentUpdate],
    ['VendorOrderParams', VendorOrderParams, routeParams],
  ] as const)('parses %s as zod does, valid or not', (_name, schema, input) => {
    const compiled = compiledSchema(schema);
    let valid = 0;
    fc.assert(
      fc.property(fc.oneof({ arbitrary: input, weight: 4 }, fc.anything()), (value) => {
        const expected = outcome(schema, value);
        if ('data' in (expected as object)) valid += 1;
        expect(outcome(compiled, value)).toEqual(expected);
      }),
      { numRuns: 400 },
    );
    // Both sides of the rule were tried, each many times.
    expect(valid).toBeGreaterThan(40);
    expect(valid).toBeLessThan(380);
  });
});

describe('encodesAsItParses', () => {
  it('holds for plain data schemas, the answers of the checkout among them', () => {
    expect(encodesAsItParses(z.object({ a: z.string().trim(), b: z.array(z.number().int()).nullable() }))).toBe(true);
    expect(encodesAsItParses(z.union([z.literal('a'), z.record(z.string(), z.unknown())]).optional())).toBe(true);
    for (const schema of [PlacedOrder, InitiatedPayment, PaymentOutcome]) expect(encodesAsItParses(schema)).toBe(true);
  });

  it('fails for a transform, a pipe, a default or a codec anywhere inside', () => {
    const codec = z.codec(z.string(), z.number(), { decode: Number, encode: String });
    for (const inner of [
      z.string().transform(Number),
      z.number().default(1),
      codec,
      VendorOrderParams.shape.vendorId,
    ]) {
      expect(encodesAsItParses(z.object({ deep: z.array(z.object({ inner })).optional() }))).toBe(false);
    }
  });
});

describe('madeAtFirstCall', () => {
  it('makes the function once, at its first call, and calls it with each argument', () => {
    let made = 0;
    const double = madeAtFirstCall(() => {
      made += 1;
      return (n: number) => n * 2;
    });
    expect(made).toBe(0);
    expect([double(1), double(2)]).toEqual([2, 4]);
    expect(made).toBe(1);
  });
});
