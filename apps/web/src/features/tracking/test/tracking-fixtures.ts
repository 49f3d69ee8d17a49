import type { PlacedOrder } from '@venue/contract/order';
import type { RootState } from '../../../app/store';
import { mergeSavedState } from '../../../app/store';
import { makeVendor } from '../../../test/fixtures';

export const VENDOR = makeVendor({
  id: 1,
  storeName: 'Grill & Bun',
  phoneNumber: '02 9000 0000',
  location: 'Level 1, Gate B',
  displayAssets: { thumbnailAssetId: null, locationImageAssetId: 77 },
});

export const SUMMARY: PlacedOrder['paymentSummary'] = {
  items: [
    {
      id: 10,
      parentItemId: null,
      name: 'Cheeseburger',
      quantity: 2,
      perItemPrice: { amount: 12.5, minorAmount: 1250, currencySymbol: '$', currencyCode: 'AUD' },
      price: { amount: 25, minorAmount: 2500, currencySymbol: '$', currencyCode: 'AUD' },
      itemType: 'Burgers',
    },
    {
      id: 11,
      parentItemId: 10,
      name: 'Extra cheese',
      quantity: 2,
      perItemPrice: { amount: 1, minorAmount: 100, currencySymbol: '$', currencyCode: 'AUD' },
      price: { amount: 2, minorAmount: 200, currencySymbol: '$', currencyCode: 'AUD' },
      itemType: 'Modifier',
    },
    {
      id: null,
      parentItemId: null,
      name: 'Card surcharge',
      quantity: 1,
      perItemPrice: { amount: 0.41, minorAmount: 41, currencySymbol: '$', currencyCode: 'AUD' },
      price: { amount: 0.41, minorAmount: 41, currencySymbol: '$', currencyCode: 'AUD' },
      itemType: 'ServiceCharge',
    },
  ],
  // As the server sends it: the charge is among the items and again among the subTotals.
  subTotals: [
    { name: 'Subtotal', price: { amount: 27, minorAmount: 2700, currencySymbol: '$', currencyCode: 'AUD' } },
    { name: 'Card surcharge', price: { amount: 0.41, minorAmount: 41, currencySymbol: '$', currencyCode: 'AUD' } },
  ],
  total: { amount: 27.41, minorAmount: 2741, currencySymbol: '$', currencyCode: 'AUD' },
};

/** The placed order as GET /v1/vendor/1/order/42 answers it. */
export function placedOrder(overrides: Partial<PlacedOrder> = {}): PlacedOrder {
  return {
    id: 42,
    vendorId: 1,
    consumerId: 'c-1',
    orderStatus: 'Waiting',
    claimTicket: 'A12',
    positionInQueue: 3,
    secsToServiceEstimate: 780,
    requestedServiceTime: null,
    timing: { timeQueued: '2026-11-22T06:00:00.000Z', timeServiceEstimated: '2026-11-22T06:10:00.000Z' },
    serviceMode: 'TakeAway',
    deliveryAddress: null,
    paymentSummary: SUMMARY,
    couponCode: null,
    refund: null,
    createdAt: '2026-11-22T05:59:00.000Z',
    ...overrides,
  };
}

/** A saved app state with a paid order being tracked, as localStorage would restore it. */
export function trackingState(order: Partial<PlacedOrder> | null = {}, extra: Record<string, unknown> = {}): RootState {
  const o = order === null ? null : placedOrder(order);
  const state = mergeSavedState({
    venue: {
      venues: { data: [], fetchStatus: null, error: null },
      vendors: { data: [VENDOR], fetchStatus: 'success', error: null },
      selectedVendor: null,
    },
    consumer: {
      id: 'c-1',
      hmacKey: 'secret',
      contact: { mobile: '0412345678', email: 'sam@example.com' },
      name: { fullName: 'Sam Lee' },
    },
    placedOrder: o
      ? {
          id: o.id,
          vendorId: o.vendorId,
          orderStatus: o.orderStatus,
          claimTicket: o.claimTicket,
          positionInQueue: o.positionInQueue,
          secsToServiceEstimate: o.secsToServiceEstimate,
          requestedServiceTime: o.requestedServiceTime,
          timing: o.timing,
          fetchStatus: 'success',
        }
      : {},
    order: {
      vendorId: 1,
      orderConfiguration: { defaultOrderServiceMode: 'TakeAway', selectedServiceMode: 'TakeAway' },
    },
    ...extra,
  });
  if (!state) throw new Error('no state');
  return state;
}

export interface Call {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

/**
 * A fetch stand-in for the tracking screens: the order read answers from `orderAnswers` in turn
 * (the last one repeats; an Error means no answer, a number an error status), the rest answer 200.
 */
export function trackingFetch(orderAnswers: (PlacedOrder | Error | number)[]) {
  const calls: Call[] = [];
  const answers = [...orderAnswers];
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const fetchMock = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace(/^\/v1/, '');
    const method = init.method ?? 'GET';
    calls.push({
      method,
      path,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : null,
      headers: (init.headers ?? {}) as Record<string, string>,
    });
    if (path === '/vendor/1/order/42' && method === 'GET') {
      const next = answers.length > 1 ? answers.shift() : answers[0];
      if (next instanceof Error) throw new TypeError('Failed to fetch');
      if (typeof next === 'number')
        return json({ statusCode: next, error: 'Error', message: 'The order could not be read.' }, next);
      return json(next);
    }
    if (path === '/venue/0/vendors') return json([VENDOR]);
    if (path === '/time') return json({ now: '', epochMs: 0 });
    return json({});
  };
  return {
    fetchMock,
    calls,
    orderReads: () => calls.filter((c) => c.path === '/vendor/1/order/42' && c.method === 'GET'),
  };
}
