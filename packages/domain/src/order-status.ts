/**
 * Order statuses (spec §4) and their groups. Every list or group of statuses the app, the staff
 * display, the server and the tests use is declared here, once; what the wait screen does with a
 * status is order-wait.ts's, and the redirects that depend on it are route-guards.ts's.
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
  'PendingAlerted',
  'Alerted',
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

/** Whether an order in this status is ready for the customer, told or not (PendingAlerted, Alerted). */
export function isReadyStatus(status: string | null | undefined): boolean {
  return status != null && (READY_ORDER_STATUSES as readonly string[]).includes(status);
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
