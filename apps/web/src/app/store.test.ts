// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEY } from '../lib/persistence';
import { apiRequest, setNetworkListener } from '../lib/api-client';
import { createAppStore, mergeSavedState } from './store';

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
  setNetworkListener(null);
});

describe('app store', () => {
  it('starts with the spec §3 empty order state', () => {
    const state = createAppStore().getState();
    expect(state.order).toMatchObject({
      userOrder: {},
      lastOrder: null,
      orderBurden: 0,
      vendorId: null,
      vendorConfirmed: false,
      pickedTime: null,
      deliveryAddress: null,
      orderConfiguration: { defaultOrderServiceMode: 'NotSpecified' },
      orderSessionStartTime: null,
    });
    expect(state.venue.selectedVendor).toBeNull();
    expect(state.placedOrder.orderStatus).toBeNull();
    expect(state.consumer.id).toBeNull();
  });

  it("restores the saved state from localStorage 'state', failing interrupted fetches", () => {
    localStorage.setItem(
      STORAGE_KEY,
      JSON.stringify({
        order: { pickedTime: '2026-11-22T08:00:00.000Z', orderAmount: { fetchStatus: 'fetching' } },
        venue: { vendors: { data: [], fetchStatus: 'fetching', error: null } },
        network: { status: 'failed', connectionModalOpen: true },
      }),
    );
    const state = createAppStore().getState();
    expect(state.order.pickedTime).toBe('2026-11-22T08:00:00.000Z');
    expect(state.order.orderAmount.fetchStatus).toBe('failed');
    expect(state.venue.vendors.fetchStatus).toBe('failed');
    // keys missing from an older save take their defaults
    expect(state.order.orderBurden).toBe(0);
    // the connection is checked afresh on every visit
    expect(state.network).toEqual({ status: 'success', connectionModalOpen: false });
  });

  it('restores an order saved with the coupon fields the order state no longer has', () => {
    localStorage.setItem(
      STORAGE_KEY,
      JSON.stringify({
        order: {
          pickedTime: '2026-11-22T08:00:00.000Z',
          appliedCoupon: null,
          applyingCoupon: false,
          applyingCode: null,
          couponError: null,
          reInitiatePayment: false,
        },
      }),
    );
    const state = createAppStore().getState();
    expect(state.order.pickedTime).toBe('2026-11-22T08:00:00.000Z');
    expect(state.order.userOrder).toEqual({});
  });

  it('starts fresh when the saved state is corrupt', () => {
    localStorage.setItem(STORAGE_KEY, '{not json');
    expect(createAppStore().getState().order.pickedTime).toBeNull();
    expect(mergeSavedState(undefined)).toBeUndefined();
  });

  it('follows the network: a failed call opens the connection modal, a success closes it', async () => {
    const store = createAppStore();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await apiRequest('/time').catch(() => undefined);
    expect(store.getState().network).toEqual({ status: 'failed', connectionModalOpen: true });

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { headers: { 'content-type': 'application/json' } })),
    );
    await apiRequest('/time');
    expect(store.getState().network).toEqual({ status: 'success', connectionModalOpen: false });
  });
});
