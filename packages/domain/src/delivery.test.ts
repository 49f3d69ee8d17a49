import { describe, expect, it } from 'vitest';
import {
  ADDRESS_NOT_FOUND_MESSAGE,
  AVERAGE_DELIVERY_SPEED_KMH,
  CANNOT_DELIVER_MESSAGE,
  deliveryProblem,
  deliveryTimeMs,
  estimatedTravelTimeMs,
  isAddressResolved,
  isWithinDeliveryDistance,
  meetsDeliveryMinimum,
  minimumDeliveryMessage,
  quoteDelivery,
  ROAD_FACTOR,
  type DeliveryVendor,
} from './delivery.ts';

const MINUTE = 60_000;
const PIZZA: DeliveryVendor = {
  location: { latitude: -33.8478, longitude: 151.0638 },
  deliveryMaxDistanceKm: 10,
  deliveryMinMinor: 2500,
  ttsMs: 20 * MINUTE,
  deliveryTimeBufferMs: 15 * MINUTE,
};
const PARRAMATTA = {
  streetAddress: '12 Smith St',
  addressLocality: 'Parramatta',
  postalCode: '2150',
  addressRegion: 'NSW',
  addressCountry: 'AU',
  location: { latitude: -33.8136, longitude: 151.0034 },
};
const WOLLONGONG = {
  ...PARRAMATTA,
  addressLocality: 'Wollongong',
  postalCode: '2500',
  location: { latitude: -34.4278, longitude: 150.8931 },
};

describe('isAddressResolved (spec §5)', () => {
  it('needs locality, postal code, region and country', () => {
    expect(isAddressResolved(PARRAMATTA)).toBe(true);
    for (const field of ['addressLocality', 'postalCode', 'addressRegion', 'addressCountry'] as const) {
      expect(isAddressResolved({ ...PARRAMATTA, [field]: '' }), field).toBe(false);
      expect(isAddressResolved({ ...PARRAMATTA, [field]: '   ' }), field).toBe(false);
      expect(isAddressResolved({ ...PARRAMATTA, [field]: undefined }), field).toBe(false);
    }
    expect(isAddressResolved(null)).toBe(false);
  });
});

describe('travel and delivery time (spec §9)', () => {
  it(`estimates driving at ${AVERAGE_DELIVERY_SPEED_KMH} km/h over ${ROAD_FACTOR}× the straight line`, () => {
    // 10 km straight → 13 km of road → 26 minutes at 30 km/h
    expect(estimatedTravelTimeMs(10_000)).toBe(26 * MINUTE);
    expect(estimatedTravelTimeMs(0)).toBe(0);
  });

  it('adds tts, travel time and deliveryTimeBuffer', () => {
    expect(deliveryTimeMs({ ttsMs: 20 * MINUTE, travelTimeMs: 13 * MINUTE, deliveryTimeBufferMs: 15 * MINUTE })).toBe(
      48 * MINUTE,
    );
  });

  it('quotes a vendor to a point: distance in metres, travel time and delivery time', () => {
    const quote = quoteDelivery(PIZZA, PARRAMATTA.location);
    expect(quote.distance).toBeGreaterThan(6_000);
    expect(quote.distance).toBeLessThan(7_500);
    expect(quote.travelTimeMs).toBe(estimatedTravelTimeMs(quote.distance));
    expect(quote.deliveryTimeMs).toBe(PIZZA.ttsMs + quote.travelTimeMs + PIZZA.deliveryTimeBufferMs);
    expect(quote.withinDistance).toBe(true);
    expect(quoteDelivery(PIZZA, WOLLONGONG.location).withinDistance).toBe(false);
  });
});

describe('isWithinDeliveryDistance (spec §5)', () => {
  it('compares metres with deliveryMaxDistance in km, inclusive', () => {
    expect(isWithinDeliveryDistance(10_000, 10)).toBe(true);
    expect(isWithinDeliveryDistance(10_001, 10)).toBe(false);
  });
  it('takes an absent maximum as 0', () => {
    expect(isWithinDeliveryDistance(1, null)).toBe(false);
    expect(isWithinDeliveryDistance(1, undefined)).toBe(false);
    expect(isWithinDeliveryDistance(0, undefined)).toBe(true);
  });
});

describe('minimum delivery amount (spec §5)', () => {
  it("reads 'Minimum Delivery Order Amount $' plus the amount to 2 decimals", () => {
    expect(minimumDeliveryMessage(2500)).toBe('Minimum Delivery Order Amount $25.00');
    expect(minimumDeliveryMessage(1999)).toBe('Minimum Delivery Order Amount $19.99');
    expect(minimumDeliveryMessage(105)).toBe('Minimum Delivery Order Amount $1.05');
    expect(minimumDeliveryMessage(123456)).toBe('Minimum Delivery Order Amount $1234.56');
  });
  it('is met at or above the minimum, and always without one', () => {
    expect(meetsDeliveryMinimum(2500, 2500)).toBe(true);
    expect(meetsDeliveryMinimum(2499, 2500)).toBe(false);
    expect(meetsDeliveryMinimum(0, null)).toBe(true);
  });
});

describe('deliveryProblem', () => {
  it('passes a resolved address in range with enough in the basket', () => {
    expect(deliveryProblem({ vendor: PIZZA, address: PARRAMATTA, totalMinor: 2500 })).toBeNull();
  });
  it('refuses an unresolved address or one without a position first', () => {
    expect(deliveryProblem({ vendor: PIZZA, address: { ...PARRAMATTA, postalCode: '' }, totalMinor: 9999 })).toEqual({
      kind: 'address',
      message: ADDRESS_NOT_FOUND_MESSAGE,
    });
    expect(deliveryProblem({ vendor: PIZZA, address: { ...PARRAMATTA, location: null }, totalMinor: 9999 })?.kind).toBe(
      'address',
    );
    expect(deliveryProblem({ vendor: PIZZA, address: null, totalMinor: 9999 })?.message).toBe(
      ADDRESS_NOT_FOUND_MESSAGE,
    );
  });
  it('refuses an address out of range before the minimum', () => {
    expect(deliveryProblem({ vendor: PIZZA, address: WOLLONGONG, totalMinor: 100 })).toEqual({
      kind: 'distance',
      message: CANNOT_DELIVER_MESSAGE,
    });
  });
  it('refuses a total under the minimum with the minimum message', () => {
    expect(deliveryProblem({ vendor: PIZZA, address: PARRAMATTA, totalMinor: 2499 })).toEqual({
      kind: 'minimum',
      message: 'Minimum Delivery Order Amount $25.00',
    });
  });
});
