import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { seedWhenEmpty } from './demo-venue.ts';
import { databases } from '../../test/databases.ts';
import { CATALOGUE_README_SECTION, catalogueHint } from './catalogue-hint.ts';

describe.each(databases)('start log on $name', (database) => {
  it('says in two lines how to load a catalogue while the database holds no venue, and nothing once it does', async () => {
    const handle = await database.create();
    try {
      expect(await catalogueHint(handle.db)).toEqual([
        "No venue in the database yet: write its catalogue as the README's 'Venue catalogue' section shows,",
        'then load it: npm run venue -- import <file.json> (or PUT it to /ops/v1/venue/{venueId}/catalogue)',
      ]);
      await seedWhenEmpty(handle.db);
      expect(await catalogueHint(handle.db)).toEqual([]);
    } finally {
      await handle.dispose();
    }
  });
});

describe('the catalogue hint', () => {
  it('names a README section that exists', () => {
    const readme = readFileSync(new URL('../../../../../README.md', import.meta.url), 'utf8');
    expect(readme.split('\n')).toContain(`## ${CATALOGUE_README_SECTION}`);
  });
});
