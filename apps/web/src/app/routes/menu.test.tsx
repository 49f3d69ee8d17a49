// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { makeMenu } from '../../test/fixtures';
import { burgers, confirmButton, counter, plus, freshEachTest, row, savedOrder, serve } from '../../test/menu-screen';
import { buildEnv } from '../../test/build-settings';
import { renderApp, stateWith } from '../../test/render-app';
import { toSelectedVendor } from '../../features/vendors/store/venue-slice';

// The build settings are fixed per build; each test picks the build it stands for.
vi.mock('../../config/settings', async () => (await import('../../test/build-settings')).settingsModule);

freshEachTest();

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
    buildEnv.current = { VITE_MULTI_VENDOR: 'false', VITE_VENDOR_ID: '1' };
    const single = renderApp('/order-flow/place-order?vendorId=2');
    await waitFor(() => expect(single.location()).toBe('/start'));
  });

  it("a single-vendor build asks to confirm its store with 'Confirm Store' only: there is no other store to choose", async () => {
    buildEnv.current = { VITE_MULTI_VENDOR: 'false', VITE_VENDOR_ID: '1' };
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
    // the modal closes in React's next commit, which a busy machine may not have made yet
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(store.getState().order).toMatchObject({ vendorId: 1, vendorConfirmed: true });
  });
});
