/** SQL for vendors and their opening hours. */
import { sql, type Kysely, type Transaction } from 'kysely';
import { isPostgres } from '../../db/dialect.ts';
import { prepared } from '../../db/prepared.ts';
import type { Database, VendorsTable } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** Vendor columns plus the time zone of its venue. */
function vendorsWithZone(db: Db) {
  return db
    .selectFrom('vendors')
    .innerJoin('venues', 'venues.id', 'vendors.venue_id')
    .selectAll('vendors')
    .select('venues.time_zone');
}

export type VendorRow = Awaited<ReturnType<typeof findVendorRow>> & object;

export function findVendorRow(db: Db, vendorId: number) {
  return vendorsWithZone(db).where('vendors.id', '=', vendorId).executeTakeFirst();
}

export interface OpeningHoursRow {
  weekday: string;
  opens: string;
  closes: string;
}

const vendorRowWithHours = prepared((qb: Kysely<Database>, by: { vendorId: number }) => {
  const hours = isPostgres(qb)
    ? sql<string>`(select coalesce(json_agg(json_build_object('weekday', h.weekday, 'opens', h.opens, 'closes', h.closes) order by h.id), '[]')::text
        from opening_hours h where h.vendor_id = vendors.id)`
    : sql<string>`(select json_group_array(json_object('weekday', h.weekday, 'opens', h.opens, 'closes', h.closes))
        from (select weekday, opens, closes from opening_hours where vendor_id = vendors.id order by id) h)`;
  return vendorsWithZone(qb).select(hours.as('opening_hours_json')).where('vendors.id', '=', by.vendorId);
});

/**
 * The vendor row with its venue's time zone and its opening hours (in their stored order), in one
 * statement: what a checkout reads about the store it orders from.
 */
export async function findVendorRowWithHours(
  db: Db,
  vendorId: number,
): Promise<{ row: VendorRow; hours: OpeningHoursRow[] } | undefined> {
  const found = (await vendorRowWithHours(db, { vendorId })).rows[0];
  if (!found) return undefined;
  const { opening_hours_json: json, ...row } = found;
  return { row, hours: JSON.parse(json) as OpeningHoursRow[] };
}

/** The vendor's id when it exists: the cheapest check that it does. */
export function findVendorId(db: Db, vendorId: number) {
  return db.selectFrom('vendors').select('id').where('id', '=', vendorId).executeTakeFirst();
}

export function listVendorRowsOfVenue(db: Db, venueId: number) {
  return vendorsWithZone(db)
    .where('vendors.venue_id', '=', venueId)
    .where('vendors.archived', '=', 0)
    .orderBy('vendors.display_order')
    .orderBy('vendors.id')
    .execute();
}

export function listOpeningHours(db: Db, vendorIds: readonly number[]) {
  if (vendorIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('opening_hours')
    .select(['vendor_id', 'weekday', 'opens', 'closes'])
    .where('vendor_id', 'in', vendorIds)
    .orderBy('vendor_id')
    .orderBy('id')
    .execute();
}

export type VendorChanges = Partial<
  Pick<VendorsTable, 'is_open' | 'is_paused' | 'tts_ms' | 'open_changed_at' | 'paused_changed_at'>
>;

export function updateVendorRow(db: Db, vendorId: number, changes: VendorChanges) {
  return db.updateTable('vendors').set(changes).where('id', '=', vendorId).executeTakeFirst();
}

/** Every vendor's id, the archived ones left out. */
export function listAllVendorIds(db: Kysely<Database>) {
  return db.selectFrom('vendors').select('id').where('archived', '=', 0).orderBy('id').execute();
}
