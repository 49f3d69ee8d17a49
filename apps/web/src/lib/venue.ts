import type { Settings } from '../config/settings-schema';
import { settings } from '../config/settings';

type VenueSettings = Pick<Settings, 'multiVendor' | 'venueId' | 'discoverVenueId'>;

/** The venue whose stores the discover screen lists: the discover venue when one is set, else the build's. */
export function discoverVenueId(config: VenueSettings = settings): number {
  return config.discoverVenueId ?? config.venueId;
}

/** The venue whose stores the app lists: a multi-vendor build lists the discover venue's, else the build's venue. */
export function appVenueId(config: VenueSettings = settings): number {
  return config.multiVendor ? discoverVenueId(config) : config.venueId;
}

/** The venue of a vendor: its own when it is known, else the app's venue. */
export function vendorVenueId(
  vendor: { venueId: number } | null | undefined,
  config: VenueSettings = settings,
): number {
  return vendor?.venueId ?? appVenueId(config);
}
