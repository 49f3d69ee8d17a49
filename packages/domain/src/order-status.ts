/**
 * Order statuses (spec §4), their groups, and what the tracking screens and route guards (spec §2)
 * do with them. Every list or group of statuses the app, the staff display, the server and the tests
 * use is declared here, once.
 */

/** Spec §4 order statuses. */
export const ORDER_STATUSES = [
  'Pending',
  'Paid',
  'Waiting',
  'PendingAlerted',
  'Alerted',
  'Serviced',
  'Cancelled',
  'VendorSupportRequired',
  'Scheduled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Spec §4 active group: the order is paid and in the vendor's hands. */
export const ACTIVE_ORDER_STATUSES = ['Paid', 'Scheduled', 'Waiting'] as const satisfies readonly OrderStatus[];
/** Spec §4 finished group. */
export const FINISHED_ORDER_STATUSES = [
  'PendingAlerted',
  'Alerted',
  'Serviced',
  'Cancelled',
  'VendorSupportRequired',
] as const satisfies readonly OrderStatus[];

/** In the vendor's queue: waiting to be made, or scheduled for later; they carry a time to service. */
export const QUEUED_ORDER_STATUSES = ['Waiting', 'Scheduled'] as const satisfies readonly OrderStatus[];

/** After these nothing more happens to an order: streams end, push subscriptions go. */
export const FINAL_ORDER_STATUSES = ['Serviced', 'Cancelled'] as const satisfies readonly OrderStatus[];

/** Ready for the customer (told, or not told yet), not yet collected. */
export const READY_ORDER_STATUSES = ['PendingAlerted', 'Alerted'] as const satisfies readonly OrderStatus[];

/** Not ready yet: a ready call (the customer's 'alerted') on such an order is refused. */
export const NOT_READY_ORDER_STATUSES = [
  'Pending',
  'Paid',
  'Waiting',
  'Scheduled',
] as const satisfies readonly OrderStatus[];

/** The statuses a vendor (operations API, staff display or kitchen simulator) may set on an order. */
export const VENDOR_SET_STATUSES = [
  'PendingAlerted',
  'Serviced',
  'Cancelled',
  'VendorSupportRequired',
] as const satisfies readonly OrderStatus[];
export type VendorSetStatus = (typeof VENDOR_SET_STATUSES)[number];

/** The orders the kitchen still has to deal with (the operations API lists these when asked for none). */
export const KITCHEN_OPEN_STATUSES = [
  'Paid',
  'Waiting',
  'Scheduled',
  'PendingAlerted',
  'Alerted',
  'VendorSupportRequired',
] as const satisfies readonly OrderStatus[];

/** The statuses a customer is notified of. */
export const ALERT_STATUSES = [
  'PendingAlerted',
  'Cancelled',
  'VendorSupportRequired',
] as const satisfies readonly OrderStatus[];

/**
 * Spec §4 statuses of an order that is ready (or on its way, or collected): the wait is over, so the
 * progress indicator is complete whatever the estimate said.
 */
export const PROGRESS_COMPLETE_STATUSES = [
  ...READY_ORDER_STATUSES,
  'Serviced',
] as const satisfies readonly OrderStatus[];

/** Spec §4: statuses that end the wait after a payment (Cancelled ends it too: the vendor refused it). */
export const RESOLVED_AFTER_PAYMENT = [
  'Waiting',
  'Scheduled',
  'VendorSupportRequired',
  'Cancelled',
] as const satisfies readonly OrderStatus[];

/** Whether a value is one of the spec's order statuses. */
export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);
}

/** Whether a placed order's status is in the active group (Paid, Scheduled, Waiting). */
export function isActiveStatus(status: string | null | undefined): boolean {
  return status != null && (ACTIVE_ORDER_STATUSES as readonly string[]).includes(status);
}

/** Whether a placed order's status is in the finished group. */
export function isFinishedStatus(status: string | null | undefined): boolean {
  return status != null && (FINISHED_ORDER_STATUSES as readonly string[]).includes(status);
}

/** Whether an order in this status is in the vendor's queue (Waiting, Scheduled). */
export function isQueuedStatus(status: string | null | undefined): boolean {
  return status != null && (QUEUED_ORDER_STATUSES as readonly string[]).includes(status);
}

/** Whether nothing more happens to an order in this status (Serviced, Cancelled). */
export function isFinalStatus(status: string | null | undefined): boolean {
  return status != null && (FINAL_ORDER_STATUSES as readonly string[]).includes(status);
}

/**
 * Spec §4: the wait screen polls until the order reaches one of these. VendorSupportRequired ends
 * it too: it is a finished status, and spec §2 sends finished orders to alert-order, where the
 * 'We need to discuss your order' modal is — polling on would leave the customer on a loader.
 */
export const WAIT_OVER_STATUSES = [
  'PendingAlerted',
  'Cancelled',
  'Alerted',
  'Serviced',
  'VendorSupportRequired',
] as const satisfies readonly OrderStatus[];

/** Whether the wait screen's polling has found what it waits for. */
export function isWaitOver(status: string | null | undefined): boolean {
  return status != null && (WAIT_OVER_STATUSES as readonly string[]).includes(status);
}

/**
 * What the wait screen shows when polling ends with a status (spec §4): PendingAlerted or
 * Serviced open the pick-up modal; Cancelled opens 'Temporary problem!'; Alerted (the customer
 * was already told, e.g. in another tab) goes straight on to alert-order.
 */
export type WaitOutcome = 'pick-up' | 'problem' | 'move-on';

/** The wait screen's reaction to a status its polling found, or null while it keeps waiting. */
export function waitOutcome(status: string | null | undefined): WaitOutcome | null {
  switch (status) {
    case 'PendingAlerted':
    case 'Serviced':
      return 'pick-up';
    case 'Cancelled':
      return 'problem';
    case 'Alerted':
    case 'VendorSupportRequired':
      return 'move-on';
    default:
      return null;
  }
}

/**
 * What the wait screen does on entry (spec §4): with PendingAlerted it sends the alerted call (and
 * shows the pick-up modal); with Cancelled or Serviced it moves on to alert-order at once, as it
 * does with the other finished statuses (Alerted, VendorSupportRequired) whose screen is
 * alert-order; otherwise it polls.
 */
export type WaitEntryAction = 'send-alerted' | 'move-on' | 'poll';

export function waitEntryAction(status: string | null | undefined): WaitEntryAction {
  if (status === 'PendingAlerted') return 'send-alerted';
  if (isFinishedStatus(status)) return 'move-on';
  return 'poll';
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

const trimmed = (pathname: string) => pathname.replace(/\/+$/, '') || '/';

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
