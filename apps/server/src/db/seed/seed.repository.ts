/** SQL of the demo seed: whether the database is brand-new, the demo's client and its pictures. */
import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database, DisplayAssetsTable } from '../schema.ts';

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

/** The demo's drawings, with their fixed ids. */
export async function insertDemoPictures(db: Db, pictures: Insertable<DisplayAssetsTable>[]): Promise<void> {
  await db.insertInto('display_assets').values(pictures).execute();
}
