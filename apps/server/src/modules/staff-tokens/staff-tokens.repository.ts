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

/** Every token of these stores (at least one; every store: null), with its store's name, by store then oldest first. */
export function listStaffTokenRowsOfStores(db: Db, vendorIds: readonly number[] | null) {
  let query = db
    .selectFrom('staff_tokens')
    .innerJoin('vendors', 'vendors.id', 'staff_tokens.vendor_id')
    .select([
      'staff_tokens.id as id',
      'staff_tokens.vendor_id as vendor_id',
      'staff_tokens.name as name',
      'staff_tokens.created_at as created_at',
      'staff_tokens.last_used_at as last_used_at',
      'staff_tokens.revoked_at as revoked_at',
      'vendors.store_name as store_name',
    ]);
  if (vendorIds !== null) query = query.where('staff_tokens.vendor_id', 'in', [...vendorIds]);
  return query.orderBy('vendors.display_order').orderBy('staff_tokens.vendor_id').orderBy('staff_tokens.id').execute();
}

/** The store a token belongs to, whatever its state. */
export function findStaffTokenStore(db: Db, id: number) {
  return db.selectFrom('staff_tokens').select(['vendor_id']).where('id', '=', id).executeTakeFirst();
}

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
