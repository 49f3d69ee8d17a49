// Traces (docs/operations.md): the real server started with OTEL_EXPORTER_OTLP_ENDPOINT sends its
// spans to a collector this test stands in for.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startServer } from '@venue/test-harness/server';
import { describe, expect, it } from 'vitest';

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
});
