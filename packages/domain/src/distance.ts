/** Great-circle distance between two points on the earth (spec §9). */

/** Spec §9: distance uses an earth radius of 6371 km. */
export const EARTH_RADIUS_METRES = 6_371_000;

/** A point in degrees. */
export interface LatLng {
  latitude: number;
  longitude: number;
}

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** The haversine (great-circle) distance between two points, in metres (spec §9: result in metres). */
export function distanceMetres(a: LatLng, b: LatLng): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLon = radians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_METRES * Math.asin(Math.min(1, Math.sqrt(h)));
}
