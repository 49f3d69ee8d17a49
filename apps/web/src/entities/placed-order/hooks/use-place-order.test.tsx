// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { configureStore } from '@reduxjs/toolkit';
import { act, renderHook } from '@testing-library/react';
import type { PlacedOrder, PlaceOrderRequest } from '@venue/contract/order';
import { money } from '../../../test/fixtures';
import { placedOrderSlice } from '../store/placed-order-slice';
import { usePlaceOrder, type PlaceOrderInput } from './use-place-order';

const KEY = { consumerId: 'c-1', hmacKey: 'a2V5' };

const request: PlaceOrderRequest = {
  orderOrigin: 'mobile',
  vendorId: 2,
  menuId: 20,
  orderItems: [{ menuItemId: 213, quantity: 2, modifiers: [] }],
  geoLocation: { latitude: 0, longitude: 0 },
  consumerId: KEY.consumerId,
  serviceMode: 'TakeAway',
  attributes: {},
};

function order(overrides: Partial<PlacedOrder> = {}): PlacedOrder {
  return {
    id: 41,
    vendorId: 2,
    consumerId: KEY.consumerId,
    orderStatus: 'Pending',
    claimTicket: null,
    positionInQueue: null,
    secsToServiceEstimate: null,
    requestedServiceTime: null,
    timing: { timeQueued: null, timeServiceEstimated: null },
    serviceMode: 'TakeAway',
    deliveryAddress: null,
    paymentSummary: { items: [], subTotals: [], total: money(1400) },
    couponCode: null,
    refund: null,
    createdAt: '2026-11-23T04:00:00.000Z',
    ...overrides,
  };
}

/** The server: place-order answers `placed`, GET order answers `read`; every call is kept. */
function serve(placed: PlacedOrder | number, read: PlacedOrder = placed as PlacedOrder) {
  const calls: { method: string; path: string; idempotencyKey: string | null }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const headers = new Headers(init?.headers);
      calls.push({
        method: init?.method ?? 'GET',
        path: url.pathname.replace(/^\/v1/, '') + url.search,
        idempotencyKey: headers.get('Idempotency-Key'),
      });
      if (url.pathname.endsWith('/place-order')) {
        return typeof placed === 'number'
          ? Response.json({ statusCode: placed, message: 'The store is closed.' }, { status: placed })
          : Response.json(placed);
      }
      return Response.json(read);
    }),
  );
  return calls;
}

function setup(overrides: Partial<PlaceOrderInput> = {}) {
  const store = configureStore({ reducer: { placedOrder: placedOrderSlice.reducer } });
  const input: PlaceOrderInput = {
    vendorId: 2,
    campaignId: null,
    saveConsumer: async () => KEY,
    orderRequest: async () => request,
    checkCoupon: null,
    onProblem: vi.fn(),
    ...overrides,
  };
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
  const { result } = renderHook(() => usePlaceOrder(input), { wrapper });
  const place = async () => {
    let placed;
    await act(async () => {
      placed = await result.current.place();
    });
    return placed;
  };
  return { store, input, place };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('usePlaceOrder: the contact screen places the order once', () => {
  it('places a Pending order with an Idempotency-Key and the campaign, keeps it, and goes to payment', async () => {
    const calls = serve(order());
    const { store, place } = setup({ campaignId: 'summer' });
    expect(await place()).toEqual({ orderId: 41, vendorId: 2, key: KEY, next: 'payment' });
    expect(calls).toEqual([
      { method: 'POST', path: '/vendor/2/place-order?campaignId=summer', idempotencyKey: expect.any(String) },
    ]);
    const placed = store.getState().placedOrder;
    expect(placed).toMatchObject({ id: 41, orderStatus: 'Pending', totalMinor: 1400, fetchStatus: 'success' });
    expect(placed.paymentSummary?.total).toEqual(money(1400));
  });

  it('pays the same basket’s Pending order again instead of placing a second one', async () => {
    const calls = serve(order());
    const { place } = setup();
    await place();
    expect(await place()).toMatchObject({ orderId: 41, next: 'payment' });
    expect(calls.map((call) => call.method)).toEqual(['POST', 'GET']);
  });

  it('goes to wait-order when the order needs no payment', async () => {
    serve(order({ orderStatus: 'Waiting', claimTicket: 'A41' }));
    const { place } = setup();
    expect(await place()).toMatchObject({ next: 'waitOrder' });
  });

  it('checks the coupon when the vendor takes coupon payment', async () => {
    serve(order());
    const data = { couponCode: 'HALF', verificationCode: null, coversTotal: false };
    const checkCoupon = vi.fn(async () => ({ eligible: true, data }));
    const { store, place } = setup({ checkCoupon });
    await place();
    expect(checkCoupon).toHaveBeenCalledWith(KEY, 41);
    expect(store.getState().placedOrder.coupon).toMatchObject({ eligible: true, data, fetchStatus: 'success' });
  });

  it('tells the customer why a refused order was not placed, and keeps its Idempotency-Key for the retry', async () => {
    const calls = serve(422);
    const { store, input, place } = setup();
    expect(await place()).toBeNull();
    expect(input.onProblem).toHaveBeenCalledWith('The store is closed.');
    expect(store.getState().placedOrder).toMatchObject({ fetchStatus: 'failed', error: 'The store is closed.' });
    await place();
    expect(calls[1]!.idempotencyKey).toBe(calls[0]!.idempotencyKey);
  });

  it('stops when the consumer could not be saved', async () => {
    const calls = serve(order());
    const { place } = setup({ saveConsumer: async () => null });
    expect(await place()).toBeNull();
    expect(calls).toEqual([]);
  });
});
