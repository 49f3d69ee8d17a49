/**
 * What the process counts for Prometheus (GET /metrics, plugins/metrics.ts; docs/operations.md).
 * Every module may import this file: the counters of things that happen (orders placed and paid,
 * payment results, refunds, push sends, event delivery) are counted where they happen, in memory,
 * never with a query. Counting costs a few hundred nanoseconds per event and goes on whether or
 * not /metrics is served; what costs more (the process's CPU, memory and event-loop figures) starts
 * only when it is (`enableProcessMetrics`).
 *
 * Requests are counted by `RequestStats`: one onResponse hook per request adds to preallocated
 * arrays (no labels object, no string built, nothing allocated once a route has been seen), and
 * the text is written only when scraped.
 */
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

/** The process's own metrics, shared by every app in it (tests build several). */
export const processRegistry = new Registry();

let processMetricsOn = false;
/** Starts prom-client's default metrics (CPU, memory, event-loop lag, GC): once per process. */
export function enableProcessMetrics(): void {
  if (processMetricsOn) return;
  processMetricsOn = true;
  collectDefaultMetrics({ register: processRegistry });
}

/** A counter's series for one label value, shown (at 0) before anything is counted, so rates and alerts see it. */
function zeroed(counter: Counter<string>, value: string): Counter.Internal {
  const child = counter.labels(value);
  child.inc(0);
  return child;
}

const ordersPlaced = new Counter({
  name: 'venue_orders_placed_total',
  help: 'Orders placed (Pending, not yet paid); a repeated Idempotency-Key is not counted again.',
  registers: [processRegistry],
});
const ordersPaid = new Counter({
  name: 'venue_orders_paid_total',
  help: 'Orders paid and queued for the kitchen.',
  registers: [processRegistry],
});

/** Spec §4 result codes; anything else a gateway answers is counted as "other". */
const RESULT_CODES = [1, 2, 96, 97, 98, 99, 999] as const;
const payments = new Counter({
  name: 'venue_payments_total',
  help: 'Gateway results recorded for payments, by result code (1 success, 2 declined, 96–99 and 999 errors); each payment counts each result once.',
  labelNames: ['result_code'],
  registers: [processRegistry],
});
const paymentsByCode = new Map(RESULT_CODES.map((code) => [code as number, zeroed(payments, String(code))]));
const paymentsOther = zeroed(payments, 'other');

export type RefundKind = 'order_cancelled' | 'back_office';
const refundLabels = { labelNames: ['kind'] as const, registers: [processRegistry] };
const refunds = new Counter({
  name: 'venue_refunds_total',
  help: 'Refunds given: a cancelled paid order (order_cancelled) or from the back office (back_office).',
  ...refundLabels,
});
const refundedMinor = new Counter({
  name: 'venue_refunded_amount_minor_total',
  help: 'Money refunded, in minor units of the currency (cents).',
  ...refundLabels,
});
const refundChildren = {
  order_cancelled: { count: zeroed(refunds, 'order_cancelled'), amount: zeroed(refundedMinor, 'order_cancelled') },
  back_office: { count: zeroed(refunds, 'back_office'), amount: zeroed(refundedMinor, 'back_office') },
};

/** sent: the push service took it; refused: it answered another error; unreachable: no answer; expired: 404/410, the subscription is gone. */
export type PushResult = 'sent' | 'refused' | 'unreachable' | 'expired';
const PUSH_RESULTS: readonly PushResult[] = ['sent', 'refused', 'unreachable', 'expired'];
const pushes = new Counter({
  name: 'venue_push_notifications_total',
  help: 'Web Push notifications sent to push services, by result (sent, refused, unreachable, expired).',
  labelNames: ['result'],
  registers: [processRegistry],
});
const pushChildren = new Map(PUSH_RESULTS.map((result) => [result, zeroed(pushes, result)]));

const eventLag = new Histogram({
  name: 'venue_event_delivery_lag_seconds',
  help: 'From an operations event being written to this process reading it for its streams.',
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers: [processRegistry],
});

/** The counts modules add to where things happen. */
export const counted = {
  orderPlaced(): void {
    ordersPlaced.inc();
  },
  orderPaid(): void {
    ordersPaid.inc();
  },
  paymentResult(resultCode: number): void {
    (paymentsByCode.get(resultCode) ?? paymentsOther).inc();
  },
  refund(kind: RefundKind, amountMinor: number): void {
    refundChildren[kind].count.inc();
    refundChildren[kind].amount.inc(amountMinor);
  },
  push(result: PushResult): void {
    pushChildren.get(result)?.inc();
  },
  /** An event read `lagMs` after it was written (clocks that disagree count as no lag). */
  eventDelivered(lagMs: number): void {
    eventLag.observe(lagMs > 0 ? lagMs / 1000 : 0);
  },
};

/** Request latency buckets (seconds). */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;
const BUCKET_LABELS = [...LATENCY_BUCKETS.map(String), '+Inf'];
/** 1xx … 5xx; a status outside 100–599 counts with 5xx. */
const STATUS_CLASSES = ['1xx', '2xx', '3xx', '4xx', '5xx'] as const;
const SLOTS = LATENCY_BUCKETS.length + 1;

/** The route label of a request no route matched: one value, whatever was asked. */
export const UNMATCHED_ROUTE = 'unmatched';
const USUAL_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** A label value in the text format: backslash, quote and newline escaped. */
const labelValue = (value: string) => value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');

/** One method of one route: a count per bucket (not cumulative) and a sum per status class. */
class RouteSeries {
  readonly buckets = new Float64Array(STATUS_CLASSES.length * SLOTS);
  readonly sums = new Float64Array(STATUS_CLASSES.length);
  readonly counts = new Float64Array(STATUS_CLASSES.length);
  /** `method="GET",route="/v1/time"`, written once */
  readonly labels: string;

  constructor(method: string, route: string) {
    this.labels = `method="${labelValue(method)}",route="${labelValue(route)}"`;
  }
}

/**
 * Requests by method, route pattern and status class, with their latency. The route is Fastify's
 * pattern (`/v1/vendor/:vendorId/menu`), never the address asked for, and every request no route
 * matched is `unmatched`: the series are bounded by the routes the app registers.
 */
export class RequestStats {
  private readonly routes = new Map<string, Map<string, RouteSeries>>();

  /** Adds one answered request; `route` is undefined when none matched. */
  record(method: string, route: string | undefined, statusCode: number, elapsedMs: number): void {
    const pattern = route ?? UNMATCHED_ROUTE;
    let methods = this.routes.get(pattern);
    if (methods === undefined) {
      methods = new Map();
      this.routes.set(pattern, methods);
    }
    // An unmatched request's method is whatever the client wrote: only the usual ones are kept apart.
    const methodLabel = route === undefined && !USUAL_METHODS.has(method) ? 'other' : method;
    let series = methods.get(methodLabel);
    if (series === undefined) {
      series = new RouteSeries(methodLabel, pattern);
      methods.set(methodLabel, series);
    }
    const statusClass = Math.min(Math.max(Math.trunc(statusCode / 100), 1), 5) - 1;
    const seconds = elapsedMs / 1000;
    let slot = 0;
    while (slot < LATENCY_BUCKETS.length && seconds > LATENCY_BUCKETS[slot]!) slot += 1;
    series.buckets[statusClass * SLOTS + slot]! += 1;
    series.sums[statusClass]! += seconds;
    series.counts[statusClass]! += 1;
  }

  /** The route patterns seen so far. */
  routePatterns(): string[] {
    return [...this.routes.keys()];
  }

  /** `http_requests_total` and `http_request_duration_seconds` in the Prometheus text format. */
  text(): string {
    const totals: string[] = [
      '# HELP http_requests_total Requests answered, by method, route pattern and status class.',
      '# TYPE http_requests_total counter',
    ];
    const durations: string[] = [
      '# HELP http_request_duration_seconds Time to answer a request, by method, route pattern and status class.',
      '# TYPE http_request_duration_seconds histogram',
    ];
    for (const methods of this.routes.values()) {
      for (const series of methods.values()) {
        for (let c = 0; c < STATUS_CLASSES.length; c += 1) {
          const count = series.counts[c]!;
          if (count === 0) continue;
          const labels = `${series.labels},status_class="${STATUS_CLASSES[c]}"`;
          totals.push(`http_requests_total{${labels}} ${count}`);
          let cumulative = 0;
          for (let slot = 0; slot < SLOTS; slot += 1) {
            cumulative += series.buckets[c * SLOTS + slot]!;
            durations.push(`http_request_duration_seconds_bucket{${labels},le="${BUCKET_LABELS[slot]}"} ${cumulative}`);
          }
          durations.push(`http_request_duration_seconds_sum{${labels}} ${series.sums[c]}`);
          durations.push(`http_request_duration_seconds_count{${labels}} ${count}`);
        }
      }
    }
    return `${totals.join('\n')}\n\n${durations.join('\n')}\n`;
  }
}
