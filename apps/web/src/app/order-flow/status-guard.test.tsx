// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { ACTIVE_ORDER_STATUSES, FINISHED_ORDER_STATUSES } from '@venue/domain/order-status';
import { setNetworkListener } from '../../lib/api-client';
import { placedOrder, trackingFetch, trackingState } from '../../features/tracking/test/tracking-fixtures';
import { renderApp } from '../../test/render-app';
import { orderStatusRedirect } from './status-guard';

const WAIT = '/order-flow/wait-order';
const ALERT = '/order-flow/alert-order';
/** Every screen that does not track the order itself. */
const OTHER_ROUTES = [
  '/start',
  '/order-flow/delivery',
  '/order-flow/discover-vendor',
  '/order-flow/place-order',
  '/order-flow/confirm-order',
  '/order-flow/confirm-contact',
  '/order-flow/payment',
];

describe('route guards by order status (spec §2)', () => {
  it.each(ACTIVE_ORDER_STATUSES)('with %s every route but wait-order goes to wait-order', (status) => {
    for (const path of [...OTHER_ROUTES, ALERT]) expect(orderStatusRedirect(path, status), path).toBe(WAIT);
    expect(orderStatusRedirect(WAIT, status)).toBeNull();
    expect(orderStatusRedirect(`${WAIT}/`, status)).toBeNull();
  });

  it.each(FINISHED_ORDER_STATUSES)('with %s the other routes go to alert-order; the tracking routes stay', (status) => {
    for (const path of OTHER_ROUTES) expect(orderStatusRedirect(path, status), path).toBe(ALERT);
    expect(orderStatusRedirect(ALERT, status)).toBeNull();
    // wait-order notices the ready order (alerted call, pick-up modal) and moves on by itself (spec §4)
    expect(orderStatusRedirect(WAIT, status)).toBeNull();
  });

  it.each([null, 'Pending'])('with status %s nothing is redirected', (status) => {
    for (const path of [...OTHER_ROUTES, WAIT, ALERT]) expect(orderStatusRedirect(path, status)).toBeNull();
  });
});

describe('the status guard in the app', () => {
  beforeEach(() => vi.stubGlobal('scrollTo', vi.fn()));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    setNetworkListener(null);
  });

  it.each(OTHER_ROUTES)('%s with a Waiting order opens wait-order', async (path) => {
    vi.stubGlobal('fetch', vi.fn(trackingFetch([placedOrder()]).fetchMock));
    const { location } = renderApp(path, trackingState());
    await waitFor(() => expect(location()).toBe(WAIT));
    await screen.findByRole('heading', { level: 1, name: 'Wait and keep checking screen' });
  });

  it.each(OTHER_ROUTES)('%s with a Serviced order opens alert-order', async (path) => {
    const serviced = { orderStatus: 'Serviced' as const, positionInQueue: null };
    vi.stubGlobal('fetch', vi.fn(trackingFetch([placedOrder(serviced)]).fetchMock));
    const { location } = renderApp(path, trackingState(serviced));
    await waitFor(() => expect(location()).toBe(ALERT));
    await screen.findByRole('heading', { level: 1, name: 'Collect your order' });
  });

  it('drops the query string on the way (the vendorId query is not carried forward)', async () => {
    vi.stubGlobal('fetch', vi.fn(trackingFetch([placedOrder()]).fetchMock));
    const { location } = renderApp('/order-flow/place-order?vendorId=2', trackingState());
    await waitFor(() => expect(location()).toBe(WAIT));
  });
});
