/**
 * An event keeps the trace context (W3C traceparent) of the span that published it, so the node
 * that writes it to a customer's or a staff stream makes that write part of the same trace, even
 * when another node published it (docs/decisions/040-traces.md). Nullable: the previous release
 * inserts without it and reads past it. Frozen: never edit after release.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any>, never the app's types */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('ops_events').addColumn('trace_parent', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('ops_events').dropColumn('trace_parent').execute();
}
