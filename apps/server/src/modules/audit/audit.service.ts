/**
 * The audit log: who changed what, when. Every module records its changes here, inside the
 * transaction that makes them (the caller passes it in), and reads an entity's history back.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { auditRow, insertAuditEntry, listAuditEntries, type AuditEntry } from './audit.repository.ts';

export type { AuditEntry };
/** An entry as its row, for a statement that writes it beside the change it records. */
export { auditRow };

/**
 * Who made a change, as the audit log records it: 'ops' (the admin token), a staff token
 * (`staff:<id>:<name>`, see routes/ops/ops-auth.ts actorOf), a back-office manager
 * (`manager:<id>:<name>`), the kitchen simulator or the system.
 */
export type Actor =
  'ops' | `staff:${number}:${string}` | `manager:${number}:${string}` | 'kitchen-simulator' | 'system';

type Db = Kysely<Database> | Transaction<Database>;

/** Writes one entry; pass the transaction of the change it records. */
export function recordAudit(db: Db, entry: AuditEntry): Promise<unknown> {
  return insertAuditEntry(db, entry);
}

/** An order's status change: `order.status` with where it came from and went (and whether it undid a collection). */
export function recordOrderStatusChange(db: Db, change: OrderStatusChange): Promise<unknown> {
  return insertAuditEntry(db, orderStatusEntry(change));
}

/** What recordOrderStatusChange records. */
export interface OrderStatusChange {
  at: number;
  actor: Actor;
  orderId: number;
  from: string;
  to: string;
  undo?: boolean;
}

/** recordOrderStatusChange's entry, for a statement that writes it beside the move (auditRow). */
export function orderStatusEntry(change: OrderStatusChange): AuditEntry {
  const { at, actor, orderId, from, to, undo } = change;
  return {
    at,
    actor,
    action: 'order.status',
    entity: 'order',
    entityId: String(orderId),
    details: undo ? { from, to, undo: true } : { from, to },
  };
}

/** What the audit log says of one status change. */
export interface StatusChange {
  at: number;
  actor: string;
  from: string;
  to: string;
}

/** The order's last status change as the audit log has it, or null. */
export async function lastOrderStatusChange(db: Db, orderId: number): Promise<StatusChange | null> {
  const entries = await listAuditEntries(db, 'order', String(orderId));
  for (const entry of [...entries].reverse()) {
    if (entry.action !== 'order.status' || entry.details === null) continue;
    const details = JSON.parse(entry.details) as { from?: unknown; to?: unknown };
    if (typeof details.from !== 'string' || typeof details.to !== 'string') continue;
    return { at: Number(entry.at), actor: entry.actor, from: details.from, to: details.to };
  }
  return null;
}

/** An entity's entries, oldest first. */
export function listAudit(db: Db, entity: string, entityId: string) {
  return listAuditEntries(db, entity, entityId);
}
