/**
 * The demo venue: a catalogue document (demo-venue.catalogue.json, pictures included, exactly as
 * `npm run -s venue -- export --venue 0 --pictures` writes one) loaded into a brand-new database (no venue at
 * all) through the catalogue import, the one way a catalogue gets in, so it is checked by the same
 * rules as any venue's. A database that holds any venue never receives demo rows. Ids are the
 * demo's fixed ones (docs/decisions/003-demo-venue-ids.md): the default web build names them.
 */
import { readFileSync } from 'node:fs';
import type { VenueCatalogue } from '@venue/contract/venue-catalogue';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { importCatalogueIn } from './catalogue.service.ts';
import {
  ensureClient,
  findVenueWithStores,
  holdsAnyVenue,
  readDemoVenueSetting,
  recordDemoVenueSetting,
} from './demo-venue.repository.ts';

/** The client the demo venue belongs to (a catalogue names its client by id only). */
export const DEMO_CLIENT = { id: 1, name: 'Harbourside Hospitality' } as const;

let demoDocument: unknown;

/**
 * The demo venue's catalogue document, as stored (read once, then a fresh copy per call so a
 * caller may change its copy). The import checks it like any other.
 */
export function demoCatalogue(): VenueCatalogue {
  demoDocument ??= JSON.parse(readFileSync(new URL('./demo-venue.catalogue.json', import.meta.url), 'utf8'));
  return structuredClone(demoDocument) as VenueCatalogue;
}

/** The venue the seed loaded as the demo, and its stores: the only ones the demo kitchen may act on. */
export interface DemoVenue {
  venueId: number;
  vendorIds: number[];
}

/**
 * What a starting server does: the demo venue into a brand-new database, unless DEMO_VENUE=off;
 * and a demo seeded before the seed recorded it is recorded now.
 */
export async function seedOnStart(db: Kysely<Database>, settings: { demoVenue: boolean }): Promise<boolean> {
  const seeded = settings.demoVenue ? await seedWhenEmpty(db) : false;
  if (!seeded) await recordDemoSeededBefore(db);
  return seeded;
}

/** The venue this database was seeded with as the demo, or null when it was not seeded with one. */
export async function findDemoVenue(db: Kysely<Database>): Promise<DemoVenue | null> {
  const stored = await readDemoVenueSetting(db);
  if (stored === undefined) return null;
  const value = JSON.parse(stored) as Partial<DemoVenue>;
  if (!Number.isInteger(value.venueId) || !Array.isArray(value.vendorIds)) return null;
  return { venueId: value.venueId!, vendorIds: value.vendorIds.filter((id) => Number.isInteger(id)) };
}

const demoVenueOf = (catalogue: VenueCatalogue): DemoVenue => ({
  venueId: catalogue.venue.id,
  vendorIds: catalogue.vendors.map((vendor) => vendor.id),
});

/**
 * Databases seeded before the seed recorded its demo hold no record: one whose venue and stores
 * are the demo's (same ids, same names) was seeded with it, so its demo kitchen keeps running.
 */
async function recordDemoSeededBefore(db: Kysely<Database>): Promise<void> {
  if ((await readDemoVenueSetting(db)) !== undefined) return;
  const catalogue = demoCatalogue();
  const venue = await findVenueWithStores(db, catalogue.venue.id);
  if (!venue || venue.name !== catalogue.venue.name) return;
  const names = new Map(venue.stores.map((store) => [store.id, store.store_name]));
  if (!catalogue.vendors.every((vendor) => names.get(vendor.id) === vendor.storeName)) return;
  await recordDemoVenueSetting(db, JSON.stringify(demoVenueOf(catalogue)), Date.now());
}

/** Seeds the demo venue when the database holds no venue; returns whether it did. */
export async function seedWhenEmpty(db: Kysely<Database>, now = Date.now()): Promise<boolean> {
  if (await holdsAnyVenue(db)) return false;
  const catalogue = demoCatalogue();
  try {
    await db.transaction().execute(async (trx) => {
      if (await holdsAnyVenue(trx)) return;
      await ensureClient(trx, DEMO_CLIENT);
      await importCatalogueIn(trx, catalogue.venue.id, catalogue, { actor: 'system', nowMs: now });
      // Recorded with the seed itself, so the demo kitchen can tell the demo from a real venue later.
      await recordDemoVenueSetting(trx, JSON.stringify(demoVenueOf(catalogue)), now);
    });
  } catch (error) {
    // Another process starting at the same time may have seeded first.
    if (await holdsAnyVenue(db)) return false;
    throw error;
  }
  return true;
}
