import autocannon from 'autocannon';
import type { BenchContext, Section, SectionResult } from '../lib/section.ts';
import { formatInteger, formatMs } from '../lib/table.ts';

const WARMUP_SECONDS = 3;

/** A typical basket at Grill & Bun: burgers with required and optional options, a family pack, drinks. */
const BASKET = {
  vendorId: 2,
  orderOrigin: 'bench',
  serviceMode: 'TakeAway',
  orderItems: [
    { menuItemId: 201, quantity: 2, modifiers: [{ modifierId: 2003 }, { modifierId: 2011 }, { modifierId: 2023 }] },
    { menuItemId: 202, quantity: 1, modifiers: [{ modifierId: 2031 }, { modifierId: 2001 }] },
    { menuItemId: 208, quantity: 1, modifiers: [] },
    { menuItemId: 215, quantity: 3, modifiers: [{ modifierId: 2051 }] },
  ],
};
const PATH = '/v1/vendor/2/calculate-order-payment';

/** Issue 3: report calculate-order-payment req/s and p99 (server pricing from the cached menu). */
export const calculateOrderPayment: Section = {
  name: 'calculate-order-payment',
  description: 'server pricing of a basket (autocannon on loopback)',
  async run(context: BenchContext): Promise<SectionResult> {
    const { server, connections, durationSeconds } = context;
    const url = `${server.url}${PATH}`;
    const request = {
      url,
      method: 'POST' as const,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(BASKET),
      connections,
      timeout: 10,
    };
    const check = await fetch(url, { method: 'POST', headers: request.headers, body: request.body });
    if (!check.ok) throw new Error(`calculate-order-payment answered ${check.status}: ${await check.text()}`);
    await check.arrayBuffer();
    context.log('warming up calculate-order-payment…');
    await autocannon({ ...request, duration: WARMUP_SECONDS });
    context.log(`measuring calculate-order-payment (${connections} connections × ${durationSeconds} s)…`);
    const result = await autocannon({ ...request, duration: durationSeconds });
    const measured = {
      requestsPerSecond: result.requests.average,
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      non2xx: result.non2xx,
      errors: result.errors + result.timeouts,
      total: result.requests.total,
    };
    return {
      name: this.name,
      title: `Server pricing: ${connections} connections × ${durationSeconds} s`,
      columns: ['route', 'req/s', 'p50', 'p99', 'non-2xx', 'errors'],
      rows: [
        [
          `POST ${PATH} (4 lines, 7 options)`,
          formatInteger(measured.requestsPerSecond),
          formatMs(measured.p50Ms),
          formatMs(measured.p99Ms),
          formatInteger(measured.non2xx),
          formatInteger(measured.errors),
        ],
      ],
      notes: [],
      goals: [
        {
          description: 'calculate-order-payment: no non-2xx answers or errors',
          met: measured.non2xx === 0 && measured.errors === 0,
        },
      ],
      data: { connections, durationSeconds, path: PATH, ...measured },
    };
  },
};
