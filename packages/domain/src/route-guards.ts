/** Route guards of spec §2 that depend only on the order status and the consumer's contact. */

/** Spec §4 active group: the order is paid and in the vendor's hands. */
export const ACTIVE_ORDER_STATUSES = ['Paid', 'Scheduled', 'Waiting'] as const;
/** Spec §4 finished group. */
export const FINISHED_ORDER_STATUSES = [
  'PendingAlerted',
  'Alerted',
  'Serviced',
  'Cancelled',
  'VendorSupportRequired',
] as const;

/** Whether a placed order's status is in the active group (Paid, Scheduled, Waiting). */
export function isActiveStatus(status: string | null | undefined): boolean {
  return status != null && (ACTIVE_ORDER_STATUSES as readonly string[]).includes(status);
}

/** Whether a placed order's status is in the finished group. */
export function isFinishedStatus(status: string | null | undefined): boolean {
  return status != null && (FINISHED_ORDER_STATUSES as readonly string[]).includes(status);
}

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
