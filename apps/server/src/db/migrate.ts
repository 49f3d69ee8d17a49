/** Brings a database to the latest schema with Kysely's migrator and a fixed list of migrations. */
import { Migrator, PostgresAdapter, sql, type Kysely, type Migration, type MigrationResultSet } from 'kysely';
import * as catalogue from './migrations/2026-11-22-1-catalogue.ts';
import * as orders from './migrations/2026-11-22-2-orders.ts';
import * as checkout from './migrations/2026-11-22-3-checkout.ts';
import * as fulfilment from './migrations/2026-11-23-1-fulfilment.ts';
import * as queueIndex from './migrations/2026-11-23-2-queue-index.ts';
import * as idempotency from './migrations/2026-11-23-3-idempotency.ts';
import * as crashRecovery from './migrations/2026-11-23-4-crash-recovery.ts';
import * as catalogueData from './migrations/2026-11-25-1-catalogue-data.ts';
import * as staffTokens from './migrations/2026-11-25-2-staff-tokens.ts';
import * as opsEvents from './migrations/2026-11-25-3-ops-events.ts';
import * as webPush from './migrations/2026-11-26-1-web-push.ts';
import * as receiptLimits from './migrations/2026-11-26-2-receipt-limits.ts';
import * as liveChanges from './migrations/2026-11-27-1-live-changes.ts';
import * as orderContact from './migrations/2026-11-27-2-order-contact.ts';
import * as orderRefund from './migrations/2026-11-27-3-order-refund.ts';
import * as managers from './migrations/2026-11-27-4-managers.ts';
import * as backOffice from './migrations/2026-11-27-5-back-office.ts';
import * as catalogueEdits from './migrations/2026-11-27-6-catalogue-edits.ts';
import * as orderGstFree from './migrations/2026-11-27-7-order-gst-free.ts';
import * as gatewayOneCharge from './migrations/2026-11-27-9-gateway-one-charge.ts';
import * as opsEventTrace from './migrations/2026-11-28-1-ops-event-trace.ts';
import * as vendorQueueCounts from './migrations/2026-11-28-2-vendor-queue-counts.ts';
import * as pgQueueCounts from './migrations/2026-11-28-3-pg-queue-counts.ts';
import * as paymentsOrderStatus from './migrations/2026-11-28-4-payments-order-status.ts';
import * as ordersConsumerIndex from './migrations/2026-11-28-5-orders-consumer-index.ts';
import * as opsEventsDue from './migrations/2026-11-28-6-ops-events-due.ts';

/**
 * Every migration, by name. Names sort in the order they run (date, then a sequence number), and a
 * new migration must sort after every released one.
 */
export const MIGRATIONS: Record<string, Migration> = {
  '2026-11-22-1-catalogue': catalogue,
  '2026-11-22-2-orders': orders,
  '2026-11-22-3-checkout': checkout,
  '2026-11-23-1-fulfilment': fulfilment,
  '2026-11-23-2-queue-index': queueIndex,
  '2026-11-23-3-idempotency': idempotency,
  '2026-11-23-4-crash-recovery': crashRecovery,
  '2026-11-25-1-catalogue-data': catalogueData,
  '2026-11-25-2-staff-tokens': staffTokens,
  '2026-11-25-3-ops-events': opsEvents,
  '2026-11-26-1-web-push': webPush,
  '2026-11-26-2-receipt-limits': receiptLimits,
  '2026-11-27-1-live-changes': liveChanges,
  '2026-11-27-2-order-contact': orderContact,
  '2026-11-27-3-order-refund': orderRefund,
  '2026-11-27-4-managers': managers,
  '2026-11-27-5-back-office': backOffice,
  '2026-11-27-6-catalogue-edits': catalogueEdits,
  '2026-11-27-7-order-gst-free': orderGstFree,
  '2026-11-27-9-gateway-one-charge': gatewayOneCharge,
  '2026-11-28-1-ops-event-trace': opsEventTrace,
  '2026-11-28-2-vendor-queue-counts': vendorQueueCounts,
  '2026-11-28-3-pg-queue-counts': pgQueueCounts,
  '2026-11-28-4-payments-order-status': paymentsOrderStatus,
  '2026-11-28-5-orders-consumer-index': ordersConsumerIndex,
  '2026-11-28-6-ops-events-due': opsEventsDue,
};

/**
 * PostgreSQL: the schema the connection works in (the first of its search_path that exists), where
 * Kysely's bookkeeping tables belong. Named, Kysely looks for them there only; unnamed, it looks in
 * every schema, and a database holding another schema's copies (another app, a test's or a
 * benchmark's schema) would make it think they exist in its own and then fail to find them.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function ownSchema(db: Kysely<any>): Promise<{ migrationTableSchema?: string }> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return {};
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema ? { migrationTableSchema: rows[0].schema } : {};
}

/**
 * Runs pending migrations; throws with the failing migration's error. `migrationTableSchema` names
 * the PostgreSQL schema of Kysely's own bookkeeping tables (the connection's own by default).
 */
export async function migrateToLatest(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db: Kysely<any>,
  options: { migrationTableSchema?: string } = {},
): Promise<MigrationResultSet> {
  const schema = options.migrationTableSchema ? options : await ownSchema(db);
  const migrator = new Migrator({ db, provider: { getMigrations: async () => MIGRATIONS }, ...schema });
  const result = await migrator.migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error')?.migrationName;
    const cause = result.error instanceof Error ? result.error : new Error(String(result.error));
    throw new Error(`Migration ${failed ?? '(unknown)'} failed: ${cause.message}`, { cause });
  }
  return result;
}

/**
 * Why this database cannot serve yet, or null when it can: it answers a trivial query and every
 * migration of this build is applied (read from Kysely's migration table, never written to).
 */
export async function databaseNotReadyReason(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db: Kysely<any>,
): Promise<string | null> {
  try {
    await sql`select 1`.execute(db);
  } catch {
    return 'The database does not answer.';
  }
  try {
    const migrator = new Migrator({
      db,
      provider: { getMigrations: async () => MIGRATIONS },
      ...(await ownSchema(db)),
    });
    const pending = (await migrator.getMigrations()).filter((migration) => migration.executedAt === undefined);
    if (pending.length > 0) return `Migrations not applied: ${pending.map((m) => m.name).join(', ')}.`;
  } catch {
    return 'The migration table could not be read.';
  }
  return null;
}
