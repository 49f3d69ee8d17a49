// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Menu } from '@venue/contract/menu';
import type { Vendor } from '@venue/contract/venue';
import { fakeFetch, makeMenu, makeVendor } from '../../test/fixtures';
import { renderApp, stateWith } from '../../test/render-app';
import { setNetworkListener } from '../../lib/api-client';
import { toSelectedVendor } from '../../features/vendors/store/venue-slice';
import type { RootState } from '../store';

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

const burgers = makeVendor({ id: 1, storeName: 'Grill & Bun' });
const bar = makeVendor({ id: 2, storeName: 'The Tap Room' });

function serve({
  vendors = [burgers, bar],
  menu = makeMenu(),
}: { vendors?: Vendor[]; menu?: Menu | (() => Response) } = {}) {
  const answer = fakeFetch({
    '/time': { now: '', epochMs: 0 },
    '/venue/0/vendors': vendors,
    '/vendor/2/current-menu': { ...makeMenu(), id: 20, vendorId: 2 },
  });
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    if (String(input).endsWith('/vendor/1/current-menu')) {
      return typeof menu === 'function' ? menu() : Response.json(menu);
    }
    return answer(input);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** A saved order at Grill & Bun (vendor 1), store confirmed, with the given lines (item name → count). */
function savedOrder(items: Record<string, number> = {}): RootState {
  const menu = makeMenu();
  return stateWith((state) => {
    state.order.vendorId = 1;
    state.order.vendorConfirmed = true;
    state.order.orderSessionStartTime = Date.now();
    for (const [name, count] of Object.entries(items)) {
      const item = menu.items.find((i) => i.name === name)!;
      state.order.userOrder[name] = {
        '': {
          id: item.id,
          name,
          count,
          price: item.price,
          itemType: item.itemType,
          burden: item.burden,
          isRestricted: item.isRestricted,
          modifiers: [],
        },
      };
      state.order.orderBurden += item.burden * count;
    }
  });
}

const row = (name: string) => screen.getByRole('heading', { level: 3, name }).closest('li')!;
const plus = (name: string) => within(row(name)).getByRole('button', { name: `Add one ${name}` });
const counter = (name: string) => within(row(name)).getByRole('status').textContent;
const confirmButton = () =>
  screen.getByRole('button', {
    name: /^(Confirm my order|Select Items Above|Back Soon|We are closed)$/,
  }) as HTMLButtonElement;

beforeEach(() => {
  env.current = {};
  vi.stubGlobal('scrollTo', vi.fn());
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  setNetworkListener(null);
});

describe('menu, /order-flow/place-order (spec §2 Place order)', () => {
  it('asks to confirm the store, then shows the menu by item type with only orderable items', async () => {
    serve();
    const { store, location } = renderApp('/order-flow/place-order?vendorId=1');
    const modal = await screen.findByRole('dialog', { name: 'Ordering from Grill & Bun' });
    expect(within(modal).getByText('Ordering from')).toBeTruthy();
    expect(within(modal).getByRole('button', { name: 'Choose another store' })).toBeTruthy();
    fireEvent.click(within(modal).getByRole('button', { name: 'Confirm Store' }));
    // the modal closes in React's next commit, which a busy machine may not have made yet
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(store.getState().order).toMatchObject({ vendorId: 1, vendorConfirmed: true });

    const sections = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(sections).toEqual(['Burgers', 'Sides', 'Beer', 'Packs']);
    expect(screen.queryByText('Secret Item')).toBeNull();
    expect(screen.queryByText('Special')).toBeNull();
    expect(within(row('Burger')).getByText('$16.50')).toBeTruthy();
    expect(within(row('Burger')).getByRole('button', { name: 'Options for Burger' })).toBeTruthy();
    expect(within(row('Fries')).queryByRole('button', { name: /Options/ })).toBeNull();
    expect(screen.getByText('ASAP')).toBeTruthy();
    expect(location()).toBe('/order-flow/place-order?vendorId=1');
  });

  it("'Select Items Above' until an item is in; 'Confirm my order' goes on without the vendorId query", async () => {
    serve();
    const { location, store } = renderApp('/order-flow/place-order?vendorId=1', savedOrder());
    await screen.findByRole('heading', { level: 1, name: 'Grill & Bun' });
    expect(confirmButton().textContent).toBe('Select Items Above');
    expect(confirmButton().disabled).toBe(true);
    fireEvent.click(plus('Fries'));
    await waitFor(() => expect(counter('Fries')).toBe('1'));
    expect(confirmButton().textContent).toBe('Confirm my order');
    expect(store.getState().order.userOrder.Fries?.['']?.count).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Review Order' }));
    await waitFor(() => expect(location()).toBe('/order-flow/confirm-order'));
  });

  it("an item with options: plus opens the options modal, 'Add to Order' puts the choice in the basket", async () => {
    serve();
    const { store } = renderApp('/order-flow/place-order', savedOrder());
    await screen.findByRole('heading', { level: 1, name: 'Grill & Bun' });
    fireEvent.click(plus('Burger'));
    const modal = screen.getByRole('dialog', { name: 'Burger' });
    fireEvent.click(within(modal).getByRole('checkbox', { name: /^Aioli/ }));
    fireEvent.click(within(modal).getByRole('button', { name: 'Add to Order' }));
    expect(screen.queryByRole('dialog', { name: 'Burger' })).toBeNull();
    expect(counter('Burger')).toBe('1');
    expect(Object.keys(store.getState().order.userOrder.Burger!)).toEqual(['101,303']);
    // with one choice in the basket, plus repeats it
    fireEvent.click(plus('Burger'));
    expect(store.getState().order.userOrder.Burger!['101,303']!.count).toBe(2);
    expect(within(row('Burger')).getByText('2 × Chips, Aioli')).toBeTruthy();
  });

  it("the seventh alcoholic drink shows '6 Drink Maximum'", async () => {
    serve();
    renderApp('/order-flow/place-order', savedOrder({ Lager: 6 }));
    await screen.findByRole('heading', { level: 1, name: 'Grill & Bun' });
    fireEvent.click(plus('Lager'));
    const modal = screen.getByRole('dialog', { name: '6 Drink Maximum' });
    expect(within(modal).getByText('Sorry, there is a limit of 6 alcoholic drinks per order.')).toBeTruthy();
    fireEvent.click(within(modal).getByRole('button', { name: 'Ok' }));
    expect(counter('Lager')).toBe('6');
  });

  it("past maxBurdenPerOrder shows 'That's all we can handle!' with the store's name", async () => {
    serve({
      vendors: [
        makeVendor({
          id: 1,
          storeName: 'Grill & Bun',
          vendorOrderConfiguration: { ...burgers.vendorOrderConfiguration, maxBurdenPerOrder: 10 },
        }),
      ],
    });
    renderApp('/order-flow/place-order', savedOrder({ 'Family Pack': 1 }));
    await screen.findByRole('heading', { level: 1, name: 'Grill & Bun' });
    fireEvent.click(plus('Family Pack'));
    const modal = screen.getByRole('dialog', { name: "That's all we can handle!" });
    expect(within(modal).getByText('To serve you better, Grill & Bun limits order sizes.')).toBeTruthy();
  });

  it("over the stock: 'We've sold out!' lists the item and the count stays at the stock", async () => {
    serve();
    renderApp('/order-flow/place-order', savedOrder({ Salad: 2 }));
    await screen.findByRole('heading', { level: 1, name: 'Grill & Bun' });
    fireEvent.click(plus('Salad'));
    const modal = screen.getByRole('dialog', { name: "We've sold out!" });
    expect(
      within(modal).getByText('We apologise that the below items are no longer available for your order!'),
    ).toBeTruthy();
    expect(within(modal).getByText('Salad')).toBeTruthy();
    expect(counter('Salad')).toBe('2');
  });

  it("removes basket items sold out since they were added, in 'We've sold out!', and labels them 'Sold Out'", async () => {
    const menu = makeMenu();
    menu.items.find((i) => i.name === 'Salad')!.currentInventory = 0;
    serve({ menu });
    const { store } = renderApp('/order-flow/place-order', savedOrder({ Salad: 1, Fries: 2 }));
    const modal = await screen.findByRole('dialog', { name: "We've sold out!" });
    expect(within(modal).getByText('Salad')).toBeTruthy();
    expect(within(modal).queryByText('Fries')).toBeNull();
    expect(Object.keys(store.getState().order.userOrder)).toEqual(['Fries']);
    fireEvent.click(within(modal).getByRole('button', { name: 'Ok' }));
    expect(within(row('Salad')).getByText('Sold Out')).toBeTruthy();
    expect(within(row('Salad')).queryByRole('button', { name: 'Add one Salad' })).toBeNull();
  });

  it.each([
    [{ isPaused: true }, 'Back Soon!', 'Back Soon'],
    [{ isOpen: false }, 'We have closed', 'We are closed'],
  ])('a store that is %o shows the guard modal %s and the button %s; Ok goes home', async (change, title, label) => {
    serve({ vendors: [makeVendor({ id: 1, storeName: 'Grill & Bun', ...change })] });
    const { location } = renderApp('/order-flow/place-order', savedOrder({ Fries: 1 }));
    const modal = await screen.findByRole('dialog', { name: title });
    expect(confirmButton().textContent).toBe(label);
    expect(confirmButton().disabled).toBe(true);
    fireEvent.click(within(modal).getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(location()).toBe('/start'));
  });

  it('a menu that fails to load blocks the step with a retry', async () => {
    let fail = true;
    serve({
      menu: () =>
        fail
          ? Response.json({ statusCode: 500, error: 'Internal Server Error', message: 'Boom' }, { status: 500 })
          : Response.json(makeMenu()),
    });
    renderApp('/order-flow/place-order', savedOrder({ Fries: 1 }));
    await screen.findByRole('heading', { level: 1, name: 'Menu unavailable' });
    expect(screen.queryByRole('heading', { level: 3, name: 'Fries' })).toBeNull();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('heading', { level: 1, name: 'Grill & Bun' });
    expect(counter('Fries')).toBe('1');
  });

  it('with no vendor and no items goes to discover (multi-vendor) or start (single-vendor)', async () => {
    serve();
    const multi = renderApp('/order-flow/confirm-order');
    await waitFor(() => expect(multi.location()).toBe('/order-flow/discover-vendor'));
    cleanup();
    env.current = { VITE_MULTI_VENDOR: 'false', VITE_VENDOR_ID: '1' };
    const single = renderApp('/order-flow/place-order?vendorId=2');
    await waitFor(() => expect(single.location()).toBe('/start'));
  });

  it("a single-vendor build asks to confirm its store with 'Confirm Store' only: there is no other store to choose", async () => {
    env.current = { VITE_MULTI_VENDOR: 'false', VITE_VENDOR_ID: '1' };
    serve();
    // as the start screen leaves it after 'Order & Collect' and ASAP
    const state = stateWith((draft) => {
      draft.venue.selectedVendor = toSelectedVendor(burgers);
      draft.order.orderConfiguration.selectedServiceMode = 'TakeAway';
    });
    const { store } = renderApp('/order-flow/place-order', state);
    const modal = await screen.findByRole('dialog', { name: 'Ordering from Grill & Bun' });
    expect(within(modal).getByText('Ordering from')).toBeTruthy();
    expect(within(modal).queryByRole('button', { name: 'Choose another store' })).toBeNull();
    expect(
      within(modal)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Confirm Store']);
    fireEvent.click(within(modal).getByRole('button', { name: 'Confirm Store' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(store.getState().order).toMatchObject({ vendorId: 1, vendorConfirmed: true });
  });

  it("another store by URL with a basket: 'Existing Order Session'; starting anew moves to that store", async () => {
    serve();
    const { store } = renderApp('/order-flow/place-order?vendorId=2', savedOrder({ Fries: 1 }));
    const modal = await screen.findByRole('dialog', { name: 'Existing Order Session' });
    expect(within(modal).getByText('You have an existing order session on another Store.')).toBeTruthy();
    expect(within(modal).getByRole('button', { name: 'Continue Existing Order Session' })).toBeTruthy();
    fireEvent.click(within(modal).getByRole('button', { name: 'Start New Order Session' }));
    await screen.findByRole('dialog', { name: 'Ordering from The Tap Room' });
    expect(store.getState().order).toMatchObject({ vendorId: 2, userOrder: {} });
  });

  it("'Continue Existing Order Session' keeps the basket and its store", async () => {
    serve();
    const { store, location } = renderApp('/order-flow/place-order?vendorId=2', savedOrder({ Fries: 1 }));
    const modal = await screen.findByRole('dialog', { name: 'Existing Order Session' });
    fireEvent.click(within(modal).getByRole('button', { name: 'Continue Existing Order Session' }));
    await screen.findByRole('heading', { level: 1, name: 'Grill & Bun' });
    expect(location()).toBe('/order-flow/place-order');
    expect(store.getState().order.vendorId).toBe(1);
    expect(counter('Fries')).toBe('1');
  });
});

describe('order session expiry (spec §4)', () => {
  it("after the configured time shows 'Order Session Expired'; 'Start Again' empties the order and goes home", async () => {
    env.current = { VITE_ORDER_SESSION_EXPIRY_MS: '60000' };
    vi.useFakeTimers({ shouldAdvanceTime: true });
    serve();
    const { store, location } = renderApp('/order-flow/place-order', savedOrder({ Fries: 1 }));
    await screen.findByRole('heading', { level: 1, name: 'Grill & Bun' });
    await act(async () => void (await vi.advanceTimersByTimeAsync(30_000)));
    expect(screen.queryByRole('dialog', { name: 'Order Session Expired' })).toBeNull();
    await act(async () => void (await vi.advanceTimersByTimeAsync(31_000)));
    const modal = screen.getByRole('dialog', { name: 'Order Session Expired' });
    expect(within(modal).getByText('Your current order session expired. Please start again.')).toBeTruthy();
    fireEvent.click(within(modal).getByRole('button', { name: 'Start Again' }));
    await waitFor(() => expect(location()).toBe('/start'));
    expect(store.getState().order.userOrder).toEqual({});
    expect(store.getState().order.orderSessionStartTime).toBeNull();
  });

  it('does not expire once the order is paid', async () => {
    env.current = { VITE_ORDER_SESSION_EXPIRY_MS: '1000' };
    vi.useFakeTimers({ shouldAdvanceTime: true });
    serve();
    const state = savedOrder({ Fries: 1 });
    renderApp('/order-flow/place-order', {
      ...state,
      consumer: { ...state.consumer, id: 'c-1', hmacKey: 'secret' },
      placedOrder: { ...state.placedOrder, id: 42, vendorId: 1, orderStatus: 'Paid' },
    });
    // a paid order is tracked on wait-order (spec §2 route guards by status)
    await screen.findByRole('heading', { level: 1, name: 'Wait and keep checking screen' });
    await act(async () => void (await vi.advanceTimersByTimeAsync(5000)));
    expect(screen.queryByRole('dialog', { name: 'Order Session Expired' })).toBeNull();
  });
});
