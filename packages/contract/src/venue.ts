import { z } from 'zod';
import { GeoLocation, Money, ServiceMode } from './common.ts';

/** A venue of a client (stadium, food court). */
export const Venue = z.object({
  id: z.number().int(),
  clientId: z.number().int(),
  name: z.string(),
  timeZone: z.string(),
  address: z.string(),
  geoLocation: GeoLocation,
});
export type Venue = z.infer<typeof Venue>;

/** A charge added to every order of a vendor: a percentage of the subtotal (in basis points) or a fixed amount. */
export const ServiceChargeRule = z.object({
  name: z.string(),
  kind: z.enum(['percentage', 'fixed']),
  /** basis points for `percentage` (150 = 1.5 %), minor units for `fixed` */
  value: z.number().int().nonnegative(),
});
export type ServiceChargeRule = z.infer<typeof ServiceChargeRule>;

/** Spec §3 vendorOrderConfiguration. Durations in milliseconds, distances in kilometres. */
export const VendorOrderConfiguration = z.object({
  availableServiceModes: z.array(ServiceMode),
  defaultOrderServiceMode: ServiceMode,
  preOrderBufferDuration: z.number().int().nonnegative(),
  maxBurdenPerOrder: z.number().int().positive().nullable(),
  deliveryMinAmount: Money.nullable(),
  allowApplePay: z.boolean(),
  allowGooglePay: z.boolean(),
  isCouponPaymentAllowed: z.boolean(),
  deliveryMaxDistance: z.number().nonnegative(),
  deliveryTimeBuffer: z.number().int().nonnegative(),
  serviceCharges: z.array(ServiceChargeRule),
});
export type VendorOrderConfiguration = z.infer<typeof VendorOrderConfiguration>;

export const VendorDisplayAssets = z.object({
  thumbnailAssetId: z.number().int().nullable(),
  locationImageAssetId: z.number().int().nullable(),
});

/** Spec §3 Vendor. `location`/`locationDescription` and `displayAssets`/`vendorDisplayAssets` carry the same values under both names the spec uses. */
export const Vendor = z.object({
  id: z.number().int(),
  venueId: z.number().int(),
  storeName: z.string(),
  phoneNumber: z.string(),
  location: z.string(),
  locationDescription: z.string(),
  displayAssets: VendorDisplayAssets,
  vendorDisplayAssets: VendorDisplayAssets,
  isOpen: z.boolean(),
  isPaused: z.boolean(),
  /** ISO instant of the next moment the vendor serves (now while trading), null when it has no hours ahead */
  nextServiceTime: z.string().nullable(),
  /** time to service in ms */
  tts: z.number().int().nonnegative(),
  geoLocation: GeoLocation,
  timeZone: z.string(),
  vendorOrderConfiguration: VendorOrderConfiguration,
});
export type Vendor = z.infer<typeof Vendor>;

export const VenueList = z.array(Venue);
export const VendorList = z.array(Vendor);

/** GET /v1/vendor/{vendorId}/availableScheduledPickupTimeSlots: ISO instants (UTC), ascending. */
export const TimeSlotList = z.array(z.string());
