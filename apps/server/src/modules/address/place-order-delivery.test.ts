import { ErrorBody } from '@venue/contract/common';
import { PlacedOrder } from '@venue/contract/order';
import { describe, expect, it } from 'vitest';
import { orderKey } from '../../test/checkout.ts';
import { databases } from '../../test/databases.ts';
import { signedInject, createTestConsumer, type Signer } from '../../test/signed-requests.ts';
import { useTestApp } from '../../test/test-app.ts';

// Monday 23 November 2026, 13:00 in Sydney: Slice Pizza Co. (vendor 3) is open; it delivers up to
// 10 km from $25.00.
const MONDAY_1PM_SYDNEY = Date.parse('2026-11-23T02:00:00.000Z');
const GARLIC_BREAD = 307; // $8.50, no options

const PARRAMATTA = {
  streetAddress: '12 Smith St',
  addressLocality: 'Parramatta',
  postalCode: '2150',
  addressRegion: 'NSW',
  addressCountry: 'AU',
  addressDescription: '12 Smith St, Parramatta NSW 2150',
  location: { latitude: -33.8136, longitude: 151.0034 },
};
const WOLLONGONG = {
  ...PARRAMATTA,
  addressLocality: 'Wollongong',
  postalCode: '2500',
  addressDescription: '12 Smith St, Wollongong NSW 2500',
  location: { latitude: -34.4278, longitude: 150.8931 },
};

describe.each(databases)('place-order for home delivery on $name', (database) => {
  const ctx = useTestApp(database, { clock: () => MONDAY_1PM_SYDNEY });

  async function place(signer: Signer, quantity: number, extra: Record<string, unknown>) {
    return signedInject(ctx.app, signer, {
      method: 'POST',
      url: '/v1/vendor/3/place-order',
      payload: {
        orderItems: [{ menuItemId: GARLIC_BREAD, quantity }],
        serviceMode: 'HomeDelivery',
        orderOrigin: 'test',
        ...extra,
      },
      headers: orderKey(),
    });
  }

  async function refusal(signer: Signer, quantity: number, extra: Record<string, unknown>) {
    const res = await place(signer, quantity, extra);
    expect(res.statusCode, res.body).toBe(422);
    return ErrorBody.parse(res.json()).message;
  }

  it('places a delivery within 10 km at or above the minimum, keeping the address', async () => {
    const signer = await createTestConsumer(ctx.app);
    const res = await place(signer, 3, { deliveryAddress: PARRAMATTA });
    expect(res.statusCode, res.body).toBe(200);
    const order = PlacedOrder.parse(res.json());
    expect(order.serviceMode).toBe('HomeDelivery');
    expect(order.deliveryAddress).toMatchObject({ addressLocality: 'Parramatta', postalCode: '2150' });
  });

  it("refuses an address out of range with the spec's can't-deliver message", async () => {
    const signer = await createTestConsumer(ctx.app);
    expect(await refusal(signer, 3, { deliveryAddress: WOLLONGONG })).toBe(
      "Sorry, we can't deliver to your address. Please try our pick up option instead.",
    );
  });

  it('refuses a basket under the minimum with the minimum amount to 2 decimals', async () => {
    const signer = await createTestConsumer(ctx.app);
    // 2 × $8.50 = $17.00 < $25.00
    expect(await refusal(signer, 2, { deliveryAddress: PARRAMATTA })).toBe('Minimum Delivery Order Amount $25.00');
  });

  it('refuses a missing address, or one without a position, as not found', async () => {
    const signer = await createTestConsumer(ctx.app);
    const notFound = 'Cannot find your address. Please try again.';
    expect(await refusal(signer, 3, {})).toBe(notFound);
    expect(await refusal(signer, 3, { deliveryAddress: { ...PARRAMATTA, location: null } })).toBe(notFound);
  });
});
