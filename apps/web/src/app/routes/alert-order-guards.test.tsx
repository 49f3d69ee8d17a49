// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { placedOrder, trackingState } from '../../features/tracking/test/tracking-fixtures';
import { ALERT, freshEachTest, serve } from '../../features/tracking/test/tracking-screens';
import { renderApp } from '../../test/render-app';

freshEachTest({ fakeClock: false });
// The first test loads the alert-order route and its stream code: on a slow, busy machine (a second
// CI pass) that alone took longer than Vitest's default 5 s.
vi.setConfig({ testTimeout: 20_000 });

describe('alert order screen (spec §2 step 3): help, guards and the map', () => {
  it("closes the discuss modal with Escape, leaving the screen's 'Get Help'", async () => {
    const server = serve(placedOrder({ orderStatus: 'VendorSupportRequired' }));
    renderApp(ALERT, trackingState({ orderStatus: 'VendorSupportRequired', positionInQueue: null }));
    // The screen's first read of the order answered (on a busy machine it may come after the modal).
    await waitFor(() => expect(server.orderReads().length).toBeGreaterThan(0));
    const discuss = await screen.findByRole('dialog', { name: 'We need to discuss your order with you at the shop' });
    // behind the modal the screen offers no second 'Get Help'
    expect(screen.getAllByRole('button', { name: 'Get Help' })).toEqual([
      within(discuss).getByRole('button', { name: 'Get Help' }),
    ]);
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 5_000 });
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
