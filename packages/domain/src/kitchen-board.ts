/**
 * The staff display's board (issue: the venue side): a store's open orders as tickets in columns
 * by stage, oldest first, and how long each has waited against the store's time to service.
 */
import { canVendorMove } from './kitchen-queue.ts';
import type { OrderStatus, VendorSetStatus } from './order-status.ts';

export type BoardColumnId = 'toMake' | 'ready' | 'needsHelp';

/** The columns, in the order the kitchen reads them. */
export const BOARD_COLUMNS: ReadonlyArray<{ id: BoardColumnId; title: string }> = [
  { id: 'toMake', title: 'To make' },
  { id: 'ready', title: 'Ready' },
  { id: 'needsHelp', title: 'Needs help' },
];

const COLUMN_OF: Partial<Record<OrderStatus, BoardColumnId>> = {
  Paid: 'toMake',
  Waiting: 'toMake',
  Scheduled: 'toMake',
  PendingAlerted: 'ready',
  Alerted: 'ready',
  VendorSupportRequired: 'needsHelp',
};

/** The column of an order, or null when it is no longer the kitchen's (Pending, Serviced, Cancelled). */
export function columnOf(status: OrderStatus): BoardColumnId | null {
  return COLUMN_OF[status] ?? null;
}

/** What the board reads of an order (ISO instants, as the operations API gives them). */
export interface BoardOrder {
  id: number;
  orderStatus: OrderStatus;
  requestedServiceTime: string | null;
  timeQueued: string | null;
  paidAt: string | null;
  createdAt: string;
}

const instant = (iso: string | null) => (iso === null ? Number.NaN : Date.parse(iso));

/** When the order started to wait: queued, else paid, else placed. */
export function waitingSince(order: BoardOrder): number {
  for (const value of [order.timeQueued, order.paidAt, order.createdAt]) {
    const ms = instant(value);
    if (Number.isFinite(ms)) return ms;
  }
  return Number.NaN;
}

/** When the kitchen must have it: the requested time of a scheduled order, else when it started to wait. */
export function dueAt(order: BoardOrder): number {
  const requested = instant(order.requestedServiceTime);
  return Number.isFinite(requested) ? requested : waitingSince(order);
}

/** The orders of one column, oldest first (scheduled ones by their requested time). */
export function ordersIn<T extends BoardOrder>(orders: readonly T[], column: BoardColumnId): T[] {
  return orders
    .filter((order) => columnOf(order.orderStatus) === column)
    .sort((a, b) => dueAt(a) - dueAt(b) || a.id - b.id);
}

export type Urgency = 'ok' | 'soon' | 'late';
/** Share of the time to service after which a ticket turns amber. */
export const SOON_SHARE = 0.75;

/** How pressing a ticket is: amber from 3/4 of the time to service, red once past it. */
export function urgencyOf(waitedMs: number, ttsMs: number): Urgency {
  if (!Number.isFinite(waitedMs) || ttsMs <= 0) return 'ok';
  if (waitedMs > ttsMs) return 'late';
  if (waitedMs >= ttsMs * SOON_SHARE) return 'soon';
  return 'ok';
}

/** "now", "4 min", "1 h 05 min": how long a ticket has waited. */
export function formatWaited(waitedMs: number): string {
  if (!Number.isFinite(waitedMs) || waitedMs < 60_000) return 'now';
  const minutes = Math.floor(waitedMs / 60_000);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

/** The next step of a ticket, which one tap or Enter takes: ready when making, collected when ready. */
export function nextStep(status: OrderStatus): VendorSetStatus | null {
  const column = columnOf(status);
  const step: VendorSetStatus | null =
    column === 'toMake' || column === 'needsHelp' ? 'PendingAlerted' : column === 'ready' ? 'Serviced' : null;
  return step !== null && canVendorMove(status, step) ? step : null;
}

/** The moves a ticket offers, in the order its buttons show: the next step first, cancel last. */
export function ticketActions(status: OrderStatus): VendorSetStatus[] {
  const order: VendorSetStatus[] = ['PendingAlerted', 'Serviced', 'VendorSupportRequired', 'Cancelled'];
  const next = nextStep(status);
  return order
    .filter((target) => target !== status && canVendorMove(status, target))
    .filter((target) => !(target === 'Serviced' && next === 'PendingAlerted'))
    .sort((a, b) => (a === next ? -1 : b === next ? 1 : 0));
}

/** How long the board offers to undo 'Collected' / 'Delivered' (a tap on the wrong ticket). */
export const COLLECTED_UNDO_MS = 5_000;
/**
 * How long after an order was collected the server still takes its undo: the board's offer, plus
 * time for a request sent at its last moment to arrive over a slow network.
 */
export const COLLECTED_UNDO_WINDOW_MS = COLLECTED_UNDO_MS + 10_000;
