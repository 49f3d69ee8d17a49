import { AddressPlace, AddressSuggestionList, DeliveryQuote } from '@venue/contract/address';
import { ErrorBody } from '@venue/contract/common';
import { CANNOT_DELIVER_MESSAGE, estimatedTravelTimeMs } from '@venue/domain/delivery';
import { describe, expect, it } from 'vitest';
import { databases } from '../../test/databases.ts';
import { useTestApp } from '../../test/test-app.ts';

// The demo venue at Sydney Olympic Park; Slice Pizza Co. (vendor 3) delivers up to 10 km.
const VENUE = { latitude: -33.8474, longitude: 151.0631 };
const near = `latitude=${VENUE.latitude}&longitude=${VENUE.longitude}`;
const MINUTE = 60_000;

describe.each(databases)('address search and delivery quote on $name', (database) => {
  const ctx = useTestApp(database);

  async function suggest(query: string) {
    const res = await ctx.app.inject({ method: 'GET', url: `/v1/address/autocomplete?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return AddressSuggestionList.parse(res.json());
  }

  async function problem(url: string, status: number) {
    const res = await ctx.app.inject({ method: 'GET', url });
    expect(res.statusCode, res.body).toBe(status);
    return ErrorBody.parse(res.json());
  }

  it('suggests localities starting with the typed text, nearest the venue first, at most 8', async () => {
    const list = await suggest(`input=Parra&${near}`);
    expect(list.map((s) => s.description)).toContain('Parramatta NSW 2150');
    expect(list.every((s) => s.addressLocality.startsWith('Parra'))).toBe(true);
    const named = await suggest(`input=parramatta&${near}`);
    expect(named[0]).toMatchObject({
      description: 'Parramatta NSW 2150',
      streetAddress: '',
      addressLocality: 'Parramatta',
      postalCode: '2150',
      addressRegion: 'NSW',
    });
    expect(named[0]!.placeId).toMatch(/^au-\d+$/);
    const all = await suggest(`input=S&${near}`);
    expect(all).toHaveLength(8);
    const distances = all.map((s) => s.distance!);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
  });

  it('keeps a street line typed before a comma (or before the suburb) as streetAddress', async () => {
    const [first] = await suggest(`input=${encodeURIComponent('12 Smith St, Parramatta')}&${near}`);
    expect(first).toMatchObject({ streetAddress: '12 Smith St', description: '12 Smith St, Parramatta NSW 2150' });
    const [second] = await suggest(`input=${encodeURIComponent('12 Smith St Parramatta')}&${near}`);
    expect(second).toMatchObject({ streetAddress: '12 Smith St', addressLocality: 'Parramatta' });
  });

  it('finds a postcode, and a name with its state and postcode', async () => {
    const byPostcode = await suggest(`input=2127&${near}`);
    expect(byPostcode.map((s) => s.addressLocality)).toContain('Sydney Olympic Park');
    expect(byPostcode.every((s) => s.postalCode === '2127')).toBe(true);
    const [full] = await suggest(`input=${encodeURIComponent('Homebush NSW 2140')}&${near}`);
    expect(full).toMatchObject({ addressLocality: 'Homebush', postalCode: '2140', addressRegion: 'NSW' });
  });

  it('ranks places more than 100 km from the venue after the near ones, and leaves out post office boxes', async () => {
    // Beyond the radius but still found, so the customer can choose it and learn it is out of range.
    const newcastle = await suggest(`input=Newcastle&${near}`);
    expect(newcastle[0]).toMatchObject({ addressLocality: 'Newcastle', addressRegion: 'NSW', postalCode: '2300' });
    expect(newcastle[0]!.distance).toBeGreaterThan(100_000);
    const perth = await suggest(`input=Perth&${near}`);
    expect(perth.map((s) => s.description)).toEqual(expect.arrayContaining(['Perth WA 6000', 'Perth TAS 7300']));
    // A near match comes before a far one, however exactly the far one matches the text.
    const richmond = (await suggest(`input=Richmond&${near}`)).map((s) => s.description);
    expect(richmond.slice(0, 3)).toEqual(['Richmond NSW 2753', 'Richmond Lowlands NSW 2753', 'Richmond VIC 3121']);
    const wollongong = await suggest(`input=Wollongong&${near}`);
    expect(wollongong[0]).toMatchObject({ addressLocality: 'Wollongong', postalCode: '2500' });
    expect(wollongong.every((s) => s.postalCode === '2500')).toBe(true);
    const anywhere = await suggest('input=Wollongong');
    expect(anywhere[0]).toMatchObject({ addressLocality: 'Wollongong', postalCode: '2500' });
    expect(anywhere[0]!.distance).toBeNull();
  });

  it('answers a chosen place as a spec §3 delivery address', async () => {
    const [choice] = await suggest(`input=${encodeURIComponent('12 Smith St, Parramatta')}&${near}`);
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/v1/address/place/${choice!.placeId}?streetAddress=${encodeURIComponent(choice!.streetAddress)}`,
    });
    expect(res.statusCode).toBe(200);
    const place = AddressPlace.parse(res.json());
    expect(place).toMatchObject({
      streetAddress: '12 Smith St',
      addressLocality: 'Parramatta',
      postalCode: '2150',
      addressRegion: 'NSW',
      addressCountry: 'AU',
      addressDescription: '12 Smith St, Parramatta NSW 2150',
    });
    expect(place.location.latitude).toBeCloseTo(-33.81, 1);
    expect(place.location.longitude).toBeCloseTo(151.0, 1);
  });

  it('answers bad input with a 400 and an unknown place with a 404', async () => {
    expect((await problem('/v1/address/autocomplete', 400)).message).toMatch(/input/);
    expect((await problem('/v1/address/autocomplete?input=%20', 400)).message).toMatch(/input/);
    expect((await problem('/v1/address/autocomplete?input=x&latitude=abc&longitude=1', 400)).message).toMatch(
      /latitude/,
    );
    expect((await problem('/v1/address/autocomplete?input=x&latitude=-33', 400)).message).toMatch(/latitude/);
    expect((await problem(`/v1/address/autocomplete?input=${'a'.repeat(201)}`, 400)).statusCode).toBe(400);
    expect((await problem('/v1/address/place/parramatta', 400)).message).toMatch(/placeId/);
    expect((await problem('/v1/address/place/au-999999999', 404)).message).toBe(
      'Cannot find your address. Please try again.',
    );
  });

  it('quotes a delivery in range: distance in metres, travel time, delivery time = tts + travel + buffer', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/v1/vendor/3/delivery-quote?latitude=-33.8136&longitude=151.0034',
    });
    expect(res.statusCode, res.body).toBe(200);
    const quote = DeliveryQuote.parse(res.json());
    expect(quote.vendorId).toBe(3);
    expect(quote.distance).toBeGreaterThan(6_000);
    expect(quote.distance).toBeLessThan(7_500);
    expect(quote.travelTime).toBe(estimatedTravelTimeMs(quote.distance));
    const vendors = (await ctx.app.inject({ method: 'GET', url: '/v1/venue/0/vendors' })).json() as Array<{
      id: number;
      tts: number;
      vendorOrderConfiguration: { deliveryTimeBuffer: number };
    }>;
    const pizza = vendors.find((v) => v.id === 3)!;
    expect(quote.deliveryTime).toBe(pizza.tts + quote.travelTime + pizza.vendorOrderConfiguration.deliveryTimeBuffer);
    expect(quote.deliveryTime).toBeGreaterThan(15 * MINUTE);
    expect(quote.deliveryMaxDistance).toBe(10);
  });

  it("refuses a point out of range with the spec's can't-deliver message, and a vendor that does not deliver", async () => {
    const far = await problem('/v1/vendor/3/delivery-quote?latitude=-34.4278&longitude=150.8931', 422);
    expect(far.message).toBe(CANNOT_DELIVER_MESSAGE);
    const burgers = await problem('/v1/vendor/2/delivery-quote?latitude=-33.8136&longitude=151.0034', 422);
    expect(burgers.message).toBe('Grill & Bun does not deliver.');
    await problem('/v1/vendor/999/delivery-quote?latitude=-33.8&longitude=151', 404);
    await problem('/v1/vendor/3/delivery-quote?latitude=-33.8', 400);
    await problem('/v1/vendor/3/delivery-quote?latitude=-95&longitude=151', 400);
  });
});
