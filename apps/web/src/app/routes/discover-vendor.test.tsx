// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Vendor } from '@venue/contract/venue';
import { fakeFetch, makeMenu, makeVendor } from '../../test/fixtures';
import { renderApp, stateWith } from '../../test/render-app';
import { setNetworkListener } from '../../lib/api-client';

const tapRoom = makeVendor({ id: 1, storeName: 'The Tap Room', tts: 5 * 60_000 });
const burgers = makeVendor({ id: 2, storeName: 'Grill & Bun', tts: 12 * 60_000 });
const sweets = makeVendor({ id: 5, storeName: 'Sweet Spot', isPaused: true });
const noodles = makeVendor({ id: 6, storeName: 'Noodle House', isOpen: false, nextServiceTime: null });

function serve(vendors: Vendor[] = [noodles, tapRoom, sweets, burgers]) {
  const fetchMock = vi.fn(
    fakeFetch({
      '/time': { now: '', epochMs: 0 },
      '/venue/0/vendors': () => vendors,
      '/vendor/1/current-menu': makeMenu(),
    }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const entries = () => within(within(screen.getByRole('main')).getAllByRole('list')[0]!).getAllByRole('listitem');

beforeEach(() => vi.stubGlobal('scrollTo', vi.fn()));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  setNetworkListener(null);
});

describe('discover-vendor (spec §2 Discover vendor)', () => {
  it("lists the stores taking orders first, then 'Back Soon' and 'Closed' ones greyed, not choosable", async () => {
    serve();
    renderApp('/order-flow/discover-vendor');
    await screen.findByRole('heading', { level: 1, name: 'Select Your Option Below' });
    await screen.findByRole('button', { name: 'The Tap Room' });
    expect(entries().map((entry) => entry.textContent)).toEqual([
      expect.stringContaining('The Tap Room'),
      expect.stringContaining('Grill & Bun'),
      expect.stringContaining('Sweet Spot'),
      expect.stringContaining('Noodle House'),
    ]);
    expect(entries()[0]!.textContent).toContain('About 5 min wait');
    expect(entries()[2]!.textContent).toContain('Back Soon');
    expect(entries()[3]!.textContent).toContain('Closed');
    expect(screen.queryByRole('button', { name: 'Sweet Spot' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Noodle House' })).toBeNull();
  });

  it('says none is available when no store takes orders', async () => {
    serve([noodles, sweets]);
    renderApp('/order-flow/discover-vendor');
    await screen.findByText('None of our outlets are currently available for ordering. Please try later!');
  });

  it('refreshes the list every 30 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = serve();
    renderApp('/order-flow/discover-vendor');
    await screen.findByRole('button', { name: 'The Tap Room' });
    const calls = () => fetchMock.mock.calls.filter(([url]) => String(url) === '/v1/venue/0/vendors').length;
    const first = calls();
    await act(async () => void (await vi.advanceTimersByTimeAsync(29_000)));
    expect(calls()).toBe(first);
    await act(async () => void (await vi.advanceTimersByTimeAsync(1_000)));
    expect(calls()).toBe(first + 1);
  });

  it('a vendorId query shows that store first, the others behind Show More / Show Less', async () => {
    serve();
    renderApp('/order-flow/discover-vendor?vendorId=2');
    await screen.findByRole('button', { name: 'Grill & Bun' });
    expect(screen.queryByRole('button', { name: 'The Tap Room' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show More' }));
    expect(entries()[0]!.textContent).toContain('Grill & Bun');
    expect(screen.getByRole('button', { name: 'The Tap Room' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show Less' }));
    expect(screen.queryByRole('button', { name: 'The Tap Room' })).toBeNull();
  });

  it('choosing a store selects it, starts the session and goes to place-order', async () => {
    serve();
    const { store, location } = renderApp('/order-flow/discover-vendor?vendorId=2');
    fireEvent.click(await screen.findByRole('button', { name: 'Grill & Bun' }));
    await waitFor(() => expect(location()).toBe('/order-flow/place-order'));
    expect(store.getState().order.vendorId).toBe(2);
    expect(store.getState().order.orderSessionStartTime).toBeTypeOf('number');
    expect(store.getState().venue.selectedVendor?.storeName).toBe('Grill & Bun');
  });

  it("another store than the basket's asks 'Existing Order Session'; continuing goes back to the basket's store", async () => {
    serve();
    const saved = stateWith((state) => {
      state.order.vendorId = 1;
      state.order.vendorConfirmed = true;
      state.order.userOrder = {
        Fries: {
          '': {
            id: 12,
            name: 'Fries',
            count: 1,
            price: makeMenu().items[1]!.price,
            itemType: 'Sides',
            burden: 1,
            isRestricted: false,
            modifiers: [],
          },
        },
      };
    });
    const { store, location } = renderApp('/order-flow/discover-vendor', saved);
    fireEvent.click(await screen.findByRole('button', { name: 'Grill & Bun' }));
    const modal = screen.getByRole('dialog', { name: 'Existing Order Session' });
    fireEvent.click(within(modal).getByRole('button', { name: 'Continue Existing Order Session' }));
    await waitFor(() => expect(location()).toBe('/order-flow/place-order'));
    await screen.findByRole('heading', { level: 1, name: 'The Tap Room' });
    expect(store.getState().order.vendorId).toBe(1);
    expect(Object.keys(store.getState().order.userOrder)).toEqual(['Fries']);
  });

  it("'Reorder' rebuilds the last order from the current menu and opens the store's menu", async () => {
    serve();
    const menu = makeMenu();
    const line = (name: string, count: number) => {
      const item = menu.items.find((i) => i.name === name)!;
      const { id, price, itemType, burden, isRestricted } = item;
      return { '': { id, name, count, price, itemType, burden, isRestricted, modifiers: [] } };
    };
    const saved = stateWith((state) => {
      state.order.lastOrder = {
        vendorId: 1,
        userOrder: { Fries: line('Fries', 2), 'Secret Item': line('Secret Item', 1) },
      };
    });
    const { store, location } = renderApp('/order-flow/discover-vendor', saved);
    const card = await screen.findByRole('region', { name: 'Your last order from The Tap Room' });
    fireEvent.click(within(card).getByRole('button', { name: 'Reorder' }));
    await waitFor(() => expect(location()).toBe('/order-flow/place-order'));
    // the hidden item is left out
    expect(Object.keys(store.getState().order.userOrder)).toEqual(['Fries']);
    expect(store.getState().order).toMatchObject({ vendorId: 1, vendorConfirmed: true, orderBurden: 2 });
  });
});
