import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { statementName } from './tracing.ts';

describe('statementName', () => {
  it('names a statement by its kind and first table', () => {
    expect(statementName('select "id", "name" from "vendors" where "venue_id" = ?')).toBe('select vendors');
    expect(statementName('insert into "ops_events" ("type") values ($1) returning *')).toBe('insert ops_events');
    expect(statementName('update "orders" set "status" = ? where "id" = ?')).toBe('update orders');
    expect(statementName('delete from "sessions" where "expires_at" < ?')).toBe('delete sessions');
    expect(statementName('begin')).toBe('begin');
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
