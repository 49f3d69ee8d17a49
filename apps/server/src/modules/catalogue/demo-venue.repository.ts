/**
 * SQL of the demo venue's seed: whether the database is brand-new, the demo's client, and the
 * record (in `server_settings`) of which venue was seeded as the demo.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** Whether the database holds any venue at all (a brand-new one holds none). */
export async function holdsAnyVenue(db: Db): Promise<boolean> {
  return (await db.selectFrom('venues').select('id').limit(1).executeTakeFirst()) !== undefined;
}

/** Creates the client unless the database knows it already. */
export async function ensureClient(db: Db, client: { id: number; name: string }): Promise<void> {
  const known = await db.selectFrom('clients').selectAll().where('id', '=', client.id).executeTakeFirst();
  if (!known) await db.insertInto('clients').values(client).execute();
}

/** The `server_settings` key recording which venue (and stores) the seed loaded as the demo. */
const DEMO_VENUE_SETTING = 'demo-venue';

/** Records the demo venue; the first record stays (a database is seeded once). */
export async function recordDemoVenueSetting(db: Db, value: string, nowMs: number): Promise<void> {
  await db
    .insertInto('server_settings')
    .values({ key: DEMO_VENUE_SETTING, value, created_at: nowMs })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}

export async function readDemoVenueSetting(db: Db): Promise<string | undefined> {
  const row = await db
    .selectFrom('server_settings')
    .select('value')
    .where('key', '=', DEMO_VENUE_SETTING)
    .executeTakeFirst();
  return row?.value;
}

/** A venue's name and its stores' ids and names, archived ones too. */
export async function findVenueWithStores(db: Db, venueId: number) {
  const venue = await db.selectFrom('venues').select(['id', 'name']).where('id', '=', venueId).executeTakeFirst();
  if (!venue) return undefined;
  const stores = await db.selectFrom('vendors').select(['id', 'store_name']).where('venue_id', '=', venueId).execute();
  return { ...venue, stores };
}
