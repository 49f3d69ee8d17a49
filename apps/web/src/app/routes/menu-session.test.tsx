// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { counter, freshEachTest, savedOrder, serve } from '../../test/menu-screen';
import { buildEnv } from '../../test/build-settings';
import { renderApp } from '../../test/render-app';

// The build settings are fixed per build; each test picks the build it stands for.
vi.mock('../../config/settings', async () => (await import('../../test/build-settings')).settingsModule);

freshEachTest();

describe('menu, /order-flow/place-order: a basket of another store (spec §4)', () => {
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
    buildEnv.current = { VITE_ORDER_SESSION_EXPIRY_MS: '60000' };
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
    buildEnv.current = { VITE_ORDER_SESSION_EXPIRY_MS: '1000' };
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
