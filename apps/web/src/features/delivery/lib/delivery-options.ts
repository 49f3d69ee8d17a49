/**
 * Which stores can deliver to an address (spec §2 Delivery, §5, §8, §9), from the vendors, the
 * address and the routes to it. Pure, so the screen and its tests read the same rules.
 */
import type { Vendor } from '@venue/contract/venue';
import {
  CANNOT_DELIVER_MESSAGE,
  deliveryTimeMs,
  isWithinDeliveryDistance,
  NO_DELIVERY_VENDORS_MESSAGE,
  NO_DRIVING_DIRECTION_MESSAGE,
} from '@venue/domain/delivery';
import type { Route } from './address-service';

/** Spec §2 single-vendor button labels. */
export const DELIVERY_BUTTON_LABELS = {
  proceed: 'Proceed to Order',
  enterAddress: 'Enter Address Above',
  closed: 'We are closed',
} as const;

/** Whether a vendor offers home delivery. */
export function deliversHome(vendor: Vendor): boolean {
  return vendor.vendorOrderConfiguration.availableServiceModes.includes('HomeDelivery');
}

export interface DeliveryOption {
  vendor: Vendor;
  route: Route;
  /** spec §9: tts + travel time + deliveryTimeBuffer (ms) */
  deliveryTimeMs: number;
}

export type DeliveryVerdict = { kind: 'options'; options: DeliveryOption[] } | { kind: 'problem'; message: string };

/**
 * The vendors able to deliver: offering HomeDelivery, within deliveryMaxDistance by their route, and
 * open to order now (`takesOrders`). When none is: no route at all → 'Cannot get driving
 * direction'; none within range → "we can't deliver"; in range but not taking orders → 'none of our
 * stores are currently available'.
 */
export function deliveryVerdict(
  vendors: readonly Vendor[],
  routes: ReadonlyMap<number, Route | null>,
  takesOrders: (vendor: Vendor) => boolean,
): DeliveryVerdict {
  const candidates = vendors.filter(deliversHome);
  const routed = candidates.flatMap((vendor) => {
    const route = routes.get(vendor.id);
    return route ? [{ vendor, route }] : [];
  });
  if (candidates.length > 0 && routed.length === 0) return { kind: 'problem', message: NO_DRIVING_DIRECTION_MESSAGE };
  const inRange = routed.filter(({ vendor, route }) =>
    isWithinDeliveryDistance(route.distance, vendor.vendorOrderConfiguration.deliveryMaxDistance),
  );
  if (inRange.length === 0) return { kind: 'problem', message: CANNOT_DELIVER_MESSAGE };
  const options = inRange
    .filter(({ vendor }) => takesOrders(vendor))
    .map(({ vendor, route }) => ({
      vendor,
      route,
      deliveryTimeMs: deliveryTimeMs({
        ttsMs: vendor.tts,
        travelTimeMs: route.durationMs,
        deliveryTimeBufferMs: vendor.vendorOrderConfiguration.deliveryTimeBuffer,
      }),
    }))
    .sort((a, b) => a.deliveryTimeMs - b.deliveryTimeMs);
  if (options.length === 0) return { kind: 'problem', message: NO_DELIVERY_VENDORS_MESSAGE };
  return { kind: 'options', options };
}

/** 'About 45 min' (rounded up to the minute) for a delivery time. */
export function deliveryTimeLabel(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  if (minutes < 60) return `About ${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return `About ${hours} hr${hours > 1 ? 's' : ''}${rest ? ` ${rest} min` : ''}`;
}
