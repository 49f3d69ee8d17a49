// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setNetworkListener } from '../../lib/api-client';
import { resetAlertedOnce } from '../../features/tracking/lib/alerted-once';
import { placedOrder, trackingFetch, trackingState } from '../../features/tracking/test/tracking-fixtures';
import { renderApp } from '../../test/render-app';
import { expectSummaryAddsUp } from '../../test/summary-invariant';

const ALERT = '/order-flow/alert-order';

function serve(...answers: Parameters<typeof trackingFetch>[0]) {
  const server = trackingFetch(answers);
  vi.stubGlobal('fetch', vi.fn(server.fetchMock));
  return server;
}

const delivery = {
  order: {
    vendorId: 1,
    orderConfiguration: { defaultOrderServiceMode: 'HomeDelivery', selectedServiceMode: 'HomeDelivery' },
    deliveryAddress: {
      streetAddress: '1 Harbour St',
      addressLocality: 'Sydney',
      postalCode: '2000',
      addressRegion: 'NSW',
      addressCountry: 'AU',
      addressDescription: '',
      location: { latitude: -33.86, longitude: 151.2 },
    },
  },
};

beforeEach(() => {
  vi.stubGlobal('scrollTo', vi.fn());
  resetAlertedOnce();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setNetworkListener(null);
});

describe('alert order screen (spec §2 step 3)', () => {
  it('gives collect instructions, the order number, the vendor and a read-only summary', async () => {
    serve(placedOrder({ orderStatus: 'Alerted', positionInQueue: null }));
    renderApp(ALERT, trackingState({ orderStatus: 'Alerted', positionInQueue: null }));
    await screen.findByRole('heading', { level: 1, name: 'Collect your order' });
    expect(screen.getByText('Show this order number at Grill & Bun to collect your order.')).toBeTruthy();
    expect(screen.getByTestId('claim-ticket').textContent).toBe('A12');
    expect(screen.getByText('Level 1, Gate B')).toBeTruthy();
    // the summary comes from the server's read of the order
    const summary = await screen.findByRole('region', { name: 'Your order' });
    expect(within(summary).getByRole('rowheader', { name: 'Cheeseburger' })).toBeTruthy();
    expect(within(summary).getByText('Extra cheese')).toBeTruthy();
    expect(within(summary).getByText('Card surcharge')).toBeTruthy();
    expect(within(summary).getByText('$27.41')).toBeTruthy();
    // the server names the charge among its items and its subTotals: it is one line, and they add up
    const lines = expectSummaryAddsUp(within(summary).getByText('Grand Total').closest('dl')!);
    expect([...lines.keys()]).toEqual(['Subtotal', 'Card surcharge']);
    expect(within(summary).queryByRole('button')).toBeNull();
    expect(
      screen.getByRole('navigation', { name: 'Order progress' }).querySelector('[aria-current="step"]')?.textContent,
    ).toContain('Collect');
  });

  it("gives delivery instructions (\"We're on our way\", 'Deliver') for home delivery", async () => {
    serve(placedOrder({ orderStatus: 'Alerted', serviceMode: 'HomeDelivery' }));
    renderApp(ALERT, trackingState({ orderStatus: 'Alerted', positionInQueue: null }, delivery));
    await screen.findByRole('heading', { level: 1, name: "We're on our way" });
    expect(screen.getByText(/will deliver your order to 1 Harbour St, Sydney NSW 2000/)).toBeTruthy();
    expect(
      screen.getByRole('navigation', { name: 'Order progress' }).querySelector('[aria-current="step"]')?.textContent,
    ).toContain('Deliver');
  });

  it("'Start new order' resets the order state and goes to /start", async () => {
    serve(placedOrder({ orderStatus: 'Serviced' }));
    const { store, location } = renderApp(
      ALERT,
      trackingState(
        { orderStatus: 'Serviced', positionInQueue: null },
        {
          order: { vendorId: 1, lastOrder: { vendorId: 1, userOrder: {} } },
        },
      ),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Start new order' }));
    await waitFor(() => expect(location()).toBe('/start'));
    expect(store.getState().placedOrder.orderStatus).toBeNull();
    expect(store.getState().placedOrder.id).toBeNull();
    expect(store.getState().order.vendorId).toBeNull();
    // the last order stays for 'Reorder'
    expect(store.getState().order.lastOrder).toEqual({ vendorId: 1, userOrder: {} });
  });

  it.each(['VendorSupportRequired', 'Cancelled'] as const)(
    "opens the modal 'We need to discuss your order with you at the shop' for %s; 'Get Help' gives the shop",
    async (orderStatus) => {
      serve(placedOrder({ orderStatus }));
      renderApp(ALERT, trackingState({ orderStatus, positionInQueue: null }));
      // Spec §4: the modal says it, with a 'Get Help' button.
      const discuss = await screen.findByRole('dialog', { name: 'We need to discuss your order with you at the shop' });
      expect(within(discuss).getByText('Please come to Grill & Bun and show your order number A12.')).toBeTruthy();
      expect(screen.queryByRole('heading', { name: 'Collect your order' })).toBeNull();
      fireEvent.click(within(discuss).getByRole('button', { name: 'Get Help' }));
      const dialog = screen.getByRole('dialog', { name: 'Get Help' });
      expect(screen.queryByRole('dialog', { name: 'We need to discuss your order with you at the shop' })).toBeNull();
      expect(within(dialog).getByRole('link', { name: '02 9000 0000' }).getAttribute('href')).toBe('tel:0290000000');
      expect(within(dialog).getByText('Level 1, Gate B')).toBeTruthy();
      expect(within(dialog).getByText('A12')).toBeTruthy();
      fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
      expect(screen.queryByRole('dialog')).toBeNull();
      // Closed, the screen still says it and keeps 'Get Help'.
      expect(
        screen.getByRole('heading', { level: 1, name: 'We need to discuss your order with you at the shop' }),
      ).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Get Help' }));
      expect(screen.getByRole('dialog', { name: 'Get Help' })).toBeTruthy();
    },
  );

  it("closes the discuss modal with Escape, leaving the screen's 'Get Help'", async () => {
    serve(placedOrder({ orderStatus: 'VendorSupportRequired' }));
    renderApp(ALERT, trackingState({ orderStatus: 'VendorSupportRequired', positionInQueue: null }));
    const discuss = await screen.findByRole('dialog', { name: 'We need to discuss your order with you at the shop' });
    // behind the modal the screen offers no second 'Get Help'
    expect(screen.getAllByRole('button', { name: 'Get Help' })).toEqual([
      within(discuss).getByRole('button', { name: 'Get Help' }),
    ]);
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'Get Help' })).toBeTruthy();
  });

  it('opens the discuss modal when a fresh read finds the vendor needs the customer', async () => {
    serve(placedOrder({ orderStatus: 'VendorSupportRequired' }));
    renderApp(ALERT, trackingState({ orderStatus: 'Alerted', positionInQueue: null }));
    await screen.findByRole('dialog', { name: 'We need to discuss your order with you at the shop' });
  });

  it('goes to the consumer-details route without the consumer, letting the unreadable order go', async () => {
    serve(placedOrder({ orderStatus: 'Alerted' }));
    const { location, store } = renderApp(
      ALERT,
      trackingState({ orderStatus: 'Alerted', positionInQueue: null }, { consumer: { id: null, hmacKey: null } }),
    );
    await waitFor(() => expect(location()).toBe('/order-flow/confirm-contact'));
    expect(store.getState().placedOrder.orderStatus).toBeNull();
  });

  it('sends the alerted call when the customer arrives with the order PendingAlerted', async () => {
    const server = serve(placedOrder({ orderStatus: 'Alerted' }));
    renderApp(ALERT, trackingState({ orderStatus: 'PendingAlerted', positionInQueue: null }));
    await screen.findByRole('heading', { level: 1, name: 'Collect your order' });
    await waitFor(() => expect(server.calls.filter((c) => c.path === '/vendor/1/order/42/alerted')).toHaveLength(1));
  });

  it('sends an active order back to wait-order', async () => {
    serve(placedOrder());
    const { location } = renderApp(ALERT, trackingState());
    await waitFor(() => expect(location()).toBe('/order-flow/wait-order'));
  });

  it('sends a route without an order status to the start screen', async () => {
    serve(placedOrder());
    const { location } = renderApp(ALERT, trackingState(null));
    await waitFor(() => expect(location()).toBe('/start'));
  });

  it('shows a map instead of the location image when a maps key is built in', async () => {
    vi.resetModules();
    vi.doMock('../../config/settings', async () => {
      const { parseSettings } = await import('../../config/settings-schema');
      return { settings: parseSettings({ VITE_MAPS_KEY: 'test-key' }) };
    });
    const { renderApp: renderWithKey } = await import('../../test/render-app');
    const fixtures = await import('../../features/tracking/test/tracking-fixtures');
    const server = fixtures.trackingFetch([fixtures.placedOrder({ orderStatus: 'Alerted' })]);
    vi.stubGlobal('fetch', vi.fn(server.fetchMock));
    renderWithKey(ALERT, fixtures.trackingState({ orderStatus: 'Alerted', positionInQueue: null }));
    const map = await screen.findByRole('img', { name: 'Map showing Grill & Bun' });
    expect(map.getAttribute('src')).toContain('key=test-key');
    expect(map.getAttribute('src')).toContain('center=-33.85%2C151.2');
    vi.doUnmock('../../config/settings');
  });
});
