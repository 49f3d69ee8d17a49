// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeFetch, makeMenu, makeVendor } from '../../test/fixtures';
import { renderApp, stateWith } from '../../test/render-app';
import { setNetworkListener } from '../../lib/api-client';

// The build settings are fixed per build; each test picks the build it stands for.
const env = vi.hoisted(() => ({ current: {} as Record<string, string> }));
vi.mock('../../config/settings', async () => {
  const { parseSettings } = await import('../../config/settings-schema');
  return {
    get settings() {
      return parseSettings(env.current);
    },
  };
});

const SLOTS = ['2026-11-22T06:15:00.000Z', '2026-11-22T06:30:00.000Z'];
const burgers = makeVendor({ id: 2, storeName: 'Grill & Bun', tts: 15 * 60_000 });
const pizza = makeVendor({
  id: 3,
  storeName: 'Slice Pizza Co.',
  tts: 20 * 60_000,
  serviceModes: ['TakeAway', 'HomeDelivery'],
});
const closedBar = makeVendor({ id: 4, storeName: 'Bar', tts: 30_000, isOpen: false });

function serve(vendors = [burgers, pizza, closedBar]) {
  const fetchMock = vi.fn(
    fakeFetch({
      '/time': { now: '', epochMs: 0 },
      '/venue/0/vendors': vendors,
      '/vendor/2/availableScheduledPickupTimeSlots': SLOTS,
      '/vendor/3/availableScheduledPickupTimeSlots': SLOTS,
      '/vendor/2/current-menu': { ...makeMenu(), vendorId: 2 },
    }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

beforeEach(() => {
  env.current = {};
  vi.stubGlobal('scrollTo', vi.fn());
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setNetworkListener(null);
});

describe('start screen, multi-vendor build', () => {
  it('shows the venue name, the terms footer and both buttons when a vendor delivers', async () => {
    serve();
    renderApp('/start');
    await screen.findByRole('heading', { level: 1, name: 'Harbourside Stadium' });
    await screen.findByRole('button', { name: 'Order Home Delivery' });
    expect(screen.getByRole('button', { name: 'Order & Collect' })).toBeTruthy();
    // the shortest time to service among open vendors (the closed bar's 30 s does not count)
    expect(screen.getByText('About 15 min wait')).toBeTruthy();
  });

  it("hides 'Order Home Delivery' when no vendor offers it", async () => {
    serve([burgers]);
    renderApp('/start');
    await screen.findByText('About 15 min wait');
    expect(screen.queryByRole('button', { name: 'Order Home Delivery' })).toBeNull();
  });

  it("'Order & Collect' goes to discover-vendor keeping the vendorId query", async () => {
    serve();
    const { location, store } = renderApp('/start?vendorId=3');
    fireEvent.click(await screen.findByRole('button', { name: 'Order & Collect' }));
    await waitFor(() => expect(location()).toBe('/order-flow/discover-vendor?vendorId=3'));
    expect(store.getState().order.orderConfiguration.selectedServiceMode).toBe('TakeAway');
  });

  it("'Order Home Delivery' goes to the delivery route", async () => {
    serve();
    const { location, store } = renderApp('/start');
    fireEvent.click(await screen.findByRole('button', { name: 'Order Home Delivery' }));
    await waitFor(() => expect(location()).toBe('/order-flow/delivery'));
    expect(store.getState().order.orderConfiguration.selectedServiceMode).toBe('HomeDelivery');
  });

  it('opens the terms dated 13 April 2020; Reject and Accept both close them', async () => {
    serve();
    renderApp('/start');
    for (const choice of ['Accept', 'Reject']) {
      fireEvent.click(await screen.findByRole('button', { name: 'Terms and Conditions' }));
      const terms = screen.getByRole('dialog', { name: 'Terms and conditions' });
      expect(terms.textContent).toContain('13 April 2020');
      expect(terms.textContent).toMatch(/no-shows/);
      fireEvent.click(within(terms).getByRole('button', { name: choice }));
      expect(screen.queryByRole('dialog')).toBeNull();
    }
  });

  it("says the shortest wait among the open, not paused stores: 'No waiting' only when one of them serves within a minute", async () => {
    // the demo venue: 5, 12 and 15 minute stores open, a paused and a closed one much quicker
    const waits = [5, 12, 15].map((minutes, index) =>
      makeVendor({ id: 10 + index, storeName: `Store ${index}`, tts: minutes * 60_000 }),
    );
    const paused = makeVendor({ id: 20, storeName: 'Paused', tts: 0, isPaused: true });
    serve([...waits, paused, closedBar]);
    renderApp('/start');
    await screen.findByText('About 5 min wait');
    expect(screen.queryByText('No waiting')).toBeNull();
  });

  it("shows no tag, and never 'No waiting', while the stores are unknown or none is open", async () => {
    // the list has not answered yet: the tag's place is held empty
    let answer: (response: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL) =>
        String(input).includes('/vendors')
          ? new Promise<Response>((resolve) => (answer = resolve))
          : fakeFetch({ '/time': { now: '', epochMs: 0 } })(input),
      ),
    );
    renderApp('/start');
    await screen.findByRole('heading', { level: 1, name: 'Harbourside Stadium' });
    expect(screen.queryByText(/min wait|No waiting/)).toBeNull();
    answer(Response.json([closedBar]));
    await screen.findByRole('button', { name: 'Order & Collect' });
    await waitFor(() => expect(screen.queryByText(/min wait|No waiting/)).toBeNull());
    cleanup();

    // the list could not be loaded
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        String(input).includes('/vendors')
          ? new Response('{}', { status: 500, headers: { 'content-type': 'application/json' } })
          : fakeFetch({ '/time': { now: '', epochMs: 0 } })(input),
      ),
    );
    renderApp('/start');
    await screen.findByText("We couldn't load the stores. Please try again.");
    expect(screen.queryByText(/min wait|No waiting/)).toBeNull();
  });

  it('shows no time-to-service tag when the build turns it off', async () => {
    env.current = { VITE_SHOW_TIME_TO_SERVICE: 'false' };
    serve();
    renderApp('/start');
    await screen.findByRole('button', { name: 'Order Home Delivery' });
    expect(screen.queryByText(/min wait|No waiting/)).toBeNull();
  });
});

describe('start screen, single-vendor build', () => {
  it("offers only 'Order & Collect' for a take-away vendor", async () => {
    env.current = { VITE_MULTI_VENDOR: 'false', VITE_VENDOR_ID: '2' };
    serve();
    renderApp('/start');
    await screen.findByRole('button', { name: 'Order & Collect' });
    expect(screen.getByText('Ordering from Grill & Bun')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Order Home Delivery' })).toBeNull();
  });

  it('ASAP selects the vendor, take-away and no time, then goes to place-order', async () => {
    env.current = { VITE_MULTI_VENDOR: 'false', VITE_VENDOR_ID: '2' };
    serve();
    const { location, store } = renderApp('/start?vendorId=9');
    fireEvent.click(await screen.findByRole('button', { name: 'Order & Collect' }));
    const modal = await screen.findByRole('dialog', { name: 'Select preferred pickup time' });
    fireEvent.click(within(modal).getByRole('button', { name: 'ASAP' }));
    await waitFor(() => expect(location()).toBe('/order-flow/place-order'));
    const state = store.getState();
    expect(state.venue.selectedVendor).toMatchObject({ id: 2, storeName: 'Grill & Bun' });
    expect(state.order.pickedTime).toBeNull();
    expect(state.order.orderConfiguration.selectedServiceMode).toBe('TakeAway');
  });

  it("'Deliver Later' with a slot stores the time and goes to delivery", async () => {
    env.current = { VITE_MULTI_VENDOR: 'false', VITE_VENDOR_ID: '3' };
    serve();
    const { location, store } = renderApp('/start');
    fireEvent.click(await screen.findByRole('button', { name: 'Order Home Delivery' }));
    const modal = await screen.findByRole('dialog', { name: 'Select preferred deliver time' });
    const later = within(modal).getByRole('button', { name: 'Deliver Later' }) as HTMLButtonElement;
    expect(later.disabled).toBe(true);
    const select = within(modal).getByRole('combobox', { name: 'Select a time' }) as HTMLSelectElement;
    await waitFor(() => expect(select.options).toHaveLength(3));
    expect(select.options[1]?.textContent).toMatch(/^\d{1,2}:\d{2} (AM|PM)$/);
    fireEvent.change(select, { target: { value: SLOTS[0] } });
    fireEvent.click(later);
    await waitFor(() => expect(location()).toBe('/order-flow/delivery'));
    expect(store.getState().order.pickedTime).toBe(SLOTS[0]);
    expect(store.getState().order.orderConfiguration.selectedServiceMode).toBe('HomeDelivery');
    expect(store.getState().venue.selectedVendor?.id).toBe(3);
  });

  it('Cancel closes the modal and stays on start', async () => {
    env.current = { VITE_MULTI_VENDOR: 'false', VITE_VENDOR_ID: '2' };
    serve();
    const { location } = renderApp('/start');
    fireEvent.click(await screen.findByRole('button', { name: 'Order & Collect' }));
    const modal = await screen.findByRole('dialog', { name: 'Select preferred pickup time' });
    fireEvent.click(within(modal).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(location()).toBe('/start');
  });

  it("shows 'No waiting' for a vendor serving within a minute", async () => {
    env.current = { VITE_MULTI_VENDOR: 'false', VITE_VENDOR_ID: '2' };
    serve([{ ...burgers, tts: 60_000 }]);
    renderApp('/start');
    await screen.findByText('No waiting');
  });

  it("offers 'Reorder' for the last order; it rebuilds the basket from the current menu and opens place-order", async () => {
    env.current = { VITE_MULTI_VENDOR: 'false', VITE_VENDOR_ID: '2' };
    serve();
    const fries = makeMenu().items.find((item) => item.name === 'Fries')!;
    const saved = stateWith((state) => {
      const { id, name, price, itemType, burden, isRestricted } = fries;
      state.order.lastOrder = {
        vendorId: 2,
        userOrder: { Fries: { '': { id, name, price, itemType, burden, isRestricted, count: 2, modifiers: [] } } },
      };
    });
    const { location, store } = renderApp('/start', saved);
    const card = await screen.findByRole('region', { name: 'Your last order from Grill & Bun' });
    expect(card.textContent).toContain('2 × Fries');
    fireEvent.click(within(card).getByRole('button', { name: 'Reorder' }));
    await waitFor(() => expect(location()).toBe('/order-flow/place-order'));
    expect(store.getState().order).toMatchObject({ vendorId: 2, vendorConfirmed: true, orderBurden: 2 });
    expect(store.getState().order.orderConfiguration.selectedServiceMode).toBe('TakeAway');
  });

  it('a reorder that fails clears the last order (spec §8)', async () => {
    env.current = { VITE_MULTI_VENDOR: 'false', VITE_VENDOR_ID: '2' };
    serve();
    const saved = stateWith((state) => {
      // an item the menu no longer has: nothing can be ordered again
      state.order.lastOrder = {
        vendorId: 2,
        userOrder: {
          Gone: {
            '': {
              id: 999,
              name: 'Gone',
              price: fakePrice,
              itemType: 'Mains',
              burden: 1,
              isRestricted: false,
              count: 1,
              modifiers: [],
            },
          },
        },
      };
    });
    const { location, store } = renderApp('/start', saved);
    fireEvent.click(await screen.findByRole('button', { name: 'Reorder' }));
    await screen.findByText("Sorry, your last order can't be repeated right now.");
    expect(store.getState().order.lastOrder).toBeNull();
    expect(location()).toBe('/start');
    expect(screen.queryByRole('button', { name: 'Reorder' })).toBeNull();
  });
});

const fakePrice = { amount: 1, minorAmount: 100, currencySymbol: '$', currencyCode: 'AUD' };
