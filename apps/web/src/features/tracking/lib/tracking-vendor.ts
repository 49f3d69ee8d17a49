import { addressLines, type AddressParts } from '@venue/domain/delivery-address';

/** What the tracking screens show about the vendor of the placed order. */
export interface TrackingVendor {
  id: number;
  storeName: string;
  phoneNumber: string;
  /** where in the venue the store is (location / locationDescription) */
  location: string;
  locationImageAssetId: number | null;
  geoLocation: { latitude: number; longitude: number } | null;
  /** the venue's IANA time zone, for scheduled times */
  timeZone: string | null;
}

/** A phone number as a tel: link target (spaces and punctuation dropped, a leading + kept). */
export function telHref(phoneNumber: string): string {
  return `tel:${phoneNumber.replace(/[^\d+]/g, '')}`;
}

/** The tracking facts of a vendor as the vendor list returns it. */
export function toTrackingVendor(vendor: {
  id: number;
  storeName: string;
  phoneNumber: string;
  location: string;
  locationDescription?: string;
  displayAssets: { locationImageAssetId: number | null };
  geoLocation: { latitude: number; longitude: number };
  timeZone: string;
}): TrackingVendor {
  return {
    id: vendor.id,
    storeName: vendor.storeName,
    phoneNumber: vendor.phoneNumber,
    location: vendor.location || vendor.locationDescription || '',
    locationImageAssetId: vendor.displayAssets.locationImageAssetId,
    geoLocation: vendor.geoLocation,
    timeZone: vendor.timeZone,
  };
}

/** The tracking facts of the selected vendor kept in the store (no map point or time zone). */
export function fromSelectedVendor(vendor: {
  id: number;
  storeName: string;
  phoneNumber: string;
  location: string;
  displayAssets: { locationImageAssetId: number | null };
}): TrackingVendor {
  return {
    id: vendor.id,
    storeName: vendor.storeName,
    phoneNumber: vendor.phoneNumber,
    location: vendor.location,
    locationImageAssetId: vendor.displayAssets.locationImageAssetId,
    geoLocation: null,
    timeZone: null,
  };
}

/** A delivery address (spec §3) as one line, with its map point. */
export function deliveryAddressView(
  address: (AddressParts & { location: { latitude: number; longitude: number } }) | null,
): { text: string; location: { latitude: number; longitude: number } } | null {
  if (!address) return null;
  return { text: addressLines(address).join(', '), location: address.location };
}
