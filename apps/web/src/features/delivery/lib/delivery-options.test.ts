import { describe, expect, it } from 'vitest';
import type { Vendor } from '@venue/contract/venue';
import { deliveryTimeLabel, deliveryVerdict } from './delivery-options';
import type { Route } from './address-service';

const MINUTE = 60_000;

function vendor(id: number, overrides: Partial<Vendor['vendorOrderConfiguration']> = {}, tts = 20 * MINUTE): Vendor {
  const assets = { thumbnailAssetId: null, locationImageAssetId: null };
  return {
    id,
    venueId: 0,
    storeName: `Store ${id}`,
    phoneNumber: '',
    location: '',
    locationDescription: '',
    displayAssets: assets,
    vendorDisplayAssets: assets,
    isOpen: true,
    isPaused: false,
    nextServiceTime: null,
    tts,
    geoLocation: { latitude: -33.85, longitude: 151.06 },
    timeZone: 'Australia/Sydney',
    vendorOrderConfiguration: {
      availableServiceModes: ['TakeAway', 'HomeDelivery'],
      defaultOrderServiceMode: 'TakeAway',
      preOrderBufferDuration: 0,
      maxBurdenPerOrder: null,
      deliveryMinAmount: null,
      allowApplePay: false,
      allowGooglePay: false,
      isCouponPaymentAllowed: false,
      deliveryMaxDistance: 10,
      deliveryTimeBuffer: 15 * MINUTE,
      serviceCharges: [],
      ...overrides,
    },
  };
}

const route = (km: number, minutes: number): Route => ({ distance: km * 1000, durationMs: minutes * MINUTE });
const open = () => true;

describe('deliveryVerdict (spec §2 Delivery, §5, §8, §9)', () => {
  it('lists vendors offering HomeDelivery within range, with delivery time = tts + travel + buffer, soonest first', () => {
    const slow = vendor(1, {}, 40 * MINUTE);
    const fast = vendor(2);
    const pickupOnly = vendor(3, { availableServiceModes: ['TakeAway'] });
    const verdict = deliveryVerdict(
      [slow, fast, pickupOnly],
      new Map([
        [1, route(5, 10)],
        [2, route(9.9, 12)],
        [3, route(1, 2)],
      ]),
      open,
    );
    expect(verdict.kind).toBe('options');
    if (verdict.kind !== 'options') return;
    expect(verdict.options.map((o) => [o.vendor.id, o.deliveryTimeMs / MINUTE])).toEqual([
      [2, 20 + 12 + 15],
      [1, 40 + 10 + 15],
    ]);
  });

  it("says we can't deliver when every delivering vendor is out of range (deliveryMaxDistance, 0 when absent)", () => {
    const verdict = deliveryVerdict(
      [vendor(1), vendor(2, { deliveryMaxDistance: 0 })],
      new Map([
        [1, route(10.1, 15)],
        [2, route(0.5, 2)],
      ]),
      open,
    );
    expect(verdict).toEqual({
      kind: 'problem',
      message: "Sorry, we can't deliver to your address. Please try our pick up option instead.",
    });
  });

  it('says none of our stores are available when the ones in range are not taking orders', () => {
    const verdict = deliveryVerdict([vendor(1)], new Map([[1, route(3, 5)]]), () => false);
    expect(verdict).toEqual({
      kind: 'problem',
      message: 'Sorry, none of our stores are currently available for home delivery to your location.',
    });
  });

  it('says it cannot get driving directions when no route was found', () => {
    expect(deliveryVerdict([vendor(1)], new Map([[1, null]]), open)).toEqual({
      kind: 'problem',
      message: 'Cannot get driving direction. Please try again.',
    });
  });
});

describe('deliveryTimeLabel', () => {
  it('rounds up to the minute and names hours', () => {
    expect(deliveryTimeLabel(47 * MINUTE + 1)).toBe('About 48 min');
    expect(deliveryTimeLabel(75 * MINUTE)).toBe('About 1 hr 15 min');
    expect(deliveryTimeLabel(120 * MINUTE)).toBe('About 2 hrs');
  });
});
