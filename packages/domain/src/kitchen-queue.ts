/**
 * The vendor's queue (architecture: "queue position and estimate come from the vendor's real queue
 * and its recent service times") and which status changes a vendor may make.
 */
import type { OrderStatus, VendorSetStatus } from './order-status.ts';

/**
 * From each status, where a vendor may move an order. Pending (not paid) orders are the
 * customer's; Serviced and Cancelled are final.
 */
export const VENDOR_TRANSITIONS: Readonly<Record<OrderStatus, readonly VendorSetStatus[]>> = {
  Pending: [],
  Paid: ['Cancelled', 'VendorSupportRequired'],
  Waiting: ['PendingAlerted', 'Serviced', 'Cancelled', 'VendorSupportRequired'],
  Scheduled: ['PendingAlerted', 'Serviced', 'Cancelled', 'VendorSupportRequired'],
  PendingAlerted: ['Serviced', 'Cancelled', 'VendorSupportRequired'],
  Alerted: ['Serviced', 'Cancelled', 'VendorSupportRequired'],
  VendorSupportRequired: ['PendingAlerted', 'Serviced', 'Cancelled'],
  Serviced: [],
  Cancelled: [],
};

export function canVendorMove(from: OrderStatus, to: VendorSetStatus): boolean {
  return VENDOR_TRANSITIONS[from].includes(to);
}

/** Without enough history, each order ahead adds this much to the estimate. */
export const DEFAULT_QUEUE_STEP_MS = 60_000;
/** How many recent ready orders the estimate learns from, and how far back. */
export const RECENT_SAMPLE_SIZE = 20;
export const RECENT_WINDOW_MS = 3 * 60 * 60_000;
/** Fewer samples than this and the vendor's stated time to service is used instead. */
export const MIN_SAMPLES = 3;
/** Gaps between completions are taken within these bounds (bursts and idle hours are not the pace). */
const MIN_STEP_MS = 5_000;
const MAX_SERVICE_MS = 4 * 60 * 60_000;

export interface ServiceSample {
  /** when the order entered the queue */
  queuedAt: number;
  /** when the vendor made it ready */
  readyAt: number;
}

export interface QueuePace {
  /** typical time from joining the queue to ready */
  serviceMs: number;
  /** typical time between two orders being made ready */
  stepMs: number;
  /** how many recent orders this was learnt from (0: the vendor's stated time to service) */
  samples: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2);
}

/**
 * The vendor's pace from its recent ready orders: the median service time, and the median gap
 * between consecutive completions (bounded by the service time). With fewer than MIN_SAMPLES
 * recent orders the stated time to service and a one-minute step stand in.
 */
export function queuePace(samples: readonly ServiceSample[], ttsMs: number): QueuePace {
  const valid = samples.filter(
    (s) => Number.isFinite(s.queuedAt) && Number.isFinite(s.readyAt) && s.readyAt >= s.queuedAt,
  );
  if (valid.length < MIN_SAMPLES) {
    return { serviceMs: Math.max(0, ttsMs), stepMs: DEFAULT_QUEUE_STEP_MS, samples: 0 };
  }
  const serviceMs = Math.min(MAX_SERVICE_MS, median(valid.map((s) => s.readyAt - s.queuedAt)));
  const ready = valid.map((s) => s.readyAt).sort((a, b) => a - b);
  const gaps = ready.slice(1).map((at, i) => at - ready[i]!);
  const stepMs = Math.min(Math.max(MIN_STEP_MS, median(gaps)), Math.max(MIN_STEP_MS, serviceMs));
  return { serviceMs, stepMs, samples: valid.length };
}

/**
 * When an order at `position` (1 = next) should be ready: no sooner than its typical service time
 * after it joined, and no sooner than one step per order up to and including it from now. An order
 * that has waited past its time is therefore always "one step away", never in the past.
 */
export function estimateReadyAt(input: { queuedAt: number; position: number; nowMs: number; pace: QueuePace }): number {
  const { queuedAt, position, nowMs, pace } = input;
  return Math.max(queuedAt + pace.serviceMs, nowMs + Math.max(1, position) * pace.stepMs);
}
