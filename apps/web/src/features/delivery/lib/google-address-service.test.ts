// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { googleAddressService, toDeliveryAddress } from './google-address-service';
import type { GoogleMapsApi, GooglePlaceResult } from './google-maps';

const VENUE = { latitude: -33.8474, longitude: 151.0631 };
const ADDRESS = { latitude: -33.8136, longitude: 151.0034 };

const DETAILS: GooglePlaceResult = {
  formatted_address: '12 Smith St, Parramatta NSW 2150, Australia',
  geometry: { location: { lat: () => ADDRESS.latitude, lng: () => ADDRESS.longitude } },
  address_components: [
    { long_name: '12', short_name: '12', types: ['street_number'] },
    { long_name: 'Smith Street', short_name: 'Smith St', types: ['route'] },
    { long_name: 'Parramatta', short_name: 'Parramatta', types: ['locality', 'political'] },
    { long_name: 'New South Wales', short_name: 'NSW', types: ['administrative_area_level_1', 'political'] },
    { long_name: 'Australia', short_name: 'AU', types: ['country', 'political'] },
    { long_name: '2150', short_name: '2150', types: ['postal_code'] },
  ],
};

/** A stand-in of window.google.maps recording what the app asks of it. */
function standIn(
  options: {
    details?: GooglePlaceResult | null;
    matrix?: { status: string; elements: unknown[] };
    predictions?: { list: unknown[] | null; status: string };
  } = {},
) {
  const predictions = vi.fn();
  const details = vi.fn();
  const matrix = vi.fn();
  let tokens = 0;
  const maps = {
    places: {
      AutocompleteService: class {
        getPlacePredictions(request: unknown, callback: (p: unknown, s: string) => void) {
          predictions(request);
          const answer = options.predictions ?? {
            list: [{ place_id: 'ChIJ-12-smith', description: '12 Smith St, Parramatta NSW, Australia' }],
            status: 'OK',
          };
          callback(answer.list, answer.status);
        }
      },
      AutocompleteSessionToken: class {
        readonly id = ++tokens;
      },
      PlacesService: class {
        getDetails(request: unknown, callback: (p: unknown, s: string) => void) {
          details(request);
          const place = options.details === undefined ? DETAILS : options.details;
          callback(place, place ? 'OK' : 'NOT_FOUND');
        }
      },
      PlacesServiceStatus: { OK: 'OK' },
    },
    DistanceMatrixService: class {
      getDistanceMatrix(request: unknown, callback: (r: unknown, s: string) => void) {
        matrix(request);
        const answer = options.matrix ?? {
          status: 'OK',
          elements: [{ status: 'OK', distance: { value: 8200 }, duration: { value: 900 } }],
        };
        callback(answer.status === 'OK' ? { rows: [{ elements: answer.elements }] } : null, answer.status);
      }
    },
    TravelMode: { DRIVING: 'DRIVING' },
  } as unknown as GoogleMapsApi;
  return { maps, predictions, details, matrix };
}

describe('Google maps service (spec §7 maps service)', () => {
  it('asks Places autocomplete for Australian addresses within 100 km of the venue, with a session token', async () => {
    const google = standIn();
    const service = googleAddressService(async () => google.maps);
    const found = await service.suggest('12 Smith', { centre: VENUE, bias: null });
    expect(found).toEqual([
      { placeId: 'ChIJ-12-smith', description: '12 Smith St, Parramatta NSW, Australia', streetAddress: '' },
    ]);
    const request = google.predictions.mock.calls[0]![0];
    expect(request).toMatchObject({
      input: '12 Smith',
      componentRestrictions: { country: 'au' },
      types: ['address'],
      locationBias: { center: { lat: VENUE.latitude, lng: VENUE.longitude }, radius: 100_000 },
    });
    expect(request.sessionToken).toBeDefined();
  });

  it('the 100 km radius biases, it does not bound: a far address is offered, to be told it is out of range', async () => {
    const perth = { place_id: 'ChIJ-perth', description: '1 Hay St, Perth WA, Australia' };
    const google = standIn({ predictions: { list: [perth], status: 'OK' } });
    const service = googleAddressService(async () => google.maps);
    expect(await service.suggest('1 Hay St Perth', { centre: VENUE, bias: null })).toEqual([
      { placeId: 'ChIJ-perth', description: '1 Hay St, Perth WA, Australia', streetAddress: '' },
    ]);
    const request = google.predictions.mock.calls[0]![0];
    expect(request.strictBounds).toBeUndefined();
    expect(request.locationRestriction).toBeUndefined();
  });

  it('no prediction (ZERO_RESULTS) is an empty answer; any other status is a failure', async () => {
    const none = standIn({ predictions: { list: null, status: 'ZERO_RESULTS' } });
    expect(await googleAddressService(async () => none.maps).suggest('zzqxw', { centre: VENUE, bias: null })).toEqual(
      [],
    );
    const denied = standIn({ predictions: { list: null, status: 'REQUEST_DENIED' } });
    await expect(
      googleAddressService(async () => denied.maps).suggest('zzqxw', { centre: VENUE, bias: null }),
    ).rejects.toThrow('REQUEST_DENIED');
  });

  it('resolves place details to a delivery address, ending the session (a new token next time)', async () => {
    const google = standIn();
    const service = googleAddressService(async () => google.maps);
    await service.suggest('12 Smith', { centre: VENUE, bias: null });
    const first = google.predictions.mock.calls[0]![0].sessionToken;
    const address = await service.resolve({ placeId: 'ChIJ-12-smith', description: '', streetAddress: '' });
    expect(address).toEqual({
      streetAddress: '12 Smith Street',
      addressLocality: 'Parramatta',
      postalCode: '2150',
      addressRegion: 'NSW',
      addressCountry: 'AU',
      addressDescription: '12 Smith St, Parramatta NSW 2150, Australia',
      location: ADDRESS,
    });
    expect(google.details.mock.calls[0]![0]).toMatchObject({ placeId: 'ChIJ-12-smith', sessionToken: first });
    await service.suggest('13 Smith', { centre: VENUE, bias: null });
    expect(google.predictions.mock.calls[1]![0].sessionToken).not.toBe(first);
  });

  it('answers null (cannot find your address) when locality, postcode, region or country is missing', async () => {
    const withoutPostcode = {
      ...DETAILS,
      address_components: DETAILS.address_components!.filter((c) => !c.types.includes('postal_code')),
    };
    expect(toDeliveryAddress(withoutPostcode)).toBeNull();
    const service = googleAddressService(async () => standIn({ details: null }).maps);
    expect(await service.resolve({ placeId: 'x', description: '', streetAddress: '' })).toBeNull();
  });

  it('asks the Distance Matrix for driving routes from each store, in metres and milliseconds', async () => {
    const google = standIn();
    const service = googleAddressService(async () => google.maps);
    expect(await service.routes([VENUE], ADDRESS)).toEqual([{ distance: 8200, durationMs: 900_000 }]);
    expect(google.matrix.mock.calls[0]![0]).toEqual({
      origins: [{ lat: VENUE.latitude, lng: VENUE.longitude }],
      destinations: [{ lat: ADDRESS.latitude, lng: ADDRESS.longitude }],
      travelMode: 'DRIVING',
    });
  });

  it('answers no route when the Distance Matrix finds none (cannot get driving direction)', async () => {
    const none = standIn({ matrix: { status: 'OK', elements: [{ status: 'ZERO_RESULTS' }] } });
    expect(await googleAddressService(async () => none.maps).routes([VENUE], ADDRESS)).toEqual([null]);
    const failed = standIn({ matrix: { status: 'REQUEST_DENIED', elements: [] } });
    expect(await googleAddressService(async () => failed.maps).routes([VENUE], ADDRESS)).toEqual([null]);
  });
});
