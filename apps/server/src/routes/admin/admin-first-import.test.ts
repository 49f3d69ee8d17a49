// A new installation's first catalogue, loaded from the back office's screen: with no venue yet,
// the import takes the document's own venue (no ?venueId= needed); afterwards the installation's.
import { smallCatalogue } from '@venue/contract/venue-catalogue.fixture';
import { describe, expect, it } from 'vitest';
import { createManager, setPasswordFromLink, signIn } from '../../modules/managers/managers.service.ts';
import { databases } from '../../test/databases.ts';
import { useTestApp } from '../../test/test-app.ts';

describe.each(databases)("a new venue's first catalogue from the back office on $name", (testDatabase) => {
  const ctx = useTestApp(testDatabase, { seed: false });

  it('imports into an empty installation without naming the venue, then replaces that venue', async () => {
    const db = ctx.database.db;
    const now = ctx.app.clock();
    const { token } = await createManager(
      db,
      { email: 'first@venue.example', name: 'First Admin', role: 'admin' },
      'test',
      now,
    );
    await setPasswordFromLink(db, token, 'a long enough pass phrase', now);
    const session = await signIn(db, 'first@venue.example', 'a long enough pass phrase', now);
    const cookie = `venue_admin=${session!.token}`;
    const document = smallCatalogue();
    const put = (body: unknown) =>
      ctx.app.inject({ method: 'PUT', url: '/admin/v1/catalogue', headers: { cookie }, payload: body as object });
    const first = await put(document);
    expect(first.statusCode, first.body).toBe(200);
    const venues = await db.selectFrom('venues').select('id').execute();
    expect(venues.map((venue) => venue.id)).toEqual([document.venue.id]);
    // Now the installation has its venue: a document of another venue is refused, nothing changes.
    const other = await put({ ...document, venue: { ...document.venue, id: document.venue.id + 1 } });
    expect(other.statusCode).toBe(422);
    expect((await db.selectFrom('venues').select('id').execute()).map((venue) => venue.id)).toEqual([
      document.venue.id,
    ]);
  });
});
