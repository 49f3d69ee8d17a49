/**
 * Starts the server: settings → database (migrated; seeded with the demo venue when it holds no
 * venue, unless DEMO_VENUE=off) →
 * app → listen. SIGINT/SIGTERM drain the server (lib/drain.ts: /ready answers 503, no new
 * connections, event streams told to reconnect elsewhere, requests in flight finished) and close the
 * database, within DRAIN_LIMIT_MS or by a forced exit.
 */
import type { AddressInfo } from 'node:net';
import { buildApp } from './app.ts';
import { loadConfig, type Config } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { findDemoVenue, seedOnStart } from './modules/catalogue/demo-venue.ts';
import { FulfilmentWorker } from './modules/fulfilment/fulfilment-worker.ts';
import { UnreportedPaymentSweeper } from './modules/payments/unreported-payments.ts';
import { settleInterruptedRefunds } from './modules/payments/refunds.service.ts';
import { kitchenSimulatorStep, planKitchenSimulator } from './modules/fulfilment/kitchen-simulator.ts';
import { catalogueHint } from './modules/catalogue/catalogue-hint.ts';
import { drain } from './lib/drain.ts';
import { PUSH_ALLOW_LOOPBACK_WARNING } from './modules/push/push-endpoint.ts';
import { announceGeneratedOpsToken } from './lib/generated-ops-token.ts';
import { startTracing } from './lib/tracing.ts';

/** A load balancer or orchestrator waits about this long after SIGTERM before it kills the process. */
const DRAIN_LIMIT_MS = 10_000;

function describeDatabase(config: Config): string {
  if (config.database.kind === 'sqlite') return `SQLite ${config.database.path}`;
  const url = new URL(config.database.url);
  return `PostgreSQL ${url.host}${url.pathname}`;
}

/** Where GET /metrics is served, for the start-up log. */
function describeMetrics(config: Config, own: AddressInfo | null | undefined): string {
  if (own) {
    const host = own.family === 'IPv6' ? `[${own.address}]` : own.address;
    return `Metrics: http://${host}:${own.port}/metrics${config.metricsToken ? ' (with METRICS_TOKEN)' : ''}`;
  }
  if (config.metricsToken) return 'Metrics: GET /metrics on this port, with Authorization: Bearer <METRICS_TOKEN>';
  return 'Metrics: off (set METRICS_TOKEN or METRICS_PORT to serve GET /metrics)';
}

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }

  // Before the database and the app, so both are traced; OpenTelemetry is loaded only now.
  const tracing = config.tracing ? await startTracing(config.tracing) : null;

  let connectionLost = (error: Error) => console.warn('Database connection lost:', error.message);
  const database = openDatabase(config.database, {
    poolSize: config.databasePoolSize,
    pipelinedConnections: config.databaseSharedConnections,
    onConnectionLost: (error) => connectionLost(error),
    checkpointInBackground: true,
    onCheckpointError: (error) => console.error('The background WAL checkpointer failed; checkpointing inline', error),
    ...(tracing ? { wrapDialect: tracing.tracedDialect } : {}),
  });
  await migrateToLatest(database.db);
  const seeded = await seedOnStart(database.db, config);

  const app = await buildApp({
    config,
    db: database.db,
    createSessionClient: database.createSessionClient,
    databasePool: database.poolState,
    tracing,
  });
  connectionLost = (error) =>
    app.log.warn({ err: error }, 'A database connection was lost; requests reconnect when the database is back');
  app.log.info(`Database: ${describeDatabase(config)}${seeded ? ' (seeded the demo venue)' : ''}`);
  for (const line of await catalogueHint(database.db)) app.log.info(line);
  // Card charges nobody reported (the app gone, or this server killed in between) are settled here.
  const unreported = new UnreportedPaymentSweeper(app.payments, app.clock());
  const kitchen = planKitchenSimulator(
    config.kitchenSimulator,
    await findDemoVenue(database.db),
    config.kitchenSimulatorPace,
  );
  const worker = new FulfilmentWorker(app.fulfilment, app.clock, app.log, [
    ...(kitchen.vendorIds.length > 0
      ? [(now: number) => kitchenSimulatorStep(app.fulfilment, kitchen.vendorIds, now, config.kitchenSimulatorPace)]
      : []),
    (now) => unreported.sweep(now),
    // Refunds left Pending by a request cut off between the gateway and the books.
    (now) => settleInterruptedRefunds(app.fulfilment, now),
  ]);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, draining`);
    const force = setTimeout(() => {
      app.log.error(`Draining took longer than ${DRAIN_LIMIT_MS} ms; exiting anyway`);
      process.exit(1);
    }, DRAIN_LIMIT_MS);
    force.unref();
    try {
      await worker.stop();
      await drain(app, { delayMs: config.drainDelayMs });
      await database.close();
      // The spans still buffered are sent before the process ends.
      await tracing
        ?.shutdown()
        .catch((error: unknown) => app.log.warn({ err: error }, 'sending the last traces failed'));
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  worker.start();
  app.log.info(kitchen.message);
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  app.log.info(`Listening on http://localhost:${port}`);
  app.log.info(describeMetrics(config, await app.metrics?.listen()));
  app.log.info(
    config.tracing
      ? `Traces: OTLP/HTTP to ${config.tracing.endpoint} as ${config.tracing.serviceName}`
      : 'Traces: off (set OTEL_EXPORTER_OTLP_ENDPOINT to send them)',
  );
  app.log.info(
    config.opsTokenGenerated
      ? announceGeneratedOpsToken({
          token: config.opsToken,
          file: config.opsTokenFile,
          terminal: process.stdout.isTTY ? process.stdout : null,
        })
      : 'OPS token: the one set in OPS_TOKEN',
  );
  if (config.pushAllowLoopback) app.log.warn(PUSH_ALLOW_LOOPBACK_WARNING);
}

main().catch((error: unknown) => {
  console.error('The server failed to start:', error);
  process.exit(1);
});
