/**
 * Every PostgreSQL round trip of one paid order, call by call: starts a server on a private schema
 * of TEST_DATABASE_URL with the round-trip counter, warms it with a few orders, then runs one
 * customer's checkout call by call and prints what each call asked of PostgreSQL, in order of count.
 *
 *   TEST_DATABASE_URL=postgres://… npx tsx bench/scripts/pg-order-trace.ts [orders]
 */
import { randomUUID } from 'node:crypto';
import { HttpClient, type Signer } from '@venue/test-harness/http-client';
import { startServer } from '@venue/test-harness/server';
import { BENCH_SERVER_ENV } from '../lib/fresh-servers.ts';
import { countsBetween, PG_COUNTER_ENV, readPgCounter, topStatements } from '../lib/pg-profile.ts';
import { cardRequestQuery, checkout, CHECKOUT_VENDOR_ID } from '../sections/checkout.ts';

const ORDERS = Number(process.argv[2] ?? 20);
const server = await startServer({ database: 'postgres', env: { ...BENCH_SERVER_ENV, ...PG_COUNTER_ENV } });
try {
  const client = new HttpClient(server.url, 1);
  for (let i = 0; i < 5; i += 1) await checkout(client);
  const calls: Array<[string, () => Promise<unknown>]> = [];
  let consumer: Signer | undefined;
  let orderId = 0;
  let payment:
    | { id: number; accessCode: string; reference: string; formActionUrl: string; totalPrice: { minorAmount: number } }
    | undefined;
  let transactionId = '';
  calls.push([
    'consumer',
    async () => {
      consumer = await client.json<Signer>('POST', '/v1/consumer/create', {
        contact: { mobile: '+61400000000', email: 'bench@example.com' },
        name: { fullName: 'Bench Customer' },
      });
    },
  ]);
  calls.push([
    'place-order',
    async () => {
      orderId = (
        await client.json<{ id: number }>(
          'POST',
          `/v1/vendor/${CHECKOUT_VENDOR_ID}/place-order`,
          { orderItems: [{ menuItemId: 414, quantity: 2 }], serviceMode: 'TakeAway', orderOrigin: 'bench' },
          consumer,
          { 'Idempotency-Key': `trace-${randomUUID()}` },
        )
      ).id;
    },
  ]);
  calls.push([
    'initiate-payment',
    async () => {
      payment = await client.json(
        'POST',
        `/v1/vendor/${CHECKOUT_VENDOR_ID}/order/${orderId}/initiate-payment`,
        {},
        consumer,
        { 'Idempotency-Key': `trace-${randomUUID()}` },
      );
    },
  ]);
  calls.push([
    'gateway card',
    async () => {
      const query = cardRequestQuery(payment!);
      transactionId = (await client.json<{ id: string }>('GET', `${new URL(payment!.formActionUrl).pathname}?${query}`))
        .id;
    },
  ]);
  calls.push([
    'payment update',
    async () => {
      await client.json(
        'POST',
        `/v1/vendor/${CHECKOUT_VENDOR_ID}/order/${orderId}/payment/${payment!.id}/update`,
        { savePaymentMethod: false, messages: [], responseCode: '1', transactionStatus: true, transactionId },
        consumer,
        { 'Idempotency-Key': `trace-${randomUUID()}` },
      );
    },
  ]);
  const totals = new Map<string, number>();
  for (let n = 0; n < ORDERS; n += 1) {
    for (const [name, call] of calls) {
      const before = [await readPgCounter(server)];
      await call();
      await new Promise((r) => setTimeout(r, 30));
      const counts = countsBetween(before, [await readPgCounter(server)])!;
      totals.set(name, (totals.get(name) ?? 0) + counts.queries);
      if (n === ORDERS - 1) {
        console.log(`\n## ${name}: ${counts.queries} round trips, ${counts.transactions} transactions`);
        for (const line of topStatements(counts, 1)) console.log(line.slice(0, 260));
      }
    }
  }
  console.log('\nmean round trips per call over', ORDERS, 'orders:');
  let sum = 0;
  for (const [name, total] of totals) {
    console.log(`  ${name}: ${(total / ORDERS).toFixed(2)}`);
    sum += total / ORDERS;
  }
  console.log(`  order: ${sum.toFixed(2)}`);
} finally {
  await server.dispose();
}
