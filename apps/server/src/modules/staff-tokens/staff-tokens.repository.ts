/** SQL for staff tokens: per-store credentials of the operations API, kept as hashes. */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface NewStaffTokenRow {
  vendorId: number;
  name: string;
  tokenHash: string;
  createdAt: number;
}

export async function insertStaffToken(db: Db, row: NewStaffTokenRow): Promise<number> {
  const inserted = await db
    .insertInto('staff_tokens')
    .values({ vendor_id: row.vendorId, name: row.name, token_hash: row.tokenHash, created_at: row.createdAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(inserted.id);
}

export function listStaffTokenRows(db: Db, vendorId: number) {
  return db
    .selectFrom('staff_tokens')
    .select(['id', 'vendor_id', 'name', 'created_at', 'last_used_at', 'revoked_at'])
    .where('vendor_id', '=', vendorId)
    .orderBy('id')
    .execute();
}

export type StaffTokenRow = Awaited<ReturnType<typeof listStaffTokenRows>>[number];

export function findStaffTokenRow(db: Db, vendorId: number, id: number) {
  return db
    .selectFrom('staff_tokens')
    .select(['id', 'vendor_id', 'name', 'created_at', 'last_used_at', 'revoked_at'])
    .where('vendor_id', '=', vendorId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The token with this hash, revoked or not (one indexed read: token_hash is unique). */
export function findStaffTokenByHash(db: Db, tokenHash: string) {
  return db
    .selectFrom('staff_tokens')
    .select(['id', 'vendor_id', 'name', 'last_used_at', 'revoked_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export async function isStaffTokenRowActive(db: Db, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('staff_tokens')
    .select('id')
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** Revokes a working token; answers whether this call revoked it (false: already revoked). */
export async function revokeStaffTokenRow(db: Db, id: number, at: number): Promise<boolean> {
  const result = await db
    .updateTable('staff_tokens')
    .set({ revoked_at: at })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Records a use at `at` unless one at or after it is recorded: the condition is in the update, so
 * several processes seeing the same token in the same minute write it once.
 */
export function touchStaffTokenRow(db: Db, id: number, at: number) {
  return db
    .updateTable('staff_tokens')
    .set({ last_used_at: at })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', at)]))
    .execute();
}
