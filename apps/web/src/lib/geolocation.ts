import type { GeoLocation } from '@venue/contract/common';

/** Spec §9: geolocation timeout 5000 ms, high accuracy. */
export const GEOLOCATION_TIMEOUT_MS = 5000;
/** Spec §5: geolocation falls back to latitude 0, longitude 0 on failure. */
export const UNKNOWN_LOCATION: GeoLocation = { latitude: 0, longitude: 0 };

/** The device's position, or 0/0 when it is refused, unavailable or too slow. */
export function devicePosition(
  geolocation: Geolocation | undefined = globalThis.navigator?.geolocation,
): Promise<GeoLocation> {
  if (!geolocation) return Promise.resolve(UNKNOWN_LOCATION);
  return new Promise((resolve) => {
    // Some browsers never call back while the permission prompt is ignored.
    const timer = setTimeout(() => resolve(UNKNOWN_LOCATION), GEOLOCATION_TIMEOUT_MS + 500);
    const done = (position: GeoLocation) => {
      clearTimeout(timer);
      resolve(position);
    };
    try {
      geolocation.getCurrentPosition(
        (position) => done({ latitude: position.coords.latitude, longitude: position.coords.longitude }),
        () => done(UNKNOWN_LOCATION),
        { enableHighAccuracy: true, timeout: GEOLOCATION_TIMEOUT_MS, maximumAge: 60_000 },
      );
    } catch {
      done(UNKNOWN_LOCATION);
    }
  });
}

/** A position worth biasing suggestions towards: not the 0/0 fallback. */
export function isKnownPosition(position: GeoLocation | null): position is GeoLocation {
  return position !== null && !(position.latitude === 0 && position.longitude === 0);
}
