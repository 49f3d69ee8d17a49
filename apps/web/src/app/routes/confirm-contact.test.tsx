// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import type { ServiceMode } from '@venue/contract/common';
import { fakeFetch, makeMenu, makeVendor, money } from '../../test/fixtures';
import { renderApp, stateWith } from '../../test/render-app';
import { setNetworkListener } from '../../lib/api-client';

const CONTACT = '/order-flow/confirm-contact';

function vendorWith(serviceModes: ServiceMode[]) {
  return makeVendor({ id: 1, storeName: 'Grill & Bun', serviceModes });
}

function serve(vendor: ReturnType<typeof makeVendor>) {
  const routes = fakeFetch({
    '/time': { now: '', epochMs: 0 },
    '/venue/0/vendors': [vendor],
    '/vendor/1/current-menu': makeMenu(),
  });
  const summary = { items: [], subTotals: [{ name: 'Subtotal', price: money(1400) }], total: money(1400) };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) =>
      String(input).endsWith('/calculate-order-payment') ? Response.json({ paymentSummary: summary }) : routes(input),
    ),
  );
}

/** Two fries in the basket, the mobile typed, and no service mode chosen (a store link skipped the start screen). */
const saved = () =>
  stateWith((state) => {
    const { id, price, itemType, burden, isRestricted } = makeMenu().items.find((i) => i.name === 'Fries')!;
    state.order.vendorId = 1;
    state.order.vendorConfirmed = true;
    state.order.orderConfiguration.selectedServiceMode = 'NotSpecified';
    state.order.userOrder = {
      Fries: { '': { id, name: 'Fries', price, itemType, burden, isRestricted, count: 2, modifiers: [] } },
    };
    state.order.orderBurden = 2;
    state.consumer.mobilePhoneFormInput = '0412345678';
  });

beforeEach(() => {
  vi.stubGlobal('scrollTo', vi.fn());
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setNetworkListener(null);
});

describe('confirm contact: service mode (spec §2, §4)', () => {
  it('states a single mode on offer instead of a choice of one, and selects it so the pay buttons show', async () => {
    // take-away plus home delivery: home delivery is not offered here, so take-away is the only mode
    serve(vendorWith(['TakeAway', 'HomeDelivery']));
    const { store } = renderApp(CONTACT, saved());
    await screen.findByRole('heading', { name: 'Enter Contact Details' });
    await screen.findByText('Take Away');
    expect(screen.getByText('Service mode')).toBeTruthy();
    expect(screen.queryByRole('radiogroup')).toBeNull();
    expect(screen.queryByRole('radio')).toBeNull();
    await waitFor(() => expect(store.getState().order.orderConfiguration.selectedServiceMode).toBe('TakeAway'));
    const payWith = await screen.findByRole('group', { name: 'Pay With' });
    expect(within(payWith).getByRole('button', { name: 'Card' })).toBeTruthy();
    expect(screen.queryByText('Please select a service mode to proceed.')).toBeNull();
  });
});
