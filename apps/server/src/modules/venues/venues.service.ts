/** Venues of a client, as the API shows them. */
import type { Venue } from '@venue/contract/venue';
import type { Kysely, Selectable } from 'kysely';
import type { Database, VenuesTable } from '../../db/schema.ts';
import { notFound } from '../../lib/http-error.ts';
import { findClient, findFirstVenue, findVenue, listVenuesOfClient } from './venues.repository.ts';

export function toVenue(row: Selectable<VenuesTable>): Venue {
  return {
    id: row.id,
    clientId: row.client_id,
    name: row.name,
    timeZone: row.time_zone,
    address: row.address,
    geoLocation: { latitude: row.latitude, longitude: row.longitude },
  };
}

/** The venues of a client; 404 when the client does not exist. */
export async function listVenues(db: Kysely<Database>, clientId: number): Promise<Venue[]> {
  const client = await findClient(db, clientId);
  if (!client) throw notFound(`Client ${clientId} not found`);
  const rows = await listVenuesOfClient(db, clientId);
  return rows.map(toVenue);
}

/** A venue's stored row (its time zone, its place), or undefined when there is none. */
export function findVenueRecord(db: Kysely<Database>, venueId: number) {
  return findVenue(db, venueId);
}

/** The name mail from the back office signs with: the installation's venue, or a plain word before one is loaded. */
export async function installationName(db: Kysely<Database>): Promise<string> {
  return (await findFirstVenue(db))?.name ?? 'Venue';
}

/** The time zone and GST rate the back office reports in: the installation's venue (Australia/Sydney and 10 % before one is loaded). */
export async function installationVenue(db: Kysely<Database>): Promise<{ timeZone: string; gstRateBp: number }> {
  const venue = await findFirstVenue(db);
  return { timeZone: venue?.time_zone ?? 'Australia/Sydney', gstRateBp: venue?.gst_rate_bp ?? 1000 };
}

/** The installation's venue id (the first loaded), or null before one is. */
export async function findFirstVenueId(db: Kysely<Database>): Promise<number | null> {
  return (await findFirstVenue(db))?.id ?? null;
}
