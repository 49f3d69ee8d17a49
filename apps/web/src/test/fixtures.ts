import type { Vendor } from '@venue/contract/venue';

/** A vendor as GET /v1/venue/{id}/vendors returns it, open and taking orders. */
export function makeVendor(
  overrides: Partial<Vendor> & { serviceModes?: Vendor['vendorOrderConfiguration']['availableServiceModes'] } = {},
): Vendor {
  const { serviceModes = ['TakeAway'], ...rest } = overrides;
  return {
    id: 1,
    venueId: 0,
    storeName: 'Grill & Bun',
    phoneNumber: '02 9000 0000',
    location: 'Level 1, Gate B',
    locationDescription: 'Level 1, Gate B',
    displayAssets: { thumbnailAssetId: null, locationImageAssetId: null },
    vendorDisplayAssets: { thumbnailAssetId: null, locationImageAssetId: null },
    isOpen: true,
    isPaused: false,
    nextServiceTime: new Date(Date.now() - 60_000).toISOString(),
    tts: 900_000,
    geoLocation: { latitude: -33.85, longitude: 151.2 },
    timeZone: 'Australia/Sydney',
    vendorOrderConfiguration: {
      availableServiceModes: serviceModes,
      defaultOrderServiceMode: 'TakeAway',
      preOrderBufferDuration: 3_600_000,
      maxBurdenPerOrder: 20,
      deliveryMinAmount: null,
      allowApplePay: true,
      allowGooglePay: true,
      isCouponPaymentAllowed: false,
      deliveryMaxDistance: 0,
      deliveryTimeBuffer: 0,
      serviceCharges: [],
    },
    ...rest,
  };
}

/** A fetch stand-in answering JSON by path (after /v1); unknown paths answer 404. */
export function fakeFetch(routes: Record<string, unknown | (() => unknown)>) {
  return async (input: RequestInfo | URL): Promise<Response> => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace(/^\/v1/, '');
    if (!(path in routes)) {
      return new Response(JSON.stringify({ statusCode: 404, error: 'Not Found', message: `No route ${path}` }), {
        status: 404,
        headers: { 'content-type': 'application/json' },
      });
    }
    const entry = routes[path];
    const body = typeof entry === 'function' ? (entry as () => unknown)() : entry;
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  };
}
