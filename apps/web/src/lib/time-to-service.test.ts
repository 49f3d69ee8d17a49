import { describe, expect, it } from 'vitest';
import type { Vendor } from '@venue/contract/venue';
import { shortestOpenTts, timeToServiceLabel } from './time-to-service';

function vendor(overrides: Partial<Vendor>): Vendor {
  return {
    id: 1,
    venueId: 0,
    storeName: 'Store',
    phoneNumber: '',
    location: '',
    locationDescription: '',
    displayAssets: { thumbnailAssetId: null, locationImageAssetId: null },
    vendorDisplayAssets: { thumbnailAssetId: null, locationImageAssetId: null },
    isOpen: true,
    isPaused: false,
    nextServiceTime: new Date(0).toISOString(),
    tts: 600_000,
    geoLocation: { latitude: 0, longitude: 0 },
    timeZone: 'Australia/Sydney',
    vendorOrderConfiguration: {
      availableServiceModes: ['TakeAway'],
      defaultOrderServiceMode: 'TakeAway',
      preOrderBufferDuration: 0,
      maxBurdenPerOrder: null,
      deliveryMinAmount: null,
      allowApplePay: false,
      allowGooglePay: false,
      isCouponPaymentAllowed: false,
      deliveryMaxDistance: 0,
      deliveryTimeBuffer: 0,
      serviceCharges: [],
    },
    ...overrides,
  };
}

describe('time-to-service tag (spec §9)', () => {
  it("shows 'No waiting' at or below 60000 ms and a wait above it", () => {
    expect(timeToServiceLabel(0)).toBe('No waiting');
    expect(timeToServiceLabel(60_000)).toBe('No waiting');
    expect(timeToServiceLabel(60_001)).toBe('About 1 min wait');
    expect(timeToServiceLabel(15 * 60_000)).toBe('About 15 min wait');
    expect(timeToServiceLabel(90 * 60_000)).toBe('About 1 hr 30 min wait');
  });

  it('takes the shortest time of vendors open to order, ignoring closed and paused ones', () => {
    const now = Date.parse('2026-11-22T02:00:00Z');
    const vendors = [
      vendor({ id: 1, tts: 900_000 }),
      vendor({ id: 2, tts: 300_000, isPaused: true }),
      vendor({ id: 3, tts: 120_000, isOpen: false }),
      vendor({ id: 4, tts: 600_000 }),
    ];
    expect(shortestOpenTts(vendors, now)).toBe(600_000);
    expect(shortestOpenTts([vendor({ isOpen: false })], now)).toBeNull();
  });
});
