import { randomUUID } from 'node:crypto';
import { onFreshServers } from '../lib/fresh-servers.ts';
import { HttpClient, type Signer } from '../lib/http-client.ts';
import type { BenchContext, Section, SectionResult } from '../lib/section.ts';
import { formatInteger, formatMs } from '../lib/table.ts';

/** Issue 4 goals on SQLite at 50 concurrent customers. */
export const CHECKOUT_MIN_ORDERS_PER_SECOND = 300;
export const CHECKOUT_MAX_P99_MS = 250;
const WARMUP_SECONDS = 3;

/** The store every benchmark checkout orders from (Daily Grind). */
export const CHECKOUT_VENDOR_ID = 4;
/** An uncounted item, so stock never runs out during the run. */
const BASKET = { orderItems: [{ menuItemId: 414, quantity: 2 }], serviceMode: 'TakeAway', orderOrigin: 'bench' };

/** One customer's whole checkout: consumer, order, payment, gateway card request, update. Answers who paid for what. */
export async function checkout(client: HttpClient): Promise<{ consumer: Signer; orderId: number }> {
  const call = <T>(method: string, path: string, payload?: unknown, signer?: Signer) =>
    client.json<T>(method, path, payload, signer);
  const consumer = await call<Signer>('POST', '/v1/consumer/create', {
    contact: { mobile: '+61400000000', email: 'bench@example.com' },
    name: { fullName: 'Bench Customer' },
  });
  // One key per checkout, as the app makes one per order attempt (place-order requires it).
  const order = await client.json<{ id: number }>(
    'POST',
    `/v1/vendor/${CHECKOUT_VENDOR_ID}/place-order`,
    BASKET,
    consumer,
    { 'Idempotency-Key': `bench-${randomUUID()}` },
  );
  const payment = await call<{
    id: number;
    accessCode: string;
    reference: string;
    formActionUrl: string;
    totalPrice: { minorAmount: number };
  }>('POST', `/v1/vendor/${CHECKOUT_VENDOR_ID}/order/${order.id}/initiate-payment`, {}, consumer);
  const query = new URLSearchParams({
    currency: 'AUD',
    verification: payment.accessCode,
    amount: String(payment.totalPrice.minorAmount),
    reference: payment.reference,
    format: 'json',
    card_holder: 'Bench Customer',
    card_number: '4242424242424242',
    cvv: '123',
    expiry_month: '12',
    expiry_year: '2035',
    callback: 'cb',
  });
  const result = await call<{ r: number; id: string }>('GET', `${new URL(payment.formActionUrl).pathname}?${query}`);
  if (result.r !== 1) throw new Error(`gateway answered ${result.r}`);
  const outcome = await call<{ successful: boolean }>(
    'POST',
    `/v1/vendor/${CHECKOUT_VENDOR_ID}/order/${order.id}/payment/${payment.id}/update`,
    { savePaymentMethod: false, messages: [], responseCode: '1', transactionStatus: true, transactionId: result.id },
    consumer,
  );
  if (!outcome.successful) throw new Error('payment not settled');
  return { consumer, orderId: order.id };
}

interface Run {
  orders: number;
  errors: number;
  ordersPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  firstError: string | null;
}

export async function run(base: string, customers: number, seconds: number): Promise<Run> {
  const client = new HttpClient(base, customers);
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | null = null;
  const end = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: customers }, async () => {
      while (performance.now() < end) {
        const t0 = performance.now();
        try {
          await checkout(client);
          latencies.push(performance.now() - t0);
        } catch (error) {
          errors += 1;
          firstError ??= error instanceof Error ? error.message : String(error);
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  client.close();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return {
    orders: latencies.length,
    errors,
    ordersPerSecond: latencies.length / elapsed,
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    firstError,
  };
}

/**
 * Issue 4: whole checkouts per second and their p99 at 50 concurrent customers, on SQLite and (when
 * TEST_DATABASE_URL is set) PostgreSQL, each on a fresh server (lib/fresh-servers.ts).
 */
export const checkoutBench: Section = {
  name: 'checkout',
  description: 'checkout runs: consumer, place order, initiate payment, gateway purchase, update',
  async run(context: BenchContext): Promise<SectionResult> {
    const { connections, durationSeconds } = context;
    const results = await onFreshServers(context.log, async (name, server) => {
      context.log(`warming up checkout on ${name}…`);
      await run(server.url, connections, WARMUP_SECONDS);
      context.log(`measuring checkout on ${name} (${connections} customers × ${durationSeconds} s)…`);
      return run(server.url, connections, durationSeconds);
    });
    const sqlite = results[0]!;
    return {
      name: this.name,
      title: `Checkout: ${connections} concurrent customers × ${durationSeconds} s (5 calls per order)`,
      columns: ['database', 'orders/s', 'p50', 'p99', 'orders', 'errors'],
      rows: results.map((r) => [
        r.name,
        formatInteger(r.ordersPerSecond),
        formatMs(r.p50Ms),
        formatMs(r.p99Ms),
        formatInteger(r.orders),
        formatInteger(r.errors),
      ]),
      notes: [
        ...(results.length === 1 ? ['PostgreSQL skipped: set TEST_DATABASE_URL=postgres://… to measure it too.'] : []),
        ...results.filter((r) => r.firstError).map((r) => `${r.name} first error: ${r.firstError}`),
      ],
      goals: [
        {
          description: `checkout on SQLite ≥ ${CHECKOUT_MIN_ORDERS_PER_SECOND} orders/s`,
          met: sqlite.ordersPerSecond >= CHECKOUT_MIN_ORDERS_PER_SECOND,
        },
        { description: `checkout on SQLite p99 ≤ ${CHECKOUT_MAX_P99_MS} ms`, met: sqlite.p99Ms <= CHECKOUT_MAX_P99_MS },
        { description: 'checkout: no errors', met: results.every((r) => r.errors === 0) },
      ],
      data: { connections, durationSeconds, results },
    };
  },
};
