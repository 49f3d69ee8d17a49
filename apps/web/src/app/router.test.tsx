// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeFetch, makeMenu, makeVendor, money } from '../test/fixtures';
import { renderApp, stateWith } from '../test/render-app';
import { orderSlice } from '../features/order/store/order-slice';
import { setNetworkListener } from '../lib/api-client';

beforeEach(() => {
  vi.stubGlobal('fetch', vi.fn(fakeFetch({ '/time': { now: '', epochMs: 0 }, '/venue/0/vendors': [makeVendor()] })));
  vi.stubGlobal('scrollTo', vi.fn());
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  setNetworkListener(null);
});

describe('redirects (spec §2)', () => {
  it.each([
    ['/', '/start'],
    ['/?vendorId=2', '/start?vendorId=2'],
    ['/foo?x=1', '/start?x=1'],
    ['/some/deeper/path?x=1&y=two', '/start?x=1&y=two'],
  ])('%s goes home keeping the query string: %s', async (from, to) => {
    const { location } = renderApp(from);
    await waitFor(() => expect(location()).toBe(to));
    await screen.findByRole('heading', { name: 'Harbourside Stadium' });
  });

  it.each(['/order-flow/nope?x=1', '/order-flow', '/order-flow/payment/extra'])(
    'unknown order-flow path %s goes home',
    async (from) => {
      const { location } = renderApp(from);
      await waitFor(() => expect(location()).toBe('/start'));
    },
  );
});

/** A saved order at vendor 1 with one item: the protected routes let it in. */
const orderInProgress = () =>
  stateWith((state) => {
    state.order.vendorId = 1;
    state.order.vendorConfirmed = true;
    state.order.userOrder = {
      Fries: {
        '': {
          id: 12,
          name: 'Fries',
          count: 1,
          price: money(700),
          itemType: 'Sides',
          burden: 1,
          isRestricted: false,
          modifiers: [],
        },
      },
    };
    state.order.orderBurden = 1;
  });

describe('order-flow screens', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        fakeFetch({
          '/time': { now: '', epochMs: 0 },
          '/venue/0/vendors': [makeVendor()],
          '/vendor/1/current-menu': makeMenu(),
          '/vendor/1/calculate-order-payment': { paymentSummary: { items: [], subTotals: [], total: money(0) } },
        }),
      ),
    );
  });

  it.each([
    ['/order-flow/delivery', 'Home delivery', 'Order'],
    ['/order-flow/discover-vendor', 'Select Your Option Below', 'Order'],
    ['/order-flow/place-order', 'Grill & Bun', 'Order'],
    ['/order-flow/confirm-order', 'Please Check Your Order', 'Order'],
  ])('%s shows its heading and the step header with the right current step', async (path, heading, current) => {
    const { location } = renderApp(path, orderInProgress());
    await screen.findByRole('heading', { level: 1, name: heading });
    expect(location()).toBe(path);
    const steps = screen.getByRole('navigation', { name: 'Order progress' });
    const items = within(steps)
      .getAllByRole('listitem')
      .map((item) => item.textContent ?? '');
    expect(items).toHaveLength(4);
    ['Order', 'Pay', 'Track', 'Collect'].forEach((label, index) => expect(items[index]).toContain(label));
    const marked = steps.querySelectorAll('[aria-current="step"]');
    expect(marked).toHaveLength(1);
    expect(marked[0]?.textContent).toContain(current);
  });

  it("labels the last step 'Deliver' for home delivery", async () => {
    const { store } = renderApp('/order-flow/discover-vendor');
    act(() => void store.dispatch(orderSlice.actions.serviceModeSelected('HomeDelivery')));
    const steps = await screen.findByRole('navigation', { name: 'Order progress' });
    await waitFor(() => expect(within(steps).getAllByRole('listitem').at(-1)?.textContent).toContain('Deliver'));
    expect(steps.textContent).not.toContain('Collect');
  });

  it('scrolls to top on every location change', async () => {
    const { router } = renderApp('/order-flow/place-order', orderInProgress());
    await screen.findByRole('heading', { level: 1, name: 'Grill & Bun' });
    const scrollTo = vi.mocked(window.scrollTo);
    const before = scrollTo.mock.calls.length;
    await act(() => router.navigate('/order-flow/confirm-order'));
    await screen.findByRole('heading', { name: 'Please Check Your Order' });
    expect(scrollTo.mock.calls.length).toBeGreaterThan(before);
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
  });
});

describe('network check', () => {
  it("calls GET /v1/time at start and opens 'Connection troubles!' when it gets no answer; Ok closes it", async () => {
    const fetchMock = vi.fn(async () => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', fetchMock);
    renderApp('/order-flow/place-order');
    const dialog = await screen.findByRole('dialog', { name: 'Connection troubles!' });
    // The check runs in a task of its own once the screen has painted.
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/v1/time', expect.anything()));
    expect(within(dialog).getByText('Having trouble connecting to Harbourside Stadium.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ok' }));
    expect(screen.queryByRole('dialog', { name: 'Connection troubles!' })).toBeNull();
  });

  it('re-checks every 5 s while failed and a success closes the modal', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let online = false;
    const answer = fakeFetch({ '/time': { now: '', epochMs: 0 } });
    const fetchMock = vi.fn(async (input: RequestInfo | URL) =>
      online ? answer(input) : Promise.reject(new TypeError('Failed to fetch')),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { store } = renderApp('/order-flow/place-order');
    await screen.findByRole('dialog', { name: 'Connection troubles!' });
    const timeCalls = () => fetchMock.mock.calls.filter(([url]) => String(url) === '/v1/time').length;
    await waitFor(() => expect(timeCalls()).toBe(1));
    const first = timeCalls();

    await act(async () => void (await vi.advanceTimersByTimeAsync(5000)));
    expect(timeCalls()).toBe(first + 1);
    expect(store.getState().network.status).toBe('failed');

    online = true;
    await act(async () => void (await vi.advanceTimersByTimeAsync(5000)));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Connection troubles!' })).toBeNull());
    expect(store.getState().network.status).toBe('success');

    // no more checks once the network is back
    const after = timeCalls();
    await act(async () => void (await vi.advanceTimersByTimeAsync(15_000)));
    expect(timeCalls()).toBe(after);
  });
});
