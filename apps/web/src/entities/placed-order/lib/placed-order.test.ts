import type { PlaceOrderRequest } from '@venue/contract/order';
import { describe, expect, it } from 'vitest';
import { placedFromKey } from './placed-order';

const body: PlaceOrderRequest = {
  orderOrigin: 'mobile',
  vendorId: 2,
  menuId: 20,
  orderItems: [{ menuItemId: 213, quantity: 2, modifiers: [] }],
  geoLocation: { latitude: -33.85, longitude: 151.06 },
  consumerId: 'c-1',
  serviceMode: 'TakeAway',
  attributes: {},
};

describe('placedFromKey: the same basket is the same order', () => {
  it('ignores where the customer stands', () => {
    const moved = { ...body, geoLocation: { latitude: -33.8501, longitude: 151.0602 } };
    expect(placedFromKey(2, moved, null)).toBe(placedFromKey(2, body, null));
    expect(placedFromKey(2, { ...body, geoLocation: null }, null)).toBe(placedFromKey(2, body, null));
  });

  it('changes with the items, the service mode, the time, the consumer, the store or the campaign', () => {
    const key = placedFromKey(2, body, null);
    const changed: [string, string][] = [
      ['items', placedFromKey(2, { ...body, orderItems: [{ menuItemId: 213, quantity: 3, modifiers: [] }] }, null)],
      ['service mode', placedFromKey(2, { ...body, serviceMode: 'HomeDelivery' }, null)],
      ['time', placedFromKey(2, { ...body, requestedServiceTime: '2026-11-23T05:00:00.000Z' }, null)],
      ['consumer', placedFromKey(2, { ...body, consumerId: 'c-2' }, null)],
      ['store', placedFromKey(3, body, null)],
      ['campaign', placedFromKey(2, body, 'summer')],
    ];
    for (const [what, other] of changed) expect(other, what).not.toBe(key);
  });
});
