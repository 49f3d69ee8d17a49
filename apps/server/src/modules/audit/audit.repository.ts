/** SQL for the audit log: who changed what, when. */
import type { Insertable, Kysely, Transaction } from 'kysely';
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

export function insertAuditEntry(db: Kysely<Database> | Transaction<Database>, entry: AuditEntry) {
  return db.insertInto('audit_log').values(auditRow(entry)).execute();
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
