/**
 * Home delivery rules (spec §5 Minimum delivery, Delivery address; §8 Delivery messages; §9 distance
 * and delivery time). The app uses them to list stores that can deliver, and the server's place-order
 * re-checks an order with the same functions.
 */
import { distanceMetres, type LatLng } from './distance.ts';
import { majorAmount } from './money.ts';

/** Spec §5 / §8 messages, word for word. */
export const ADDRESS_NOT_FOUND_MESSAGE = 'Cannot find your address. Please try again.';
export const NO_DRIVING_DIRECTION_MESSAGE = 'Cannot get driving direction. Please try again.';
export const CANNOT_DELIVER_MESSAGE = "Sorry, we can't deliver to your address. Please try our pick up option instead.";
export const NO_DELIVERY_VENDORS_MESSAGE =
  'Sorry, none of our stores are currently available for home delivery to your location.';
export const MINIMUM_DELIVERY_PREFIX = 'Minimum Delivery Order Amount $';

/**
 * Without a routing service the travel time is estimated from the great-circle distance: roads are
 * taken to be ROAD_FACTOR times longer than the straight line, driven at AVERAGE_DELIVERY_SPEED_KMH
 * (a typical urban average with lights and traffic).
 */
export const AVERAGE_DELIVERY_SPEED_KMH = 30;
export const ROAD_FACTOR = 1.3;

/** The parts of a delivery address (spec §3) the rules read. */
export interface AddressParts {
  streetAddress?: string | null | undefined;
  addressLocality?: string | null | undefined;
  postalCode?: string | null | undefined;
  addressRegion?: string | null | undefined;
  addressCountry?: string | null | undefined;
  location?: LatLng | null | undefined;
}

const filled = (value: string | null | undefined) => typeof value === 'string' && value.trim() !== '';

/** Spec §5: an address resolves when locality, postal code, region and country are all present. */
export function isAddressResolved(address: AddressParts | null | undefined): boolean {
  if (!address) return false;
  return (
    filled(address.addressLocality) &&
    filled(address.postalCode) &&
    filled(address.addressRegion) &&
    filled(address.addressCountry)
  );
}

/** Estimated driving time (ms) for a great-circle distance in metres (see AVERAGE_DELIVERY_SPEED_KMH). */
export function estimatedTravelTimeMs(distance: number): number {
  const roadMetres = Math.max(0, distance) * ROAD_FACTOR;
  const metresPerMs = (AVERAGE_DELIVERY_SPEED_KMH * 1000) / 3_600_000;
  return Math.round(roadMetres / metresPerMs);
}

/** Spec §9: delivery time = tts + travel time + deliveryTimeBuffer (all ms). */
export function deliveryTimeMs(input: { ttsMs: number; travelTimeMs: number; deliveryTimeBufferMs: number }): number {
  return input.ttsMs + input.travelTimeMs + input.deliveryTimeBufferMs;
}

/** Spec §5: the distance (metres) is within deliveryMaxDistance km, taken as 0 when absent. */
export function isWithinDeliveryDistance(distance: number, deliveryMaxDistanceKm: number | null | undefined): boolean {
  return distance <= (deliveryMaxDistanceKm ?? 0) * 1000;
}

/** Spec §5: 'Minimum Delivery Order Amount $' plus the amount to 2 decimals ("$25.00"). */
export function minimumDeliveryMessage(minimumMinor: number): string {
  return `${MINIMUM_DELIVERY_PREFIX}${majorAmount(minimumMinor)}`;
}

/** Spec §5: the basket total meets the vendor's deliveryMinAmount (none: any total). */
export function meetsDeliveryMinimum(totalMinor: number, minimumMinor: number | null | undefined): boolean {
  return minimumMinor === null || minimumMinor === undefined || totalMinor >= minimumMinor;
}

/** What a delivering vendor is, for the rules. */
export interface DeliveryVendor {
  location: LatLng;
  deliveryMaxDistanceKm: number | null | undefined;
  /** deliveryMinAmount in minor units; null: none */
  deliveryMinMinor: number | null | undefined;
  ttsMs: number;
  deliveryTimeBufferMs: number;
}

/** Distance and times of a delivery from a vendor to a point. */
export interface DeliveryQuote {
  /** great-circle distance in metres */
  distance: number;
  travelTimeMs: number;
  deliveryTimeMs: number;
  withinDistance: boolean;
}

/** The built-in estimate: great-circle distance, travel time at the stated average speed, delivery time. */
export function quoteDelivery(vendor: DeliveryVendor, to: LatLng): DeliveryQuote {
  const distance = distanceMetres(vendor.location, to);
  const travelTimeMs = estimatedTravelTimeMs(distance);
  return {
    distance,
    travelTimeMs,
    deliveryTimeMs: deliveryTimeMs({
      ttsMs: vendor.ttsMs,
      travelTimeMs,
      deliveryTimeBufferMs: vendor.deliveryTimeBufferMs,
    }),
    withinDistance: isWithinDeliveryDistance(distance, vendor.deliveryMaxDistanceKm),
  };
}

export type DeliveryProblem =
  | { kind: 'address'; message: typeof ADDRESS_NOT_FOUND_MESSAGE }
  | { kind: 'distance'; message: typeof CANNOT_DELIVER_MESSAGE }
  | { kind: 'minimum'; message: string };

/**
 * The checks a home-delivery order must pass, in the order a customer meets them: the address
 * resolves (and has a position), it is within the vendor's distance, the total meets the minimum.
 * Returns the first problem, or null when the order can be delivered.
 */
export function deliveryProblem(input: {
  vendor: DeliveryVendor;
  address: AddressParts | null | undefined;
  totalMinor: number;
}): DeliveryProblem | null {
  const { vendor, address, totalMinor } = input;
  if (!address || !isAddressResolved(address) || !address.location) {
    return { kind: 'address', message: ADDRESS_NOT_FOUND_MESSAGE };
  }
  if (!isWithinDeliveryDistance(distanceMetres(vendor.location, address.location), vendor.deliveryMaxDistanceKm)) {
    return { kind: 'distance', message: CANNOT_DELIVER_MESSAGE };
  }
  if (!meetsDeliveryMinimum(totalMinor, vendor.deliveryMinMinor)) {
    return { kind: 'minimum', message: minimumDeliveryMessage(vendor.deliveryMinMinor ?? 0) };
  }
  return null;
}
