/**
 * What the delivery screen needs from a maps service, whichever answers it: Google Maps when the
 * build has a key (VITE_MAPS_KEY), else the server's built-in gazetteer.
 */
import type { GeoLocation } from '@venue/contract/common';
import type { AddressPlace } from '@venue/contract/address';

/** A suggestion in the address list. */
export interface AddressChoice {
  placeId: string;
  /** what the list shows */
  description: string;
  /** a street line the customer typed before the suburb, when the service keeps it apart */
  streetAddress: string;
}

/** A driving (or estimated) route: metres and milliseconds. */
export interface Route {
  distance: number;
  durationMs: number;
}

export interface AddressService {
  /** Suggestions for typed text, biased towards `bias` (the customer) and limited around `centre` (the venue). */
  suggest(
    input: string,
    options: { centre: GeoLocation | null; bias: GeoLocation | null; signal?: AbortSignal },
  ): Promise<AddressChoice[]>;
  /**
   * The chosen suggestion as a delivery address, or null when it does not resolve to locality,
   * postal code, region and country ('Cannot find your address. Please try again.').
   */
  resolve(choice: AddressChoice): Promise<AddressPlace | null>;
  /** The route from each origin (a vendor) to the address; null where there is none ('Cannot get driving direction.'). */
  routes(origins: GeoLocation[], destination: GeoLocation): Promise<Array<Route | null>>;
}
