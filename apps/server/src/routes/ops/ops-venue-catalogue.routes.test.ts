import { smallCatalogue } from '@venue/contract/venue-catalogue.fixture';
import { VenueCatalogue } from '@venue/contract/venue-catalogue';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { listAudit } from '../../modules/audit/audit.service.ts';
import { initiateTestPayment, payByCard, placeTestOrder, updatePayment } from '../../test/checkout.ts';
import { databases } from '../../test/databases.ts';
import { createTestConsumer, signedInject } from '../../test/signed-requests.ts';
import { TEST_OPS_TOKEN, useTestApp } from '../../test/test-app.ts';

const auth = { authorization: `Bearer ${TEST_OPS_TOKEN}` };
type Doc = ReturnType<typeof smallCatalogue>;

function exportOf(app: FastifyInstance, venueId: number) {
  return app.inject({ method: 'GET', url: `/ops/v1/venue/${venueId}/catalogue`, headers: auth });
}

function importInto(app: FastifyInstance, venueId: number, payload: unknown) {
  return app.inject({
    method: 'PUT',
    url: `/ops/v1/venue/${venueId}/catalogue`,
    headers: { ...auth, 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });
}

/** An export's text without the instant it was taken at, which differs between two exports. */
const withoutExportedAt = (body: string) => JSON.stringify({ ...JSON.parse(body), exportedAt: undefined });

const menuOf = async (app: FastifyInstance, vendorId: number) =>
  (await app.inject({ method: 'GET', url: `/v1/vendor/${vendorId}/current-menu` })).json() as {
    items: Array<{ id: number; name: string; price: { minorAmount: number }; visible: boolean }>;
  };

const vendorIdsOf = async (app: FastifyInstance, venueId: number) =>
  ((await app.inject({ method: 'GET', url: `/v1/venue/${venueId}/vendors` })).json() as Array<{ id: number }>).map(
    (v) => v.id,
  );

/** Every table's rows, to show a refused import changed nothing. */
async function snapshot(app: FastifyInstance) {
  const db = app.db;
  return JSON.stringify(
    await Promise.all(
      (
        [
          'venues',
          'vendors',
          'opening_hours',
          'menu_items',
          'modifier_groups',
          'modifiers',
          'coupons',
          'audit_log',
        ] as const
      ).map((table) => db.selectFrom(table).selectAll().orderBy('id').execute()),
    ),
  );
}

async function png(width = 64, height = 48) {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .png()
    .toBuffer();
}

function upload(app: FastifyInstance, body: Buffer | string, contentType: string) {
  return app.inject({
    method: 'POST',
    url: '/ops/v1/display-assets',
    headers: { ...auth, 'content-type': contentType },
    payload: body,
  });
}

describe.each(databases)('venue catalogue on $name', (database) => {
  const ctx = useTestApp(database);

  it('answers 404 for a venue that does not exist, and 401 without the token', async () => {
    const missing = await exportOf(ctx.app, 4242);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'Venue 4242 not found' });
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/ops/v1/venue/0/catalogue' });
    expect(anonymous.statusCode).toBe(401);
    const put = await ctx.app.inject({ method: 'PUT', url: '/ops/v1/venue/0/catalogue', payload: {} });
    expect(put.statusCode).toBe(401);
  });

  it('exports the demo venue and imports it back unchanged: export → import → export gives the same document', async () => {
    const first = await exportOf(ctx.app, 0);
    expect(first.statusCode).toBe(200);
    const document = VenueCatalogue.parse(first.json());
    expect(document.vendors.map((v) => v.id)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(document.coupons.map((c) => c.code)).toContain('FREEMEAL');
    const imported = await importInto(ctx.app, 0, first.json());
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toMatchObject({
      venueId: 0,
      venueCreated: false,
      created: { vendors: 0, items: 0, modifierGroups: 0, modifiers: 0, coupons: 0 },
      updated: { vendors: 0, items: 0, modifierGroups: 0, modifiers: 0, coupons: 0 },
      hidden: { vendors: 0, items: 0, modifierGroups: 0, modifiers: 0, coupons: 0 },
    });
    expect(imported.json().unchanged.items).toBe(document.vendors.flatMap((v) => v.items).length);
    expect(withoutExportedAt((await exportOf(ctx.app, 0)).body)).toBe(withoutExportedAt(first.body));
  });

  it('creates a venue from a hand-written catalogue, and round-trips it', async () => {
    const doc = smallCatalogue();
    const res = await importInto(ctx.app, 50, doc);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      venueId: 50,
      venueCreated: true,
      created: { vendors: 2, items: 4, modifierGroups: 1, modifiers: 2, coupons: 2 },
    });
    const exported = await exportOf(ctx.app, 50);
    expect(exported.json()).toEqual({ ...doc, exportedAt: expect.any(String) });
    const again = await importInto(ctx.app, 50, exported.json());
    expect(again.json().unchanged).toEqual({ vendors: 2, items: 4, modifierGroups: 1, modifiers: 2, coupons: 2 });
    expect(withoutExportedAt((await exportOf(ctx.app, 50)).body)).toBe(withoutExportedAt(exported.body));

    // Customers see it at once.
    const venues = (await ctx.app.inject({ method: 'GET', url: '/v1/client/7/venues' })).json() as Array<{
      id: number;
    }>;
    expect(venues.map((v) => v.id)).toEqual([50]);
    expect(await vendorIdsOf(ctx.app, 50)).toEqual([50_001, 50_002]);
    expect((await menuOf(ctx.app, 50_001)).items.map((i) => i.name)).toEqual([
      'Pork Dumplings',
      'Lunch Special',
      'Jasmine Tea',
    ]);
    const audit = await listAudit(ctx.app.db, 'venue', '50');
    expect(audit.at(-1)).toMatchObject({ actor: 'ops', action: 'catalogue.import' });
  });

  it('answers 422 with every problem, and changes nothing', async () => {
    const before = await snapshot(ctx.app);
    const doc = smallCatalogue() as Doc & Record<string, unknown>;
    doc.vendors[0]!.items[0]!.price = -1;
    doc.vendors[0]!.items[0]!.modifierGroupsIds = [77];
    doc.vendors[0]!.modifierGroups[0]!.minimumChoices = 3;
    doc.vendors[0]!.modifierGroups[0]!.maximumChoices = 2;
    doc.vendors[0]!.modifierGroups[0]!.defaultModifierId = 99;
    doc.vendors[0]!.items[1]!.availability = { monday: [{ startTime: '14:00', endTime: '11:00' }] };
    doc.vendors[0]!.items[2]!.id = doc.vendors[0]!.items[0]!.id;
    doc.vendors[0]!.items[2]!.displayAssetId = 987_654;
    doc.vendors[1]!.id = 1; // a vendor of venue 0
    doc.coupons[0]!.code = 'FREEMEAL'; // venue 0's
    (doc.vendors[1] as Record<string, unknown>).colour = 'red';
    const res = await importInto(ctx.app, 50, doc);
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body).toMatchObject({ statusCode: 422, error: 'Unprocessable Entity' });
    expect(body.message).toBe(`The catalogue has ${body.problems.length} problems; nothing was changed.`);
    expect(body.problems).toEqual(
      expect.arrayContaining([
        { path: '$.vendors[0].items[0].price', message: 'A price must not be negative.' },
        {
          path: '$.vendors[0].items[0].modifierGroupsIds[0]',
          message: 'Modifier group 77 is not a modifier group of this vendor.',
        },
        {
          path: '$.vendors[0].modifierGroups[0].minimumChoices',
          message: 'minimumChoices (3) is more than maximumChoices (2); use maximumChoices 0 for no limit.',
        },
        {
          path: '$.vendors[0].modifierGroups[0].defaultModifierId',
          message: 'Default modifier 99 is not a modifier of this group.',
        },
        {
          path: '$.vendors[0].items[1].availability.monday[0].endTime',
          message:
            'The window ends (11:00) before it starts (14:00); write a window past midnight as two, one on each day.',
        },
        {
          path: '$.vendors[0].items[2].id',
          message: 'Menu item id 50101 is used twice (also at $.vendors[0].items[0].id).',
        },
        {
          path: '$.vendors[0].items[2].displayAssetId',
          message:
            'Display asset 987654 does not exist; upload the picture first (POST /ops/v1/display-assets), or export the catalogue with its pictures (?pictures=include, --pictures).',
        },
        { path: '$.vendors[1].id', message: 'Vendor 1 belongs to venue 0; choose another id.' },
        { path: '$.coupons[0].code', message: 'Coupon code FREEMEAL is already used by another venue.' },
        {
          path: '$.vendors[1].colour',
          message: 'Unknown field "colour": the catalogue format has no such field here.',
        },
      ]),
    );
    expect(body.problems).toHaveLength(10);
    expect(await snapshot(ctx.app)).toBe(before);
  });

  it('answers 422, never 500, for ids past 32 bits and codes no database takes', async () => {
    const before = await snapshot(ctx.app);
    const doc = smallCatalogue() as Doc & Record<string, unknown>;
    doc.vendors[0]!.id = 2 ** 31;
    doc.vendors[0]!.displayAssets.thumbnailAssetId = 2 ** 53;
    doc.vendors[0]!.items[0]!.id = 1e308;
    doc.coupons[0]!.code = 'SAM\u0000LEE';
    const res = await importInto(ctx.app, 50, doc);
    expect(res.statusCode).toBe(422);
    expect(res.json().problems.map((p: { path: string }) => p.path)).toEqual(
      expect.arrayContaining([
        '$.vendors[0].id',
        '$.vendors[0].displayAssets.thumbnailAssetId',
        '$.vendors[0].items[0].id',
        '$.coupons[0].code',
      ]),
    );
    expect(await snapshot(ctx.app)).toBe(before);
  });

  it('refuses a document sent for another venue, and an item of another venue', async () => {
    const doc = smallCatalogue();
    const wrongVenue = await importInto(ctx.app, 51, doc);
    expect(wrongVenue.statusCode).toBe(422);
    expect(wrongVenue.json().problems).toContainEqual({
      path: '$.venue.id',
      message: 'The document is the catalogue of venue 50, but was sent for venue 51.',
    });
    const theft = smallCatalogue();
    theft.vendors[1]!.items[0]!.id = 201; // Grill & Bun's cheeseburger
    const problems = (await importInto(ctx.app, 50, theft)).json().problems;
    expect(problems).toEqual([
      { path: '$.vendors[1].items[0].id', message: 'Menu item 201 belongs to a vendor of venue 0; choose another id.' },
    ]);
  });

  it('keeps history: an ordered item removed from the document is hidden, and the order keeps its names and prices', async () => {
    const consumer = await createTestConsumer(ctx.app, 'History Customer');
    const lager = { menuItemId: 101, quantity: 2, modifiers: [] };
    const order = await placeTestOrder(ctx.app, consumer, 1, [lager]);
    const payment = await initiateTestPayment(ctx.app, consumer, order);
    const result = await payByCard(ctx.app, payment);
    expect((await updatePayment(ctx.app, consumer, order, payment.id, { transactionId: result.id })).statusCode).toBe(
      200,
    );
    // The seconds to the estimate count down as the test runs; everything else must stay as it was.
    const withoutCountdown = ({ secsToServiceEstimate: _, ...rest }: { secsToServiceEstimate?: unknown }) => rest;
    const readOrder = async () =>
      withoutCountdown(
        (await signedInject(ctx.app, consumer, { method: 'GET', url: `/v1/vendor/1/order/${order.id}` })).json(),
      );
    const opsList = async () =>
      (
        (await ctx.app.inject({ method: 'GET', url: '/ops/v1/vendor/1/orders', headers: auth })).json() as Array<{
          secsToServiceEstimate?: unknown;
        }>
      ).map(withoutCountdown);
    const orderBefore = await readOrder();
    const opsBefore = await opsList();

    const doc = VenueCatalogue.parse((await exportOf(ctx.app, 0)).json());
    doc.vendors[0]!.items = doc.vendors[0]!.items.filter((item) => item.id !== 101);
    doc.vendors = doc.vendors.filter((vendor) => vendor.id !== 6); // Noodle House: its items go with it
    doc.coupons = doc.coupons.filter((coupon) => coupon.code !== 'HALFPRICE');
    const res = await importInto(ctx.app, 0, doc);
    expect(res.statusCode, res.body).toBe(200);
    // The lager, and Noodle House's whole menu with it.
    const noodleItems = await ctx.app.db.selectFrom('menu_items').select('id').where('vendor_id', '=', 6).execute();
    expect(res.json().hidden).toMatchObject({ vendors: 1, items: 1 + noodleItems.length, coupons: 1 });

    // Gone for customers at once: the item from the menu, the vendor from the list and from ordering.
    expect((await menuOf(ctx.app, 1)).items.map((i) => i.id)).not.toContain(101);
    expect(await vendorIdsOf(ctx.app, 0)).toEqual([1, 2, 3, 4, 5]);
    const toHidden = await ctx.app.inject({
      method: 'POST',
      url: '/v1/vendor/6/calculate-order-payment',
      payload: { orderItems: [{ menuItemId: 601, quantity: 1, modifiers: [] }] },
    });
    expect(toHidden.statusCode).toBe(404);
    // Kept in the database, named by the order.
    const row = await ctx.app.db.selectFrom('menu_items').selectAll().where('id', '=', 101).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ archived: 1, visible: 0, name: 'Harbour Lager', price_minor: 1150 });
    expect(await readOrder()).toEqual(orderBefore);
    expect(await opsList()).toEqual(opsBefore);
    expect(JSON.stringify(orderBefore)).toContain('Harbour Lager');

    // Not in the next export; named again, it comes back.
    const exported = VenueCatalogue.parse((await exportOf(ctx.app, 0)).json());
    expect(exported.vendors[0]!.items.map((i) => i.id)).not.toContain(101);
    expect(exported.coupons.map((c) => c.code)).not.toContain('HALFPRICE');
    const restored = await importInto(ctx.app, 0, (await exportOf(ctx.app, 0)).json());
    expect(restored.json().hidden).toEqual({ vendors: 0, items: 0, modifierGroups: 0, modifiers: 0, coupons: 0 });
  });

  it('serves a changed menu at once', async () => {
    const doc = smallCatalogue();
    expect((await menuOf(ctx.app, 50_001)).items[0]!.price.minorAmount).toBe(1450);
    doc.vendors[0]!.items[0]!.price = 1550;
    doc.vendors[0]!.items[0]!.name = 'Pork and Chive Dumplings';
    const res = await importInto(ctx.app, 50, doc);
    expect(res.json().updated.items).toBe(1);
    const item = (await menuOf(ctx.app, 50_001)).items[0]!;
    expect(item).toMatchObject({ name: 'Pork and Chive Dumplings', price: { minorAmount: 1550 } });
  });

  it('uploads PNG, JPEG and WebP pictures, checked by content, served by the transformed-image route', async () => {
    const source = sharp({ create: { width: 80, height: 60, channels: 3, background: '#336699' } });
    const pictures: Array<[Buffer, string]> = [
      [await png(), 'image/png'],
      [await source.clone().jpeg().toBuffer(), 'image/jpeg'],
      [await source.clone().webp().toBuffer(), 'image/webp'],
      // The content decides, not the type it is sent as.
      [await source.clone().jpeg().toBuffer(), 'application/octet-stream'],
      [await png(), 'image/webp'],
      // image/jpg is not a registered type, but cameras and tools send JPEGs as it.
      [await source.clone().jpeg().toBuffer(), 'image/jpg'],
    ];
    for (const [bytes, type] of pictures) {
      const res = await upload(ctx.app, bytes, type);
      expect(res.statusCode, res.body).toBe(201);
      const { id, contentType, width, height } = res.json();
      expect(contentType).toBe('image/webp');
      expect(width / height).toBeCloseTo(4 / 3, 1);
      const served = await ctx.app.inject({
        method: 'GET',
        url: `/v1/displayassets/${id}/transformed/200x`,
        headers: { accept: 'image/webp' },
      });
      expect(served.statusCode).toBe(200);
      expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 200, height: 150 });
    }
    // And usable in a catalogue.
    const id = (await upload(ctx.app, await png(), 'image/png')).json().id as number;
    const doc = smallCatalogue();
    doc.vendors[0]!.items[0]!.displayAssetId = id;
    doc.vendors[0]!.displayAssets.thumbnailAssetId = id;
    expect((await importInto(ctx.app, 50, doc)).statusCode).toBe(200);
  });

  it('refuses what is not a picture, a broken picture and one over 5 MB, storing nothing', async () => {
    const count = async () => (await ctx.app.db.selectFrom('display_assets').select('id').execute()).length;
    const before = await count();
    const text = await upload(ctx.app, 'just some text, named picture.png', 'image/png');
    expect(text.statusCode).toBe(415);
    expect(text.json()).toEqual({
      statusCode: 415,
      error: 'Unsupported Media Type',
      message: 'The picture must be a PNG, JPEG or WebP image.',
    });
    const svg = await upload(ctx.app, '<svg xmlns="http://www.w3.org/2000/svg"/>', 'image/png');
    expect(svg.statusCode).toBe(415);
    const broken = (await png()).subarray(0, 40);
    const damaged = await upload(ctx.app, broken, 'image/png');
    expect(damaged.statusCode).toBe(422);
    expect(damaged.json().message).toMatch(/^The picture could not be read as a PNG image/);
    const huge = Buffer.concat([await png(), Buffer.alloc(5 * 1024 * 1024)]);
    const tooBig = await upload(ctx.app, huge, 'image/png');
    expect(tooBig.statusCode).toBe(413);
    // Every refusal of the type says which types are taken, whatever layer refuses it.
    const namesTheTypes = {
      statusCode: 415,
      error: 'Unsupported Media Type',
      message: expect.stringMatching(/PNG, JPEG or WebP/),
    };
    for (const type of ['text/plain', 'image/gif', 'multipart/form-data; boundary=x', 'application/x-whatever']) {
      const wrongType = await upload(ctx.app, await png(), type);
      expect(wrongType.json(), type).toEqual(namesTheTypes);
      expect(wrongType.json().message, type).toContain(type.split(';')[0]);
    }
    const json = await ctx.app.inject({
      method: 'POST',
      url: '/ops/v1/display-assets',
      headers: auth,
      payload: { picture: 'base64…' },
    });
    expect(json.json()).toEqual(namesTheTypes);
    const untyped = await ctx.app.inject({
      method: 'POST',
      url: '/ops/v1/display-assets',
      headers: auth,
      payload: await png(),
    });
    expect(untyped.json()).toEqual(namesTheTypes);
    expect(await count()).toBe(before);
  });

  it('names the catalogue format in the OpenAPI document as the body of the PUT', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
    const put = doc.paths['/ops/v1/venue/{venueId}/catalogue'].put;
    const ref = put.requestBody.content['application/json'].schema.$ref as string;
    const name = ref.replace('#/components/schemas/', '');
    expect(doc.components.schemas[name].properties.vendors).toBeDefined();
    expect(doc.paths['/ops/v1/display-assets'].post).toBeDefined();
  });
});
