import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { formatTraceParent, parseTraceParent, statementName } from './tracing.ts';

describe('statementName', () => {
  it('names a statement by its kind and first table', () => {
    expect(statementName('select "id", "name" from "vendors" where "venue_id" = ?')).toBe('select vendors');
    expect(statementName('insert into "ops_events" ("type") values ($1) returning *')).toBe('insert ops_events');
    expect(statementName('update "orders" set "status" = ? where "id" = ?')).toBe('update orders');
    expect(statementName('delete from "sessions" where "expires_at" < ?')).toBe('delete sessions');
    expect(statementName('begin')).toBe('begin');
  });
});

describe('traceparent', () => {
  const span = { traceId: '4bf92f3577b34da6a3ce929d0e0e4736', spanId: '00f067aa0ba902b7', traceFlags: 1 };

  it("is kept with an event as W3C's header has it, and read back", () => {
    expect(formatTraceParent(span)).toBe('00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01');
    expect(parseTraceParent(formatTraceParent(span))).toEqual(span);
    expect(parseTraceParent(formatTraceParent({ ...span, traceFlags: 0 }))?.traceFlags).toBe(0);
  });

  it('names no span when it is absent or not one (the delivery is then outside any trace)', () => {
    expect(parseTraceParent(undefined)).toBeNull();
    expect(parseTraceParent('')).toBeNull();
    expect(parseTraceParent('01-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01')).toBeNull();
    expect(parseTraceParent('00-4BF92F3577B34DA6A3CE929D0E0E4736-00f067aa0ba902b7-01')).toBeNull();
    expect(parseTraceParent(`00-${'0'.repeat(32)}-00f067aa0ba902b7-01`)).toBeNull();
    expect(parseTraceParent(`00-4bf92f3577b34da6a3ce929d0e0e4736-${'0'.repeat(16)}-01`)).toBeNull();
  });
});

describe('tracing off', () => {
  it('loads nothing of OpenTelemetry when OTEL_EXPORTER_OTLP_ENDPOINT is unset', () => {
    // A fresh process builds the app and answers a request; OpenTelemetry's packages are CommonJS,
    // so anything of them loaded is in the module cache. Starting tracing afterwards shows the check sees them.
    // Only the SDK counts: prom-client (lib/metrics.ts) loads the no-op @opentelemetry/api itself.
    const script = `
      import { createRequire } from 'node:module';
      const { parseConfig } = await import('./src/config.ts');
      const { openDatabase } = await import('./src/db/database.ts');
      const { migrateToLatest } = await import('./src/db/migrate.ts');
      const { buildApp } = await import('./src/app.ts');
      const { startTracing } = await import('./src/lib/tracing.ts');
      const config = parseConfig({ DATABASE_URL: ':memory:', OPS_TOKEN: 'tracing-test-token-0123' });
      const database = openDatabase(config.database);
      await migrateToLatest(database.db);
      const app = await buildApp({ config, db: database.db, logger: false });
      const status = (await app.inject({ method: 'GET', url: '/v1/venue/0/vendors' })).statusCode;
      const loaded = () => Object.keys(createRequire(import.meta.url).cache).filter((p) => p.includes('@opentelemetry/') && !p.includes('@opentelemetry/api/')).length;
      const off = loaded();
      await app.close();
      await database.close();
      const tracing = await startTracing({ endpoint: 'http://127.0.0.1:9', serviceName: 'x' });
      const on = loaded();
      await tracing.shutdown();
      console.log(JSON.stringify({ status, off, on }));
    `;
    const output = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: new URL('../../', import.meta.url),
      encoding: 'utf8',
      env: { ...process.env, OTEL_EXPORTER_OTLP_ENDPOINT: '' },
    });
    const result = JSON.parse(output.trim().split('\n').at(-1)!) as { status: number; off: number; on: number };
    expect(result.status).toBeLessThan(500);
    expect(result.off).toBe(0);
    expect(result.on).toBeGreaterThan(0);
  }, 30_000);
});
