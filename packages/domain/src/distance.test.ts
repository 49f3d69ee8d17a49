import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { distanceMetres, EARTH_RADIUS_METRES } from './distance.ts';

const SYDNEY_OLYMPIC_PARK = { latitude: -33.8474, longitude: 151.0631 };
const PARRAMATTA = { latitude: -33.8136, longitude: 151.0034 };
const WOLLONGONG = { latitude: -34.4278, longitude: 150.8931 };

const point = fc.record({
  latitude: fc.double({ min: -90, max: 90, noNaN: true }),
  longitude: fc.double({ min: -180, max: 180, noNaN: true }),
});

describe('distanceMetres', () => {
  it('is 0 from a point to itself', () => {
    expect(distanceMetres(PARRAMATTA, PARRAMATTA)).toBe(0);
  });

  it('gives one degree of latitude as 6371 km × π / 180 (spec §9 earth radius)', () => {
    const d = distanceMetres({ latitude: 0, longitude: 0 }, { latitude: 1, longitude: 0 });
    expect(d).toBeCloseTo((EARTH_RADIUS_METRES * Math.PI) / 180, 3);
    expect(d).toBeCloseTo(111_194.93, 1);
  });

  it('measures real places in metres: Olympic Park to Parramatta about 6.6 km, to Wollongong about 66 km', () => {
    expect(distanceMetres(SYDNEY_OLYMPIC_PARK, PARRAMATTA)).toBeGreaterThan(6_400);
    expect(distanceMetres(SYDNEY_OLYMPIC_PARK, PARRAMATTA)).toBeLessThan(6_900);
    expect(distanceMetres(SYDNEY_OLYMPIC_PARK, WOLLONGONG)).toBeGreaterThan(64_000);
    expect(distanceMetres(SYDNEY_OLYMPIC_PARK, WOLLONGONG)).toBeLessThan(68_000);
  });

  it('gives half the earth’s circumference between antipodes', () => {
    expect(distanceMetres({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 180 })).toBeCloseTo(
      Math.PI * EARTH_RADIUS_METRES,
      3,
    );
  });

  it('is symmetric, never negative and never more than half the circumference', () => {
    fc.assert(
      fc.property(point, point, (a, b) => {
        const d = distanceMetres(a, b);
        expect(d).toBeGreaterThanOrEqual(0);
        expect(d).toBeLessThanOrEqual(Math.PI * EARTH_RADIUS_METRES + 1e-6);
        expect(Math.abs(d - distanceMetres(b, a))).toBeLessThan(1e-6);
      }),
    );
  });
});
