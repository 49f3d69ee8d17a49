/** Route guards of spec §2 that depend only on the order status and the consumer's contact. */
import { isActiveStatus, isFinishedStatus } from './order-status.ts';

const trimmed = (pathname: string) => pathname.replace(/\/+$/, '') || '/';

/**
 * Spec §2: with status Paid, Scheduled or Waiting every route except wait-order redirects to it.
 * Returns where to go, or null to stay.
 */
export function activeOrderRedirect(
  pathname: string,
  orderStatus: string | null | undefined,
  waitOrderPath: string,
): string | null {
  if (!isActiveStatus(orderStatus)) return null;
  return trimmed(pathname) === waitOrderPath ? null : waitOrderPath;
}

/** The consumer contact a consumer-protected route needs. */
export interface ConsumerContact {
  id: string | null;
  contact: { mobile: string; email: string };
}

/**
 * Spec §2/§6: a consumer record exists (created from the contact screen) before payment, tracking
 * and the final screen; without one the app goes back to the contact screen.
 */
export function hasConsumerContact(consumer: ConsumerContact): boolean {
  return consumer.id !== null && consumer.id !== '';
}

/**
 * Spec §2: routes needing consumer contact redirect to the consumer-details route when it is
 * missing. Returns where to go, or null to stay.
 */
export function consumerContactRedirect(
  pathname: string,
  consumer: ConsumerContact,
  protectedPaths: readonly string[],
  consumerDetailsPath: string,
): string | null {
  if (!protectedPaths.includes(trimmed(pathname))) return null;
  return hasConsumerContact(consumer) ? null : consumerDetailsPath;
}

/** The paths the status redirects need, given by the app. */
export interface StatusRoutes {
  /** the final route (alert-order) */
  final: string;
  /** where order-tracking routes go without a status (the start screen) */
  fallback: string;
  /** the order-tracking routes (wait-order, alert-order) */
  tracking: readonly string[];
}

/**
 * Spec §2: with status PendingAlerted, Alerted, Serviced, Cancelled or VendorSupportRequired most
 * routes redirect to the final route. The tracking routes are the exceptions: alert-order is the
 * destination, and wait-order must stay reachable because it is where the ready status is first
 * noticed (it sends the alerted call and opens the pick-up modal, spec §4). Returns where to go, or
 * null to stay.
 */
export function finishedOrderRedirect(
  pathname: string,
  orderStatus: string | null | undefined,
  routes: StatusRoutes,
): string | null {
  if (!isFinishedStatus(orderStatus)) return null;
  return routes.tracking.includes(trimmed(pathname)) ? null : routes.final;
}

/**
 * Spec §2: order-tracking routes redirect to the fallback when the order has no status. Returns
 * where to go, or null to stay.
 */
export function trackingRouteRedirect(
  pathname: string,
  orderStatus: string | null | undefined,
  routes: StatusRoutes,
): string | null {
  if (orderStatus) return null;
  return routes.tracking.includes(trimmed(pathname)) ? routes.fallback : null;
}
