import { vi } from 'vitest';
import { fakeFetch, makeMenu, makeVendor } from './fixtures';

/** The start screen's tests (app/routes/start*.test.tsx): the venue's stores, their slots and answers. */

export const SLOTS = ['2026-11-22T06:15:00.000Z', '2026-11-22T06:30:00.000Z'];
export const burgers = makeVendor({ id: 2, storeName: 'Grill & Bun', tts: 15 * 60_000 });
export const pizza = makeVendor({
  id: 3,
  storeName: 'Slice Pizza Co.',
  tts: 20 * 60_000,
  serviceModes: ['TakeAway', 'HomeDelivery'],
});
export const closedBar = makeVendor({ id: 4, storeName: 'Bar', tts: 30_000, isOpen: false });

export function serve(vendors = [burgers, pizza, closedBar]) {
  const fetchMock = vi.fn(
    fakeFetch({
      '/time': { now: '', epochMs: 0 },
      '/venue/0/vendors': vendors,
      '/vendor/2/availableScheduledPickupTimeSlots': SLOTS,
      '/vendor/3/availableScheduledPickupTimeSlots': SLOTS,
      '/vendor/2/current-menu': { ...makeMenu(), vendorId: 2 },
    }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export const fakePrice = { amount: 1, minorAmount: 100, currencySymbol: '$', currencyCode: 'AUD' };
