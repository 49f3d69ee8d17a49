// Traces (docs/operations.md): the real server started with OTEL_EXPORTER_OTLP_ENDPOINT sends its
// spans to a collector this test stands in for.
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signedQueryBase } from '@venue/domain/request-signature';
import { moveOrder } from '@venue/test-harness/checkout';
import { HttpClient } from '@venue/test-harness/http-client';
import { postgresEnabled } from '@venue/test-harness/postgres';
import { OPS_TOKEN, startServer, type TestServer } from '@venue/test-harness/server';
import { describe, expect, it } from 'vitest';
import { startPushService } from '../apps/server/src/test/push-service.ts';
import { CheckoutLoad, type Checkout } from './support/checkout-load.ts';
import { LOAD_VENDOR, loadBasket } from './support/resilience.ts';
import { ResumingEventStream } from './support/sse.ts';

interface OtlpValue {
  stringValue?: string;
  intValue?: number | string;
}
interface OtlpAttribute {
  key: string;
  value: OtlpValue;
}
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: OtlpAttribute[];
}
interface OtlpExport {
  resourceSpans: { resource: { attributes: OtlpAttribute[] }; scopeSpans: { spans: OtlpSpan[] }[] }[];
}

const attribute = (attributes: OtlpAttribute[], key: string) => {
  const value = attributes.find((a) => a.key === key)?.value;
  return value?.stringValue ?? (value?.intValue === undefined ? undefined : Number(value.intValue));
};

/** OTLP's span kinds. */
const SERVER = 2;
const CLIENT = 3;
const CONSUMER = 5;

/** Every span received, with the service.name and the process id of the process that sent it. */
function receivedSpans(
  exports: OtlpExport[],
): (OtlpSpan & { service: string | number | undefined; pid: string | number | undefined })[] {
  return exports.flatMap((e) =>
    e.resourceSpans.flatMap((r) => {
      const service = attribute(r.resource.attributes, 'service.name');
      const pid = attribute(r.resource.attributes, 'process.pid');
      return r.scopeSpans.flatMap((s) => s.spans.map((span) => ({ ...span, service, pid })));
    }),
  );
}

/** A customer's order stream, signed in the query as the app's EventSource signs it. */
function orderStream(baseUrl: string, checkout: Checkout): ResumingEventStream {
  const path = `/v1/order/${checkout.orderId}/events`;
  const consumer = checkout.consumer!;
  return new ResumingEventStream({
    url: () => {
      const timestamp = String(Date.now());
      const signature = createHmac('sha1', consumer.hmacKey).update(signedQueryBase(path, timestamp)).digest('base64');
      return `${baseUrl}${path}?${new URLSearchParams({ consumerId: consumer.id, timestamp, signature })}`;
    },
  });
}

/** The store's staff display stream, as the staff app opens it. */
function staffStream(baseUrl: string): ResumingEventStream {
  return new ResumingEventStream({
    url: () => `${baseUrl}/ops/v1/vendor/${LOAD_VENDOR}/events`,
    headers: () => ({ authorization: `Bearer ${OPS_TOKEN}` }),
  });
}

const orderStatuses = (stream: ResumingEventStream, type: string) =>
  stream.ofType(type).map((event) => JSON.parse(event.data) as { id: number; orderStatus: string });

/**
 * A customer pays an order at `customerNode`, keeps its order stream (and the staff their
 * display's) open there, and the kitchen marks it ready at `kitchenNode`; answers when both
 * streams have shown it ready. `push`: the customer also asked for the ready alert by Web Push.
 */
async function readyFollowed(
  kitchenNode: TestServer,
  customerNode: TestServer,
  push?: { subscription(): unknown },
): Promise<{ checkout: Checkout; staffEventId: string }> {
  const load = new CheckoutLoad({ servers: [customerNode.url], vendorId: LOAD_VENDOR, basket: loadBasket });
  const client = new HttpClient(customerNode.url);
  let customer: ResumingEventStream | null = null;
  let staff: ResumingEventStream | null = null;
  try {
    const checkout = await load.checkout(load.newCheckout());
    expect(checkout.outcome).toBe('paid');
    if (push) {
      const subscribed = await client.send(
        'PUT',
        `/v1/current-consumer/order/${checkout.orderId}/push-subscription`,
        push.subscription(),
        checkout.consumer,
      );
      expect(subscribed.status).toBe(204);
    }
    customer = orderStream(customerNode.url, checkout);
    staff = staffStream(customerNode.url);
    const customerStream = customer;
    const staffDisplay = staff;
    await customerStream.until(
      () => orderStatuses(customerStream, 'order').some((order) => order.orderStatus === 'Waiting'),
      "the customer's stream showing the order waiting",
    );
    await staffDisplay.until(() => staffDisplay.ofType('ready').length > 0, 'the staff stream live');

    await moveOrder(kitchenNode, LOAD_VENDOR, checkout.orderId!, 'PendingAlerted');
    await customerStream.until(
      () => orderStatuses(customerStream, 'order').some((order) => order.orderStatus === 'PendingAlerted'),
      "the customer's stream showing the order ready",
    );
    const isReady = (event: { data: string; type: string }) => {
      if (event.type !== 'order') return false;
      const order = JSON.parse(event.data) as { id: number; orderStatus: string };
      return order.id === checkout.orderId && order.orderStatus === 'PendingAlerted';
    };
    await staffDisplay.until(() => staffDisplay.events.some(isReady), 'the staff stream showing the order ready');
    const staffEventId = staffDisplay.events.find(isReady)!.id;
    expect(staffEventId).not.toBeNull();
    return { checkout, staffEventId: staffEventId! };
  } finally {
    await customer?.close();
    await staff?.close();
    client.close();
    load.close();
  }
}

/**
 * In the trace of the kitchen's 'ready' request: its publish span, and under it one delivery span
 * for the customer's stream and one for the staff's, made by `deliveringService`. Answers them.
 */
function expectReadyTrace(
  spans: ReturnType<typeof receivedSpans>,
  orderId: number,
  staffEventId: string,
  services: { kitchen: string; delivering: string },
) {
  const requests = spans.filter(
    (s) =>
      s.name === 'POST /ops/v1/vendor/:vendorId/order/:orderId/status' &&
      attribute(s.attributes, 'url.path') === `/ops/v1/vendor/${LOAD_VENDOR}/order/${orderId}/status`,
  );
  expect(requests).toHaveLength(1);
  const request = requests[0]!;
  expect(request.kind).toBe(SERVER);
  expect(request.service).toBe(services.kitchen);
  const inTrace = spans.filter((s) => s.traceId === request.traceId);

  const publishes = inTrace.filter(
    (s) =>
      s.name === 'ops_events publish' &&
      s.parentSpanId === request.spanId &&
      attribute(s.attributes, 'venue.event.type') === 'order' &&
      attribute(s.attributes, 'venue.order.id') === orderId,
  );
  expect(publishes).toHaveLength(1);
  const publish = publishes[0]!;
  expect(attribute(publish.attributes, 'venue.vendor.id')).toBe(LOAD_VENDOR);
  // The event's own row was inserted inside it (not the mark of the event owed, ops_events_due,
  // which the move's own statement writes inside it too on PostgreSQL).
  const inserts = inTrace.filter(
    (s) =>
      s.parentSpanId === publish.spanId &&
      /insert into "?ops_events"?[\s(]/i.test(String(attribute(s.attributes, 'db.statement'))),
  );
  expect(inserts).toHaveLength(1);

  const deliveries = inTrace.filter((s) => s.name === 'ops_events deliver' && s.parentSpanId === publish.spanId);
  const byKind = (kind: string) => deliveries.filter((s) => attribute(s.attributes, 'venue.stream.kind') === kind);
  expect(byKind('customer')).toHaveLength(1);
  expect(byKind('staff')).toHaveLength(1);
  const customer = byKind('customer')[0]!;
  const staff = byKind('staff')[0]!;
  for (const delivery of [customer, staff]) {
    expect(delivery.kind).toBe(CONSUMER);
    expect(delivery.service).toBe(services.delivering);
    expect(attribute(delivery.attributes, 'venue.order.id')).toBe(orderId);
    expect(attribute(delivery.attributes, 'venue.vendor.id')).toBe(LOAD_VENDOR);
    expect(attribute(delivery.attributes, 'venue.event.type')).toBe('order');
    // The id the staff display received for it: the same event, delivered twice.
    expect(attribute(delivery.attributes, 'venue.event.id')).toBe(Number(staffEventId));
    const lag = attribute(delivery.attributes, 'venue.delivery.lag_ms');
    expect(typeof lag).toBe('number');
    expect(lag).toBeGreaterThanOrEqual(0);
  }
  return { request, publish, customer, staff, inTrace };
}

/** A collector accepting OTLP/HTTP JSON on POST /v1/traces. */
async function startReceiver(): Promise<{ server: Server; url: string; exports: OtlpExport[] }> {
  const exports: OtlpExport[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      if (request.method === 'POST' && request.url === '/v1/traces') {
        exports.push(JSON.parse(body) as OtlpExport);
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      } else response.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, exports };
}

describe('tracing', () => {
  it('sends request spans with database statements (no values) to the collector, and puts trace ids in the logs', async () => {
    const receiver = await startReceiver();
    const server = await startServer({
      env: { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_SERVICE_NAME: 'venue-trace-test' },
    });
    try {
      expect((await fetch(`${server.url}/v1/venue/0/vendors`)).status).toBe(200);
      const missing = await fetch(`${server.url}/v1/vendor/987654/availableScheduledPickupTimeSlots`);
      expect(missing.status).toBe(404);
      // A request with a body: the handler runs after the body is read, still inside the request's span.
      const created = await fetch(`${server.url}/v1/consumer/create`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: { fullName: 'Traced Tester' } }),
      });
      expect(created.status).toBe(200);
      // Stopping flushes the spans still buffered.
      await server.stop();

      const resources = receiver.exports.flatMap((e) => e.resourceSpans);
      expect(resources.length).toBeGreaterThan(0);
      for (const resource of resources)
        expect(attribute(resource.resource.attributes, 'service.name')).toBe('venue-trace-test');
      const spans = resources.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans));

      const list = spans.find((s) => s.name === 'GET /v1/venue/:venueId/vendors');
      expect(list).toBeDefined();
      expect(attribute(list!.attributes, 'http.route')).toBe('/v1/venue/:venueId/vendors');
      expect(attribute(list!.attributes, 'http.response.status_code')).toBe(200);
      const listQueries = spans.filter((s) => s.traceId === list!.traceId && s.parentSpanId === list!.spanId);
      expect(listQueries.map((s) => s.name)).toContain('select vendors');

      const lookup = spans.find((s) => s.name === 'GET /v1/vendor/:vendorId/availableScheduledPickupTimeSlots');
      expect(lookup).toBeDefined();
      expect(attribute(lookup!.attributes, 'http.response.status_code')).toBe(404);
      const queries = spans.filter((s) => s.traceId === lookup!.traceId && s.parentSpanId === lookup!.spanId);
      expect(queries.length).toBeGreaterThan(0);
      for (const query of queries) {
        expect(attribute(query.attributes, 'db.system')).toBe('sqlite');
        const sql = String(attribute(query.attributes, 'db.statement'));
        expect(sql).toMatch(/\?/);
        expect(sql).not.toContain('987654');
      }

      const create = spans.find((s) => s.name === 'POST /v1/consumer/create');
      expect(create).toBeDefined();
      const inserts = spans.filter((s) => s.traceId === create!.traceId && s.parentSpanId === create!.spanId);
      expect(inserts.map((s) => s.name)).toContain('insert consumers');
      for (const insert of inserts) expect(attribute(insert.attributes, 'db.statement')).not.toContain('Traced Tester');

      const traced = server
        .logs()
        .split('\n')
        .filter((line) => line.includes(lookup!.traceId));
      expect(traced.length).toBeGreaterThan(0);
      expect(JSON.parse(traced[0]!)).toMatchObject({ trace_id: lookup!.traceId });
    } finally {
      await server.dispose();
      await new Promise((resolve) => receiver.server.close(resolve));
    }
  }, 60_000);

  it("follows a 'ready' from the kitchen's request through its publish to the customer's and the staff's streams, with the gateway and push calls", async () => {
    const receiver = await startReceiver();
    const push = await startPushService();
    const server = await startServer({
      env: {
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
        OTEL_SERVICE_NAME: 'venue-trace-test',
        PUSH_ALLOW_LOOPBACK: 'on',
      },
    });
    try {
      const { checkout, staffEventId } = await readyFollowed(server, server, push);
      const [received] = await push.waitFor(1);
      expect(received!.problems).toEqual([]);
      await server.stop();

      const spans = receivedSpans(receiver.exports);
      const orderId = checkout.orderId!;
      const ready = expectReadyTrace(spans, orderId, staffEventId, {
        kitchen: 'venue-trace-test',
        delivering: 'venue-trace-test',
      });
      // The ready alert's push, sent for the same request.
      const pushes = ready.inTrace.filter((s) => s.name === 'push send');
      expect(pushes).toHaveLength(1);
      expect(pushes[0]!.kind).toBe(CLIENT);

      // The payment: the gateway's calls in the trace of the request that made them, and the
      // 'paid' event's publish in the payment update's.
      const requestAt = (route: string) => {
        const found = spans.filter(
          (s) =>
            s.name === route &&
            String(attribute(s.attributes, 'url.path')).includes(`/order/${orderId}/`) &&
            attribute(s.attributes, 'http.response.status_code') === 200,
        );
        expect(found, route).toHaveLength(1);
        return found[0]!;
      };
      const initiate = requestAt('POST /v1/vendor/:vendorId/order/:orderId/initiate-payment');
      const update = requestAt('POST /v1/vendor/:vendorId/order/:orderId/payment/:paymentId/update');
      const under = (parent: OtlpSpan, name: string) =>
        spans.filter((s) => s.name === name && s.traceId === parent.traceId && s.parentSpanId === parent.spanId);
      expect(under(initiate, 'payment_gateway createAccessCode')).toHaveLength(1);
      expect(under(initiate, 'payment_gateway createAccessCode')[0]!.kind).toBe(CLIENT);
      expect(under(update, 'payment_gateway findCharge').length).toBeGreaterThan(0);
      const paid = under(update, 'ops_events publish').filter(
        (s) => attribute(s.attributes, 'venue.order.id') === orderId,
      );
      expect(paid.length).toBeGreaterThan(0);
    } finally {
      await server.dispose();
      await push.close();
      await new Promise((resolve) => receiver.server.close(resolve));
    }
  }, 180_000);

  it.skipIf(!postgresEnabled())(
    "follows a 'ready' made at one node into a customer's stream at another (PostgreSQL)",
    async () => {
      const receiver = await startReceiver();
      const env = (name: string) => ({ OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_SERVICE_NAME: name });
      const kitchen = await startServer({ database: 'postgres', env: env('venue-node-a') });
      let customers: TestServer | null = null;
      try {
        customers = await startServer({ databaseUrl: kitchen.databaseUrl, env: env('venue-node-b') });
        const { checkout, staffEventId } = await readyFollowed(kitchen, customers);
        const pids = { kitchen: kitchen.pid, customers: customers.pid };
        await customers.stop();
        await kitchen.stop();
        // Node A published the event; node B, which read it back from the database, wrote it to both streams.
        const ready = expectReadyTrace(receivedSpans(receiver.exports), checkout.orderId!, staffEventId, {
          kitchen: 'venue-node-a',
          delivering: 'venue-node-b',
        });
        expect(ready.request.pid).toBe(pids.kitchen);
        expect([ready.customer.pid, ready.staff.pid]).toEqual([pids.customers, pids.customers]);
        // Node B's re-read of the order for the customer's stream is in the trace too.
        const reread = ready.inTrace.filter(
          (s) => s.service === 'venue-node-b' && s.name === 'select orders' && s.parentSpanId === ready.publish.spanId,
        );
        expect(reread.length).toBeGreaterThan(0);
      } finally {
        await customers?.dispose();
        await kitchen.dispose();
        await new Promise((resolve) => receiver.server.close(resolve));
      }
    },
    240_000,
  );
});
