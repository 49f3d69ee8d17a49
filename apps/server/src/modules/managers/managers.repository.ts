/** SQL of the back office's accounts: managers, their sessions and their one-time links. */
import type { Insertable, Kysely, Transaction, Updateable } from 'kysely';
import type { Database, ManagersTable } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

export async function insertManager(db: Db, row: Insertable<ManagersTable>): Promise<number> {
  const { id } = await db.insertInto('managers').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export function findManagerById(db: Db, id: number) {
  return db.selectFrom('managers').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findManagerByEmail(db: Db, email: string) {
  return db.selectFrom('managers').selectAll().where('email', '=', email).executeTakeFirst();
}

export function listManagerRows(db: Db) {
  return db.selectFrom('managers').selectAll().orderBy('id').execute();
}

export async function updateManagerRow(db: Db, id: number, changes: Updateable<ManagersTable>): Promise<number> {
  const result = await db.updateTable('managers').set(changes).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function insertLink(
  db: Db,
  link: { managerId: number; purpose: 'invite' | 'reset'; tokenHash: string; createdAt: number; expiresAt: number },
): Promise<void> {
  await db
    .insertInto('manager_links')
    .values({
      manager_id: link.managerId,
      purpose: link.purpose,
      token_hash: link.tokenHash,
      created_at: link.createdAt,
      expires_at: link.expiresAt,
      used_at: null,
    })
    .execute();
}

export function findLinkByHash(db: Db, tokenHash: string) {
  return db.selectFrom('manager_links').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** Uses a link once: answers whether this call was the one that used it (an unused, unexpired link). */
export async function useLink(db: Db, id: number, nowMs: number): Promise<boolean> {
  const result = await db
    .updateTable('manager_links')
    .set({ used_at: nowMs })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', nowMs)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Every link of the manager not used yet stops working (a new password was set, the account disabled). */
export async function retireLinks(db: Db, managerId: number, nowMs: number): Promise<void> {
  await db
    .updateTable('manager_links')
    .set({ used_at: nowMs })
    .where('manager_id', '=', managerId)
    .where('used_at', 'is', null)
    .execute();
}

export async function insertSession(
  db: Db,
  session: { managerId: number; tokenHash: string; nowMs: number },
): Promise<void> {
  await db
    .insertInto('manager_sessions')
    .values({
      manager_id: session.managerId,
      token_hash: session.tokenHash,
      created_at: session.nowMs,
      last_seen_at: session.nowMs,
      ended_at: null,
    })
    .execute();
}

/** A session that has not ended, with its manager: one read per back-office request. */
export function findLiveSession(db: Db, tokenHash: string) {
  return db
    .selectFrom('manager_sessions')
    .innerJoin('managers', 'managers.id', 'manager_sessions.manager_id')
    .select([
      'manager_sessions.id as session_id',
      'manager_sessions.last_seen_at',
      'managers.id',
      'managers.email',
      'managers.name',
      'managers.role',
      'managers.vendor_ids',
      'managers.password_hash',
      'managers.created_at',
      'managers.disabled_at',
    ])
    .where('manager_sessions.token_hash', '=', tokenHash)
    .where('manager_sessions.ended_at', 'is', null)
    .executeTakeFirst();
}

export async function touchSession(db: Db, sessionId: number, nowMs: number): Promise<void> {
  await db.updateTable('manager_sessions').set({ last_seen_at: nowMs }).where('id', '=', sessionId).execute();
}

export async function endSessionById(db: Db, sessionId: number, nowMs: number): Promise<void> {
  await db
    .updateTable('manager_sessions')
    .set({ ended_at: nowMs })
    .where('id', '=', sessionId)
    .where('ended_at', 'is', null)
    .execute();
}

/** Ends every session of the manager (sign out everywhere, a disabled account, a new password). */
export async function endSessionsOf(db: Db, managerId: number, nowMs: number): Promise<number> {
  const result = await db
    .updateTable('manager_sessions')
    .set({ ended_at: nowMs })
    .where('manager_id', '=', managerId)
    .where('ended_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
