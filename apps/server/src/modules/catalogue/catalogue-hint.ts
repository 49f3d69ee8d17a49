/**
 * The start log's word to an operator whose database holds no venue (DEMO_VENUE=off on a new
 * database): without it the server starts quietly, and the customer app says only that the venue
 * is not open for orders yet.
 */
import type { Kysely } from 'kysely';
import { holdsAnyVenue } from './demo-venue.repository.ts';
import type { Database } from '../../db/schema.ts';

/** The README section that explains a catalogue document and how to load it. */
export const CATALOGUE_README_SECTION = 'Venue catalogue';

/** Two lines saying how to load a catalogue when the database holds no venue; none otherwise. */
export async function catalogueHint(db: Kysely<Database>): Promise<string[]> {
  if (await holdsAnyVenue(db)) return [];
  return [
    `No venue in the database yet: write its catalogue as the README's '${CATALOGUE_README_SECTION}' section shows,`,
    'then load it: npm run venue -- import <file.json> (or PUT it to /ops/v1/venue/{venueId}/catalogue)',
  ];
}
