/** SQL for clients and venues. */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export function findClient(db: Kysely<Database>, clientId: number) {
  return db.selectFrom('clients').selectAll().where('id', '=', clientId).executeTakeFirst();
}

export function listVenuesOfClient(db: Kysely<Database>, clientId: number) {
  return db.selectFrom('venues').selectAll().where('client_id', '=', clientId).orderBy('id').execute();
}

export function findVenue(db: Kysely<Database>, venueId: number) {
  return db.selectFrom('venues').selectAll().where('id', '=', venueId).executeTakeFirst();
}

/** The venue with the lowest id (the one a single-venue installation runs), or undefined. */
export function findFirstVenue(db: Kysely<Database>) {
  return db.selectFrom('venues').selectAll().orderBy('id').limit(1).executeTakeFirst();
}
