/**
 * A catalogue re-imported or moved (issue 23): an older export's import keeps the live values the
 * staff changed since (docs/decisions/028-catalogue-live-values.md), and an export carrying its
 * pictures imports into an empty database.
 */
import { smallCatalogue } from '@venue/contract/venue-catalogue.fixture';
import { VenueCatalogue } from '@venue/contract/venue-catalogue';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { paidTestOrder } from '../../test/checkout.ts';
import { databases } from '../../test/databases.ts';
import { createTestConsumer } from '../../test/signed-requests.ts';
import { TEST_OPS_TOKEN, useTestApp } from '../../test/test-app.ts';

const auth = { authorization: `Bearer ${TEST_OPS_TOKEN}` };
/** Monday 13:00 in Melbourne: the small catalogue's lunch item (50_102, 40 in stock) can be ordered. */
const START = Date.parse('2026-11-23T02:00:00.000Z');
const STORE = 50_001;
const COUNTED_ITEM = 50_102;
const PRICED_ITEM = 50_101;

function exportOf(app: FastifyInstance, venueId: number, query = '') {
  return app.inject({ method: 'GET', url: `/ops/v1/venue/${venueId}/catalogue${query}`, headers: auth });
}

function importInto(app: FastifyInstance, venueId: number, document: unknown, query = '') {
  return app.inject({
    method: 'PUT',
    url: `/ops/v1/venue/${venueId}/catalogue${query}`,
    headers: { ...auth, 'content-type': 'application/json' },
    payload: JSON.stringify(document),
  });
}

async function storeAndItems(app: FastifyInstance) {
  const vendor = (await app.inject({ method: 'GET', url: `/ops/v1/vendor/${STORE}`, headers: auth })).json() as {
    isPaused: boolean;
  };
  const menu = (await app.inject({ method: 'GET', url: `/v1/vendor/${STORE}/current-menu` })).json() as {
    items: Array<{ id: number; currentInventory: number | null; price: { minorAmount: number } }>;
  };
  const item = (id: number) => menu.items.find((i) => i.id === id)!;
  return {
    isPaused: vendor.isPaused,
    stock: item(COUNTED_ITEM).currentInventory,
    price: item(PRICED_ITEM).price.minorAmount,
  };
}

describe.each(databases)('re-importing an older export on $name', (database) => {
  let now = START;
  const ctx = useTestApp(database, { clock: () => now, seed: false });

  it("keeps the stock and pause the staff changed since the export, applies the rest, and force applies the document's", async () => {
    expect((await importInto(ctx.app, 50, smallCatalogue())).statusCode).toBe(200);
    now += 60_000;
    const older = VenueCatalogue.parse((await exportOf(ctx.app, 50)).json());
    expect(older.exportedAt).toBe(new Date(now).toISOString());

    // The staff's day: three sold through a paid order, then the store paused.
    now += 60_000;
    const customer = await createTestConsumer(ctx.app, 'Mei Chen');
    await paidTestOrder(ctx.app, customer, STORE, [{ menuItemId: COUNTED_ITEM, quantity: 3, modifiers: [] }]);
    const paused = await ctx.app.inject({
      method: 'PATCH',
      url: `/ops/v1/vendor/${STORE}`,
      headers: auth,
      payload: { isPaused: true },
    });
    expect(paused.statusCode, paused.body).toBe(200);
    expect(await storeAndItems(ctx.app)).toEqual({ isPaused: true, stock: 37, price: 1450 });

    // A price edited on the older export.
    now += 60_000;
    const edited = structuredClone(older);
    edited.vendors[0]!.items[0]!.price = 1550;
    const res = await importInto(ctx.app, 50, edited);
    expect(res.statusCode, res.body).toBe(200);
    expect(await storeAndItems(ctx.app)).toEqual({ isPaused: true, stock: 37, price: 1550 });
    expect(res.json().keptLiveValues).toEqual([
      {
        path: '$.vendors[0].isPaused',
        field: 'isPaused',
        kept: true,
        document: false,
        changedAt: new Date(START + 120_000).toISOString(),
      },
      {
        path: '$.vendors[0].items[1].currentInventory',
        field: 'currentInventory',
        kept: 37,
        document: 40,
        changedAt: new Date(START + 120_000).toISOString(),
      },
    ]);

    // Forced, the document's live values apply.
    now += 60_000;
    const forced = await importInto(ctx.app, 50, edited, '?force=true');
    expect(forced.statusCode, forced.body).toBe(200);
    expect(forced.json().keptLiveValues).toEqual([]);
    expect(await storeAndItems(ctx.app)).toEqual({ isPaused: false, stock: 40, price: 1550 });
  });

  it('applies a document without exportedAt as given', async () => {
    now += 60_000;
    await ctx.app.inject({
      method: 'PATCH',
      url: `/ops/v1/vendor/${STORE}`,
      headers: auth,
      payload: { isPaused: true },
    });
    now += 60_000;
    const res = await importInto(ctx.app, 50, smallCatalogue());
    expect(res.json().keptLiveValues).toEqual([]);
    expect((await storeAndItems(ctx.app)).isPaused).toBe(false);
  });

  it('names the build settings that serve the imported venue', async () => {
    const res = await importInto(ctx.app, 50, smallCatalogue());
    expect(res.json().buildSettings).toEqual({
      VITE_CLIENT_ID: '7',
      VITE_VENUE_ID: '50',
      VITE_VENUE_NAME: 'Riverside Food Hall',
    });
  });
});

describe.each(databases)('moving a catalogue with its pictures on $name', (database) => {
  const source = useTestApp(database);
  const empty = useTestApp(database, { seed: false });

  const served = (app: FastifyInstance, id: number | null) =>
    app.inject({ method: 'GET', url: `/v1/displayassets/${id}/transformed/300x`, headers: { accept: 'image/png' } });

  it("imports the demo's export with its pictures into an empty database, each picture stored once and served", async () => {
    // An uploaded photo on one item, beside the demo's drawings.
    const photo = await sharp({ create: { width: 90, height: 60, channels: 3, background: '#884422' } })
      .jpeg()
      .toBuffer();
    const uploaded = await source.app.inject({
      method: 'POST',
      url: '/ops/v1/display-assets',
      headers: { ...auth, 'content-type': 'image/jpeg' },
      payload: photo,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const withPhoto = VenueCatalogue.parse((await exportOf(source.app, 0)).json());
    withPhoto.vendors[0]!.items[0]!.displayAssetId = uploaded.json().id;
    expect((await importInto(source.app, 0, withPhoto)).statusCode).toBe(200);

    const plain = await exportOf(source.app, 0);
    expect(plain.json().pictures).toBeUndefined();
    const refused = await importInto(empty.app, 0, plain.json());
    expect(refused.statusCode).toBe(422);
    expect(
      refused.json().problems.every((p: { message: string }) => /^Display asset \d+ does not exist/.test(p.message)),
    ).toBe(true);

    const exported = await exportOf(source.app, 0, '?pictures=include');
    expect(exported.statusCode).toBe(200);
    const document = VenueCatalogue.parse(exported.json());
    const named = new Set(
      document.vendors.flatMap((v) => [
        v.displayAssets.thumbnailAssetId,
        v.displayAssets.locationImageAssetId,
        ...v.items.map((i) => i.displayAssetId),
      ]),
    );
    named.delete(null);
    expect(document.pictures!.map((p) => p.id).sort((a, b) => a - b)).toEqual(
      [...named].sort((a, b) => (a ?? 0) - (b ?? 0)),
    );
    expect(new Set(document.pictures!.map((p) => p.contentType))).toEqual(new Set(['image/svg+xml', 'image/webp']));

    const res = await importInto(empty.app, 0, document);
    expect(res.statusCode, res.body).toBe(200);
    const distinct = new Set(document.pictures!.map((p) => `${p.contentType}:${p.data}`)).size;
    expect(res.json().pictures).toEqual({ stored: distinct, alreadyStored: document.pictures!.length - distinct });

    const moved = VenueCatalogue.parse((await exportOf(empty.app, 0)).json());
    for (const id of [moved.vendors[0]!.displayAssets.thumbnailAssetId, moved.vendors[0]!.items[0]!.displayAssetId]) {
      const picture = await served(empty.app, id);
      expect(picture.statusCode).toBe(200);
      expect((await sharp(picture.rawPayload).metadata()).width).toBe(300);
    }

    // The same document again: every picture is found, none stored twice.
    const count = async () => (await empty.app.db.selectFrom('display_assets').select('id').execute()).length;
    const before = await count();
    const again = await importInto(empty.app, 0, document);
    expect(again.json().pictures).toEqual({ stored: 0, alreadyStored: document.pictures!.length });
    expect(await count()).toBe(before);
  });

  it('refuses a carried picture that is not what its type says, changing nothing', async () => {
    const document = VenueCatalogue.parse(smallCatalogue(51, 51_000));
    document.vendors[0]!.items[0]!.displayAssetId = 9_001;
    document.pictures = [
      {
        id: 9_001,
        kind: 'photo',
        contentType: 'image/png',
        altText: '',
        data: Buffer.from('not a png').toString('base64'),
      },
    ];
    const res = await importInto(empty.app, 51, document);
    expect(res.statusCode).toBe(422);
    expect(res.json().problems).toEqual([
      { path: '$.pictures[0].data', message: 'The data is not a PNG image; give its real contentType.' },
    ]);
    expect((await exportOf(empty.app, 51)).statusCode).toBe(404);
  });
});
