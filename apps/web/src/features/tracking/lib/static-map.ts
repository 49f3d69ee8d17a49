/** A static map image of a point (Google Static Maps), shown only when the build has a maps key. */

export const STATIC_MAP_SIZE = { width: 350, height: 200 } as const;

/** The image URL for a point, or null without a key or a point. */
export function staticMapUrl(
  mapsKey: string,
  point: { latitude: number; longitude: number } | null | undefined,
  zoom = 17,
): string | null {
  if (!mapsKey || !point) return null;
  const center = `${point.latitude},${point.longitude}`;
  const params = new URLSearchParams({
    center,
    zoom: String(zoom),
    size: `${STATIC_MAP_SIZE.width}x${STATIC_MAP_SIZE.height}`,
    scale: '2',
    markers: center,
    key: mapsKey,
  });
  return `https://maps.googleapis.com/maps/api/staticmap?${params.toString()}`;
}
