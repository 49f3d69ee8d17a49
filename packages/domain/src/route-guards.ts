/** Route guards of spec §2 that depend only on the order status and the consumer's contact. */
import { isActiveStatus } from './order-status.ts';

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
  return pathname.replace(/\/+$/, '') === waitOrderPath ? null : waitOrderPath;
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
  if (!protectedPaths.includes(pathname.replace(/\/+$/, ''))) return null;
  return hasConsumerContact(consumer) ? null : consumerDetailsPath;
}
