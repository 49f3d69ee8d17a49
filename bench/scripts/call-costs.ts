/**
 * What each of a paid order's five calls costs the server on its own: starts a server (SQLite), warms
 * it up with the checkout loop, then makes `--orders` customers go through the checkout one call at
 * a time: all the consumers, then all their orders, all the payments' starts, all the card
 * requests to the sandbox gateway, all the payments' updates, `--clients` calls at once. Prints
 * the server's CPU time (its own, from /proc) per call of each kind, GET /v1/time's beside them,
 * and the checkout loop's CPU per order measured on the same server just before: the loop mixes
 * the five calls, which costs more than their sum in bulk.
 *
 *   npx tsx bench/scripts/call-costs.ts [--orders=3000] [--clients=20] [--rounds=2]
 */
import { parseArgs } from 'node:util';
import { HttpClient } from '@venue/test-harness/http-client';
import { startServer } from '@venue/test-harness/server';
import { BENCH_SERVER_ENV } from '../lib/fresh-servers.ts';
import { processCpuSeconds } from '../lib/pg-profile.ts';
import { checkoutCalls, run } from '../sections/checkout.ts';

const { values } = parseArgs({
  options: {
    orders: { type: 'string', default: '3000' },
    clients: { type: 'string', default: '20' },
    rounds: { type: 'string', default: '2' },
  },
});
const orders = Number(values.orders);
const clients = Number(values.clients);

const server = await startServer({ env: BENCH_SERVER_ENV });
const client = new HttpClient(server.url, clients);
const cpuSeconds = () => processCpuSeconds([server.pid!]);

/** Makes `call` for every input, `clients` at a time; prints the server's CPU per call. */
async function each<T, R>(name: string, inputs: T[], call: (input: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(inputs.length);
  let next = 0;
  const before = await cpuSeconds();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < inputs.length) {
        const index = next++;
        results[index] = await call(inputs[index]!);
      }
    }),
  );
  const cpuMs = ((await cpuSeconds()) - before) * 1000;
  const perSecond = inputs.length / ((performance.now() - started) / 1000);
  console.log(
    `  ${name.padEnd(18)} ${(cpuMs / inputs.length).toFixed(3)} ms CPU a call  (${perSecond.toFixed(0)} calls/s)`,
  );
  return results;
}

try {
  await run(server.url, clients, 6);
  for (let round = 1; round <= Number(values.rounds); round += 1) {
    console.log(`round ${round}`);
    const before = await cpuSeconds();
    const loop = await run(server.url, clients, 5);
    const loopMs = ((await cpuSeconds()) - before) * 1000;
    console.log(`  checkout loop      ${(loopMs / loop.orders).toFixed(3)} ms CPU an order`);
    const indexes = Array.from({ length: orders }, (_, index) => index);
    await each('GET /v1/time', [...indexes, ...indexes, ...indexes], () => client.send('GET', '/v1/time'));
    const consumers = await each('consumer/create', indexes, () => checkoutCalls.createConsumer(client));
    const placed = await each('place-order', consumers, async (consumer) => ({
      consumer,
      orderId: (await checkoutCalls.placeOrder(client, consumer)).id,
    }));
    const started = await each('initiate-payment', placed, async (order) => ({
      ...order,
      payment: await checkoutCalls.initiatePayment(client, order.consumer, order.orderId),
    }));
    const charged = await each('gateway card', started, async (paying) => ({
      ...paying,
      transactionId: await checkoutCalls.payByCard(client, paying.payment),
    }));
    let total = 0;
    await each('payment update', charged, async ({ consumer, orderId, payment, transactionId }) => {
      await checkoutCalls.updatePayment(client, consumer, orderId, payment.id, transactionId);
      total += 1;
    });
    console.log(`  (${total} orders paid one call at a time)`);
  }
} finally {
  client.close();
  await server.dispose();
}
