/** SQL for the audit log: who changed what, when. */
import type { Insertable, Kysely, Transaction } from 'kysely';
import { prepared } from '../../db/prepared.ts';
import type { AuditLogTable, Database } from '../../db/schema.ts';

export interface AuditEntry {
  at: number;
  actor: string;
  action: string;
  entity: string;
  entityId: string;
  details?: unknown;
}

/** An entry as its row (for a statement that writes it beside other changes). */
export function auditRow(entry: AuditEntry): Insertable<AuditLogTable> {
  return {
    at: entry.at,
    actor: entry.actor,
    action: entry.action,
    entity: entry.entity,
    entity_id: entry.entityId,
    details: entry.details === undefined ? null : JSON.stringify(entry.details),
  };
}

const insertAuditRow = prepared((qb: Kysely<Database>, row: Insertable<AuditLogTable>) =>
  qb.insertInto('audit_log').values(row),
);

export async function insertAuditEntry(db: Kysely<Database> | Transaction<Database>, entry: AuditEntry): Promise<void> {
  await insertAuditRow(db, auditRow(entry));
}

export function listAuditEntries(db: Kysely<Database> | Transaction<Database>, entity: string, entityId: string) {
  return db
    .selectFrom('audit_log')
    .selectAll()
    .where('entity', '=', entity)
    .where('entity_id', '=', entityId)
    .orderBy('id')
    .execute();
}
