import { ErrorBody, TimeResponse } from '@venue/contract/common';
import { TimeSlotList, Vendor, VendorList } from '@venue/contract/venue';
import { describe, expect, it } from 'vitest';
import { databases } from '../../test/databases.ts';
import { useTestApp } from '../../test/test-app.ts';

// Monday 23 November 2026, 13:00 in Sydney (daylight saving time, UTC+11).
const MONDAY_1PM_SYDNEY = Date.parse('2026-11-23T02:00:00.000Z');

describe.each(databases)('vendors of a venue on $name', (database) => {
  let now = MONDAY_1PM_SYDNEY;
  const ctx = useTestApp(database, { clock: () => now });

  async function vendors(): Promise<Vendor[]> {
    const res = await ctx.app.inject({ method: 'GET', url: '/v1/venue/0/vendors' });
    expect(res.statusCode).toBe(200);
    return VendorList.parse(res.json());
  }

  it('lists the six demo vendors with every Vendor field', async () => {
    const list = await vendors();
    expect(list.map((v) => [v.id, v.storeName])).toEqual([
      [1, 'The Tap Room'],
      [2, 'Grill & Bun'],
      [3, 'Slice Pizza Co.'],
      [4, 'Daily Grind'],
      [5, 'Sweet Spot'],
      [6, 'Noodle House'],
    ]);
    for (const vendor of list) {
      expect(vendor.venueId).toBe(0);
      expect(vendor.timeZone).toBe('Australia/Sydney');
      expect(vendor.phoneNumber).toMatch(/^\(02\) 9000 \d{4}$/);
      expect(vendor.location).toBe(vendor.locationDescription);
      expect(vendor.displayAssets).toEqual(vendor.vendorDisplayAssets);
      expect(vendor.displayAssets.thumbnailAssetId).not.toBeNull();
      expect(vendor.displayAssets.locationImageAssetId).not.toBeNull();
    }
  });

  it('shows vendor 3 offering HomeDelivery with its minimum, distance, buffer and service charge', async () => {
    const pizza = (await vendors()).find((v) => v.id === 3)!;
    expect(pizza.vendorOrderConfiguration).toMatchObject({
      availableServiceModes: ['TakeAway', 'HomeDelivery'],
      defaultOrderServiceMode: 'TakeAway',
      deliveryMinAmount: { amount: 25, minorAmount: 2500, currencySymbol: '$', currencyCode: 'AUD' },
      deliveryMaxDistance: 10,
      deliveryTimeBuffer: 900_000,
      preOrderBufferDuration: 14_400_000,
      serviceCharges: [{ name: 'Service charge', kind: 'percentage', value: 150 }],
    });
    const others = (await vendors()).filter((v) => v.id !== 3);
    for (const vendor of others)
      expect(vendor.vendorOrderConfiguration.availableServiceModes).not.toContain('HomeDelivery');
  });

  it('shows the bar limits and payment options, and the burger fixed service fee', async () => {
    const list = await vendors();
    expect(list[0]!.vendorOrderConfiguration).toMatchObject({
      maxBurdenPerOrder: 20,
      allowApplePay: true,
      allowGooglePay: true,
      isCouponPaymentAllowed: true,
    });
    expect(list[1]!.vendorOrderConfiguration.serviceCharges).toEqual([
      { name: 'Service fee', kind: 'fixed', value: 50 },
    ]);
    expect(list[3]!.tts).toBe(60_000);
    expect(list[0]!.tts).toBe(300_000);
  });

  it('shows vendor 5 paused and vendor 6 closed, the others open and serving now', async () => {
    const list = await vendors();
    const byId = new Map(list.map((v) => [v.id, v]));
    expect(byId.get(5)).toMatchObject({ isOpen: true, isPaused: true });
    expect(byId.get(6)).toMatchObject({ isOpen: false, isPaused: false, nextServiceTime: null });
    for (const id of [1, 2, 3, 4]) {
      expect(byId.get(id)).toMatchObject({
        isOpen: true,
        isPaused: false,
        nextServiceTime: new Date(MONDAY_1PM_SYDNEY).toISOString(),
      });
    }
  });

  it('answers 404 for an unknown venue and 400 for a malformed id', async () => {
    const missing = await ctx.app.inject({ method: 'GET', url: '/v1/venue/7/vendors' });
    expect(missing.statusCode).toBe(404);
    expect(ErrorBody.parse(missing.json()).message).toBe('Venue 7 not found');
    for (const id of ['abc', '-1', '1e99', '123456789012345678901234567890']) {
      const bad = await ctx.app.inject({ method: 'GET', url: `/v1/venue/${id}/vendors` });
      expect(bad.statusCode).toBe(400);
      ErrorBody.parse(bad.json());
    }
  });

  describe('pickup time slots', () => {
    it('lists every quarter hour from now plus the time to service to now plus four hours, as UTC ISO strings', async () => {
      now = MONDAY_1PM_SYDNEY;
      const res = await ctx.app.inject({ method: 'GET', url: '/v1/vendor/1/availableScheduledPickupTimeSlots' });
      expect(res.statusCode).toBe(200);
      const slots = TimeSlotList.parse(res.json());
      // 13:05 local at the earliest → first slot 13:15; 17:00 local at the latest.
      expect(slots[0]).toBe('2026-11-23T02:15:00.000Z');
      expect(slots.at(-1)).toBe('2026-11-23T06:00:00.000Z');
      expect(slots).toHaveLength(16);
      for (const slot of slots) expect(slot).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:(00|15|30|45):00\.000Z$/);
    });

    it('starts later for a vendor with a longer time to service', async () => {
      now = MONDAY_1PM_SYDNEY;
      const res = await ctx.app.inject({ method: 'GET', url: '/v1/vendor/3/availableScheduledPickupTimeSlots' });
      // 15 minutes to service from 13:00 → 13:15 is the first.
      expect(TimeSlotList.parse(res.json())[0]).toBe('2026-11-23T02:15:00.000Z');
      now = MONDAY_1PM_SYDNEY + 60_000;
      const later = await ctx.app.inject({ method: 'GET', url: '/v1/vendor/3/availableScheduledPickupTimeSlots' });
      expect(TimeSlotList.parse(later.json())[0]).toBe('2026-11-23T02:30:00.000Z');
      now = MONDAY_1PM_SYDNEY;
    });

    it('lists none for the closed vendor', async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/v1/vendor/6/availableScheduledPickupTimeSlots' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([]);
    });

    it('answers 404 for an unknown vendor and 400 for a malformed id', async () => {
      const missing = await ctx.app.inject({ method: 'GET', url: '/v1/vendor/99/availableScheduledPickupTimeSlots' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'Vendor 99 not found' });
      const bad = await ctx.app.inject({ method: 'GET', url: '/v1/vendor/x1/availableScheduledPickupTimeSlots' });
      expect(bad.statusCode).toBe(400);
    });
  });

  it("GET /v1/time answers the server's clock", async () => {
    now = MONDAY_1PM_SYDNEY + 1234;
    const res = await ctx.app.inject({ method: 'GET', url: '/v1/time' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(TimeResponse.parse(res.json())).toEqual({
      now: '2026-11-23T02:00:01.234Z',
      epochMs: MONDAY_1PM_SYDNEY + 1234,
    });
    now = MONDAY_1PM_SYDNEY;
  });
});

// The customer app tells a venue not open for orders yet from an outage by these answers: a 404
// (the venue is not in the database) or an empty list (no stores yet) against a 5xx or no answer.
describe.each(databases)('vendors of a venue not loaded yet on $name', (database) => {
  const ctx = useTestApp(database, { seed: false });

  it('answers 404 with its message for a venue not in the database, and an empty list for a venue without stores', async () => {
    const missing = await ctx.app.inject({ method: 'GET', url: '/v1/venue/0/vendors' });
    expect(missing.statusCode).toBe(404);
    expect(ErrorBody.parse(missing.json())).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'Venue 0 not found',
    });

    await ctx.database.db.insertInto('clients').values({ id: 1, name: 'Harbourside' }).execute();
    await ctx.database.db
      .insertInto('venues')
      .values({
        id: 0,
        client_id: 1,
        name: 'Harbourside Stadium',
        time_zone: 'Australia/Sydney',
        address: '',
        latitude: 0,
        longitude: 0,
      })
      .execute();
    const empty = await ctx.app.inject({ method: 'GET', url: '/v1/venue/0/vendors' });
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual([]);
  });
});
