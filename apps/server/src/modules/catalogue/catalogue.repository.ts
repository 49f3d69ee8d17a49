/** SQL for reading and replacing a venue's whole catalogue. */
import { PostgresAdapter, sql, type Insertable, type Kysely, type Transaction, type Updateable } from 'kysely';
import type { CouponsTable, Database, MenuItemsTable, VendorsTable } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** Rows per multi-row INSERT: well under SQLite's limit of bound parameters with a dozen columns each. */
const INSERT_CHUNK = 500;
/** Ids per `in (…)` list. */
const ID_CHUNK = 1_000;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export type MenuTable = 'menu_items' | 'modifier_groups' | 'modifiers';

/** When a row was saved and by whom (an audit actor); writing it moves the row's edit version on by one. */
export interface EditStamp {
  edited_at: number;
  edited_by: string;
}

/** The columns a stamped save sets besides its values. */
const stamped = (stamp: EditStamp) => ({ ...stamp, edit_version: sql<number>`edit_version + 1` });

export function findVenueRow(db: Db, venueId: number) {
  return db.selectFrom('venues').selectAll().where('id', '=', venueId).executeTakeFirst();
}

export function findClientRow(db: Db, clientId: number) {
  return db.selectFrom('clients').selectAll().where('id', '=', clientId).executeTakeFirst();
}

export function insertClientRow(db: Db, row: { id: number; name: string }) {
  return db.insertInto('clients').values(row).execute();
}

export interface VenueValues {
  id: number;
  client_id: number;
  name: string;
  time_zone: string;
  address: string;
  latitude: number;
  longitude: number;
  /** GST in basis points (1000: 10 %) */
  gst_rate_bp: number;
}

export function insertVenueRow(db: Db, row: VenueValues) {
  return db.insertInto('venues').values(row).execute();
}

export function updateVenueRow(db: Db, row: VenueValues) {
  return db.updateTable('venues').set(row).where('id', '=', row.id).execute();
}

/** Every vendor of a venue, archived ones too, in display order. */
export function listVendorsOfVenue(db: Db, venueId: number, options: { archived: boolean }) {
  let query = db.selectFrom('vendors').selectAll().where('venue_id', '=', venueId);
  if (!options.archived) query = query.where('archived', '=', 0);
  return query.orderBy('display_order').orderBy('id').execute();
}

export function listOpeningHoursOf(db: Db, vendorIds: readonly number[]) {
  if (vendorIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('opening_hours')
    .select(['vendor_id', 'weekday', 'opens', 'closes'])
    .where('vendor_id', 'in', [...vendorIds])
    .orderBy('vendor_id')
    .orderBy('id')
    .execute();
}

export async function replaceOpeningHours(
  db: Db,
  vendorId: number,
  rows: ReadonlyArray<{ weekday: string; opens: string; closes: string }>,
) {
  await db.deleteFrom('opening_hours').where('vendor_id', '=', vendorId).execute();
  if (rows.length > 0)
    await db
      .insertInto('opening_hours')
      .values(rows.map((row) => ({ vendor_id: vendorId, ...row })))
      .execute();
}

export function listMenuItemsOf(db: Db, vendorIds: readonly number[], options: { archived: boolean }) {
  if (vendorIds.length === 0) return Promise.resolve([]);
  let query = db
    .selectFrom('menu_items')
    .selectAll()
    .where('vendor_id', 'in', [...vendorIds]);
  if (!options.archived) query = query.where('archived', '=', 0);
  return query.orderBy('display_order').orderBy('id').execute();
}

export function listModifierGroupsOf(db: Db, vendorIds: readonly number[], options: { archived: boolean }) {
  if (vendorIds.length === 0) return Promise.resolve([]);
  let query = db
    .selectFrom('modifier_groups')
    .selectAll()
    .where('vendor_id', 'in', [...vendorIds]);
  if (!options.archived) query = query.where('archived', '=', 0);
  return query.orderBy('display_order').orderBy('id').execute();
}

export function listModifiersOf(db: Db, vendorIds: readonly number[], options: { archived: boolean }) {
  if (vendorIds.length === 0) return Promise.resolve([]);
  let query = db
    .selectFrom('modifiers')
    .selectAll()
    .where('vendor_id', 'in', [...vendorIds]);
  if (!options.archived) query = query.where('archived', '=', 0);
  return query.orderBy('display_order').orderBy('id').execute();
}

/** The venue each of these vendor ids belongs to (ids that do not exist are left out). */
export async function venuesOfVendors(db: Db, vendorIds: readonly number[]): Promise<Map<number, number>> {
  const owners = new Map<number, number>();
  for (const ids of chunks(vendorIds, ID_CHUNK)) {
    const rows = await db.selectFrom('vendors').select(['id', 'venue_id']).where('id', 'in', ids).execute();
    for (const row of rows) owners.set(row.id, row.venue_id);
  }
  return owners;
}

/** The venue each of these menu rows belongs to, through its vendor (ids that do not exist are left out). */
export async function venuesOfMenuRows(db: Db, table: MenuTable, ids: readonly number[]): Promise<Map<number, number>> {
  const owners = new Map<number, number>();
  for (const part of chunks(ids, ID_CHUNK)) {
    const rows = await db
      .selectFrom(table)
      .innerJoin('vendors', 'vendors.id', `${table}.vendor_id`)
      .select([`${table}.id as id`, 'vendors.venue_id as venue_id'])
      .where(`${table}.id`, 'in', part)
      .execute();
    for (const row of rows) owners.set(row.id, row.venue_id);
  }
  return owners;
}

export function insertVendorRow(db: Db, row: Insertable<VendorsTable>) {
  return db.insertInto('vendors').values(row).execute();
}

export function updateVendorCatalogueRow(db: Db, vendorId: number, row: Updateable<VendorsTable>, stamp?: EditStamp) {
  return db
    .updateTable('vendors')
    .set(stamp ? { ...row, ...stamped(stamp) } : row)
    .where('id', '=', vendorId)
    .execute();
}

/**
 * Rows of one of the three menu tables, as the catalogue service's value builders make them. One
 * statement serves all three; the type system cannot follow a table chosen at run time, so the
 * rows are given as menu_items' type.
 */
type MenuRow = Record<string, unknown>;

export async function insertMenuRows(db: Db, table: MenuTable, rows: readonly MenuRow[]) {
  for (const part of chunks(rows, INSERT_CHUNK)) {
    await db
      .insertInto(table as 'menu_items')
      .values(part as unknown as Insertable<MenuItemsTable>[])
      .execute();
  }
}

/** Updates one menu row; with a stamp (menu items and modifier groups, which carry edit versions) its version moves on. */
export function updateMenuRow(db: Db, table: MenuTable, id: number, row: MenuRow, stamp?: EditStamp) {
  const values = row as Updateable<MenuItemsTable>;
  return db
    .updateTable(table as 'menu_items')
    .set(stamp ? { ...values, ...stamped(stamp) } : values)
    .where('id', '=', id)
    .execute();
}

/** Archives menu rows removed from the catalogue: kept for orders, hidden from everyone else. */
export async function archiveMenuRows(db: Db, table: MenuTable, ids: readonly number[]) {
  for (const part of chunks(ids, ID_CHUNK))
    await db
      .updateTable(table as 'menu_items')
      .set({ archived: 1, visible: 0 })
      .where('id', 'in', part)
      .execute();
}

/** Moves the edit version of these rows on (their content changed through another row: a group's options). */
export async function stampMenuRows(
  db: Db,
  table: 'modifier_groups' | 'menu_items',
  ids: readonly number[],
  stamp: EditStamp,
) {
  for (const part of chunks(ids, ID_CHUNK))
    await db
      .updateTable(table as 'menu_items')
      .set(stamped(stamp))
      .where('id', 'in', part)
      .execute();
}

export async function archiveVendors(db: Db, ids: readonly number[]) {
  for (const part of chunks(ids, ID_CHUNK))
    await db.updateTable('vendors').set({ archived: 1 }).where('id', 'in', part).execute();
}

/** Marks every menu of a venue changed, so every server process rebuilds its cached copies. */
export function bumpVenueMenuVersions(db: Db, venueId: number) {
  return db
    .updateTable('vendors')
    .set({ menu_version: sql`menu_version + 1` })
    .where('venue_id', '=', venueId)
    .execute();
}

export function listCouponsOfVenue(db: Db, venueId: number, options: { archived: boolean }) {
  let query = db.selectFrom('coupons').selectAll().where('venue_id', '=', venueId);
  if (!options.archived) query = query.where('archived', '=', 0);
  return query.orderBy('id').execute();
}

/** Coupons holding any of these codes, whichever venue they belong to. */
export async function findCouponsByCodes(db: Db, codes: readonly string[]) {
  const found: Array<{ code: string; venue_id: number | null }> = [];
  for (const part of chunks(codes, ID_CHUNK))
    found.push(...(await db.selectFrom('coupons').select(['code', 'venue_id']).where('code', 'in', part).execute()));
  return found;
}

export function insertCouponRows(db: Db, rows: ReadonlyArray<Insertable<CouponsTable>>) {
  if (rows.length === 0) return Promise.resolve();
  return db
    .insertInto('coupons')
    .values([...rows])
    .execute();
}

export function updateCouponRow(db: Db, code: string, row: Updateable<CouponsTable>, stamp?: EditStamp) {
  return db
    .updateTable('coupons')
    .set(stamp ? { ...row, ...stamped(stamp) } : row)
    .where('code', '=', code)
    .execute();
}

export async function archiveCoupons(db: Db, codes: readonly string[]) {
  for (const part of chunks(codes, ID_CHUNK))
    await db.updateTable('coupons').set({ archived: 1, active: 0 }).where('code', 'in', part).execute();
}

/** Tables whose ids catalogues and the seed set explicitly. */
const EXPLICIT_ID_TABLES = [
  'clients',
  'venues',
  'display_assets',
  'vendors',
  'modifier_groups',
  'modifiers',
  'menu_items',
] as const;

/**
 * PostgreSQL's identity sequences do not move when rows are inserted with explicit ids: move each
 * past the largest id, so the next generated id (an upload, a later insert) is free. SQLite needs
 * nothing.
 */
export async function advanceIdSequences(db: Db): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  for (const table of EXPLICIT_ID_TABLES) {
    await sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select coalesce(max(id), 0) + 1 from ${sql.table(table)}), false)`.execute(
      db,
    );
  }
}
