// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { buildEnv } from '../../test/build-settings';
import { freshEachTest } from '../../test/fresh-each-test';
import { SLOTS, burgers, fakePrice, serve } from '../../test/start-screen';
import { makeMenu } from '../../test/fixtures';
import { renderApp, stateWith } from '../../test/render-app';

// The build settings are fixed per build; each test picks the build it stands for.
vi.mock('../../config/settings', async () => (await import('../../test/build-settings')).settingsModule);

freshEachTest();

describe('start screen, single-vendor build', () => {
  it("offers only 'Order & Collect' for a take-away vendor", async () => {
    buildEnv.current = { VITE_MULTI_VENDOR: 'false', VITE_VENDOR_ID: '2' };
    serve();
    renderApp('/start');
    await screen.findByRole('button', { name: 'Order & Collect' });
    expect(screen.getByText('Ordering from Grill & Bun')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Order Home Delivery' })).toBeNull();
  });

  it('ASAP selects the vendor, take-away and no time, then goes to place-order', async () => {
    buildEnv.current = { VITE_MULTI_VENDOR: 'false', VITE_VENDOR_ID: '2' };
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
    buildEnv.current = { VITE_MULTI_VENDOR: 'false', VITE_VENDOR_ID: '3' };
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
    buildEnv.current = { VITE_MULTI_VENDOR: 'false', VITE_VENDOR_ID: '2' };
    serve();
    const { location } = renderApp('/start');
    fireEvent.click(await screen.findByRole('button', { name: 'Order & Collect' }));
    const modal = await screen.findByRole('dialog', { name: 'Select preferred pickup time' });
    fireEvent.click(within(modal).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(location()).toBe('/start');
  });

  it("shows 'No waiting' for a vendor serving within a minute", async () => {
    buildEnv.current = { VITE_MULTI_VENDOR: 'false', VITE_VENDOR_ID: '2' };
    serve([{ ...burgers, tts: 60_000 }]);
    renderApp('/start');
    await screen.findByText('No waiting');
  });

  it("offers 'Reorder' for the last order; it rebuilds the basket from the current menu and opens place-order", async () => {
    buildEnv.current = { VITE_MULTI_VENDOR: 'false', VITE_VENDOR_ID: '2' };
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
    buildEnv.current = { VITE_MULTI_VENDOR: 'false', VITE_VENDOR_ID: '2' };
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
