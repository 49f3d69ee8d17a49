/**
 * GET /metrics (docs/operations.md "Metrics"): asked for with METRICS_TOKEN on the main port, or
 * served on METRICS_PORT and not on the main port, 404 with neither; the counts move with a real
 * paid checkout and a refund; route labels stay bounded however many ids and odd paths are asked.
 */
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { paidTestOrder, simpleOrderLine } from '../test/checkout.ts';
import { databases } from '../test/databases.ts';
import { createTestConsumer } from '../test/signed-requests.ts';
import { SseReader } from '../test/sse-client.ts';
import { TEST_OPS_TOKEN, useTestApp } from '../test/test-app.ts';

const NOW = Date.parse('2026-11-23T02:00:00.000Z');
const METRICS_TOKEN = 'metrics-token-0123456789';
const VENDOR = 2;
const ops = { authorization: `Bearer ${TEST_OPS_TOKEN}` };

/** The samples of a scrape: `name{labels}` → value. */
function samples(text: string): Map<string, number> {
  const found = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const space = line.lastIndexOf(' ');
    found.set(line.slice(0, space), Number(line.slice(space + 1)));
  }
  return found;
}

describe.each(databases)('GET /metrics with METRICS_TOKEN on $name', (database) => {
  const registered: RouteOptions[] = [];
  const ctx = useTestApp(database, {
    clock: () => NOW,
    env: { METRICS_TOKEN },
    onRoute: (route) => registered.push(route),
  });
  const scrape = async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    return samples(res.body);
  };

  it('answers 401 without the token or with another, and the Prometheus text with it', async () => {
    for (const headers of [{}, { authorization: 'Bearer not-the-metrics-token' }, ops]) {
      const res = await ctx.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(res.json()).toMatchObject({ message: expect.stringContaining('METRICS_TOKEN') });
    }
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    for (const name of [
      'process_cpu_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
      'venue_event_streams_open{kind="staff"}',
      'venue_event_streams_open{kind="customer"}',
      'venue_orders_paid_total',
      'venue_payments_total{result_code="2"}',
      'venue_push_notifications_total{result="refused"}',
      database.name === 'sqlite' ? 'venue_sqlite_wal_bytes' : 'venue_db_pool_connections{state="in_use"}',
    ]) {
      expect(res.body).toContain(`\n${name}`);
    }
  });

  it('counts a paid checkout and its refund where they happen', async () => {
    const before = await scrape();
    const consumer = await createTestConsumer(ctx.app);
    const order = await paidTestOrder(ctx.app, consumer, VENDOR, [await simpleOrderLine(ctx.app, VENDOR)]);
    const cancelled = await ctx.app.inject({
      method: 'POST',
      url: `/ops/v1/vendor/${VENDOR}/order/${order.id}/status`,
      headers: ops,
      payload: { status: 'Cancelled' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);

    const after = await scrape();
    const moved = (key: string) => (after.get(key) ?? 0) - (before.get(key) ?? 0);
    expect(moved('venue_orders_placed_total')).toBe(1);
    expect(moved('venue_orders_paid_total')).toBe(1);
    expect(moved('venue_payments_total{result_code="1"}')).toBe(1);
    expect(moved('venue_refunds_total{kind="order_cancelled"}')).toBe(1);
    expect(moved('venue_refunded_amount_minor_total{kind="order_cancelled"}')).toBe(
      order.paymentSummary.total.minorAmount,
    );
    const update = 'method="POST",route="/v1/vendor/:vendorId/order/:orderId/payment/:paymentId/update"';
    expect(moved(`http_requests_total{${update},status_class="2xx"}`)).toBe(1);
    expect(moved(`http_request_duration_seconds_count{${update},status_class="2xx"}`)).toBe(1);
    expect(after.get(`http_request_duration_seconds_bucket{${update},status_class="2xx",le="+Inf"}`)).toBe(
      after.get(`http_requests_total{${update},status_class="2xx"}`),
    );
    // The paid and the cancelled order's events reach this process's bus (read after the answer).
    await vi.waitFor(async () => {
      const delivered = (await scrape()).get('venue_event_delivery_lag_seconds_count') ?? 0;
      expect(delivered - (before.get('venue_event_delivery_lag_seconds_count') ?? 0)).toBeGreaterThanOrEqual(2);
    });
  });

  it('labels requests by route pattern: ids and unknown paths never make new series', async () => {
    const patterns = new Set(registered.map((route) => route.url));
    const asks = [];
    for (let i = 0; i < 40; i += 1) {
      const id = 100_000 + i * 7919;
      asks.push(
        { method: 'GET' as const, url: `/v1/vendor/${id}/current-menu` },
        { method: 'GET' as const, url: `/v1/order/${id}/events?x=${i}` },
        { method: 'GET' as const, url: `/no/such/${id}/path-${i}` },
        { method: 'POST' as const, url: `/v1/${id}` },
        { method: 'DELETE' as const, url: `/ops/v1/vendor/${id}/x%00${i}` },
        { method: 'GET' as const, url: `/${'a'.repeat(300)}${i}` },
      );
    }
    for (const ask of asks) await ctx.app.inject(ask);
    const text = (
      await ctx.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
    ).body;
    const routes = new Set([...text.matchAll(/^http_requests_total\{[^}]*route="([^"]*)"/gm)].map((m) => m[1]));
    expect(routes.has('unmatched')).toBe(true);
    expect(routes.has('/v1/vendor/:vendorId/current-menu')).toBe(true);
    expect(routes.size).toBeLessThanOrEqual(patterns.size + 1);
    for (const route of routes) expect(route === 'unmatched' || patterns.has(route!), route).toBe(true);
    expect(text).not.toContain('/100000/');
  });
});

describe.each(databases)('GET /metrics on METRICS_PORT on $name', (database) => {
  const ctx = useTestApp(database, { env: { METRICS_PORT: '0', METRICS_TOKEN } });
  let main = '';
  let metricsUrl = '';
  beforeAll(async () => {
    main = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const address = await ctx.app.metrics!.listen();
    metricsUrl = `http://127.0.0.1:${address!.port}/metrics`;
  });
  afterAll(() => ctx.app.server.closeAllConnections());
  const withToken = { authorization: `Bearer ${METRICS_TOKEN}` };

  it('serves the metrics on its own port (token too), and not on the main port', async () => {
    expect((await fetch(metricsUrl)).status).toBe(401);
    const res = await fetch(metricsUrl, { headers: withToken });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('\nvenue_orders_paid_total ');
    expect((await fetch(`${metricsUrl}x`, { headers: withToken })).status).toBe(404);
    const onMain = await fetch(`${main}/metrics`, { headers: withToken });
    expect(onMain.status).toBe(404);
    expect(await onMain.text()).not.toContain('venue_');
  });

  it('counts the open event streams by kind when scraped', async () => {
    const open = async () => samples(await (await fetch(metricsUrl, { headers: withToken })).text());
    const reader = await SseReader.open(`${main}/ops/v1/vendor/${VENDOR}/events`, ops);
    await reader.next((m) => m.event === 'ready');
    expect((await open()).get('venue_event_streams_open{kind="staff"}')).toBe(1);
    reader.close();
    await vi.waitFor(async () => expect((await open()).get('venue_event_streams_open{kind="staff"}')).toBe(0));
  });
});

describe('GET /metrics with neither METRICS_TOKEN nor METRICS_PORT', () => {
  const ctx = useTestApp(databases[0]!, { seed: false });

  it('answers 404 and measures nothing', async () => {
    expect(ctx.app.metrics).toBeNull();
    const res = await ctx.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ statusCode: 404 });
  });
});
