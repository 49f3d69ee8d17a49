import type { GeoLocation } from '@venue/contract/common';

/** Spec §9: geolocation timeout 5000 ms, high accuracy. */
export const GEOLOCATION_TIMEOUT_MS = 5000;
/** Spec §5: geolocation falls back to latitude 0, longitude 0 on failure. */
export const UNKNOWN_LOCATION: GeoLocation = { latitude: 0, longitude: 0 };

/** The device's position for the order, or 0/0 when it is refused, unavailable or slow. */
export function currentGeoLocation(
  geolocation: Geolocation | undefined = globalThis.navigator?.geolocation,
): Promise<GeoLocation> {
  if (!geolocation) return Promise.resolve(UNKNOWN_LOCATION);
  return new Promise((resolve) => {
    // Some browsers never call back when the prompt is ignored: the timer makes sure the order goes on.
    const timer = setTimeout(() => resolve(UNKNOWN_LOCATION), GEOLOCATION_TIMEOUT_MS + 500);
    try {
      geolocation.getCurrentPosition(
        (position) => {
          clearTimeout(timer);
          resolve({ latitude: position.coords.latitude, longitude: position.coords.longitude });
        },
        () => {
          clearTimeout(timer);
          resolve(UNKNOWN_LOCATION);
        },
        { enableHighAccuracy: true, timeout: GEOLOCATION_TIMEOUT_MS, maximumAge: 60_000 },
      );
    } catch {
      clearTimeout(timer);
      resolve(UNKNOWN_LOCATION);
    }
  });
}
