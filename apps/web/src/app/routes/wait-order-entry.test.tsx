// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { placedOrder, trackingState } from '../../features/tracking/test/tracking-fixtures';
import { WAIT, elapse, freshEachTest, serve } from '../../features/tracking/test/tracking-screens';
import { renderApp } from '../../test/render-app';

freshEachTest();

describe('wait order screen (spec §2 step 2): what it waits for', () => {
  it('shows the scheduled time of a Scheduled order in the venue time zone', async () => {
    const scheduled = {
      orderStatus: 'Scheduled' as const,
      positionInQueue: null,
      requestedServiceTime: '2026-11-22T07:15:00.000Z',
    };
    serve(placedOrder(scheduled));
    renderApp(WAIT, trackingState(scheduled));
    // 07:15 UTC is 6:15 PM in Sydney (daylight time, UTC+11)
    expect((await screen.findByText(/Scheduled for/)).textContent).toBe('Scheduled for 6:15 PM');
  });

  it('shows the loader while Waiting without a queue position', async () => {
    serve(placedOrder({ positionInQueue: null }));
    renderApp(WAIT, trackingState({ positionInQueue: null }));
    expect(await screen.findByText('Loading your order…')).toBeTruthy();
    await elapse(5000);
    expect(screen.queryByTestId('queue-position')).toBeNull();
  });

  it('shows the loader while the vendor is unknown, then the screen once the vendor list arrives', async () => {
    const server = serve(placedOrder());
    renderApp(
      WAIT,
      trackingState(
        {},
        {
          venue: {
            venues: { data: [], fetchStatus: null, error: null },
            vendors: { data: [], fetchStatus: null, error: null },
            selectedVendor: null,
          },
        },
      ),
    );
    expect(await screen.findByText('Loading your order…')).toBeTruthy();
    await screen.findByTestId('queue-position');
    expect(server.calls.some((c) => c.path === '/venue/0/vendors')).toBe(true);
  });

  it('goes to the start screen when the order has no status', async () => {
    serve(placedOrder());
    const { location } = renderApp(
      WAIT,
      trackingState(null, {
        venue: {
          selectedVendor: {
            id: 1,
            venueId: 0,
            storeName: 'Grill & Bun',
            phoneNumber: '',
            location: '',
            displayAssets: { thumbnailAssetId: null, locationImageAssetId: null },
          },
        },
      }),
    );
    await waitFor(() => expect(location()).toBe('/start'));
  });

  it('goes to the consumer-details route without the consumer, and reads no order', async () => {
    const server = serve(placedOrder());
    const { location, store } = renderApp(WAIT, trackingState({}, { consumer: { id: null, hmacKey: null } }));
    await waitFor(() => expect(location()).toBe('/order-flow/confirm-contact'));
    // the order cannot be read without its consumer's key: it is let go, so nothing sends it back here
    expect(store.getState().placedOrder.orderStatus).toBeNull();
    expect(server.orderReads()).toHaveLength(0);
  });
});
