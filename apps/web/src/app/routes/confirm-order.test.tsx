// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { buildEnv } from '../../test/build-settings';
import { freshEachTest } from '../../test/fresh-each-test';
import { saved, serve } from '../../test/confirm-order-screen';
import { renderApp } from '../../test/render-app';
import { expectSummaryAddsUp } from '../../test/summary-invariant';

// The build settings are fixed per build; each test picks the build it stands for.
vi.mock('../../config/settings', async () => (await import('../../test/build-settings')).settingsModule);

freshEachTest();

describe('confirm-order (spec §2 Confirm order)', () => {
  it('asks the server for the price with the order lines of spec §7 and shows its table and totals', async () => {
    const fetchMock = serve();
    renderApp('/order-flow/confirm-order', saved());
    await screen.findByRole('heading', { level: 1, name: 'Please Check Your Order' });
    const table = await screen.findByRole('table');

    const call = fetchMock.mock.calls.find(([url]) => String(url) === '/v1/vendor/1/calculate-order-payment')!;
    expect(call[1]?.method).toBe('POST');
    expect(JSON.parse(String(call[1]?.body))).toEqual({
      orderItems: [
        {
          name: 'Burger',
          itemType: 'Burgers',
          menuItemId: 11,
          quantity: 1,
          modifiers: [{ quantity: 1, modifierId: 102, name: 'Side salad' }],
        },
        { name: 'Fries', itemType: 'Sides', menuItemId: 12, quantity: 2, modifiers: [] },
      ],
      vendorId: 1,
      orderOrigin: 'MOBILE_WEB',
      serviceMode: 'TakeAway',
      menuId: 10,
    });

    const rows = within(table)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual(['ItemQtyPrice', 'Burger1$16.50', '+ Side salad1$1.50', 'Fries2$14.00']);
    const totals = screen.getByText('Grand Total').closest('dl')!;
    expect(totals.textContent).toBe('Subtotal $32.00Service fee $0.50Grand Total $32.50');
    expectSummaryAddsUp(totals);
    const proceed = screen.getByRole('button', { name: 'Proceed to Pay' }) as HTMLButtonElement;
    expect(proceed.disabled).toBe(false);
  });

  it("'Proceed to Pay' goes to confirm-contact; 'Add or remove items' back to place-order", async () => {
    serve();
    const { location, router } = renderApp('/order-flow/confirm-order', saved());
    const proceed = (await screen.findByRole('button', { name: 'Proceed to Pay' })) as HTMLButtonElement;
    await waitFor(() => expect(proceed.disabled).toBe(false));
    fireEvent.click(proceed);
    await waitFor(() => expect(location()).toBe('/order-flow/confirm-contact'));
    await router.navigate('/order-flow/confirm-order');
    fireEvent.click(await screen.findByRole('button', { name: 'Add or remove items' }));
    await waitFor(() => expect(location()).toBe('/order-flow/place-order'));
  });

  it("shows the server's message when it refuses the order, and 'Proceed to Pay' stays disabled", async () => {
    serve(() =>
      Response.json({ statusCode: 409, error: 'Conflict', message: "We've sold out of Fries." }, { status: 409 }),
    );
    renderApp('/order-flow/confirm-order', saved());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("We've sold out of Fries.");
    expect((screen.getByRole('button', { name: 'Proceed to Pay' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('button', { name: 'Add or remove items' })).toBeTruthy();
  });

  it('shows the dietary note with the store phone and the special order note when the build turns them on', async () => {
    buildEnv.current = { VITE_DIETARY_NOTE: 'true', VITE_SPECIAL_ORDER_NOTE: 'true' };
    const fetchMock = serve();
    const { store } = renderApp('/order-flow/confirm-order', saved());
    await screen.findByRole('table');
    expect(screen.getByRole('link', { name: '(02) 9000 2345' }).getAttribute('href')).toBe('tel:0290002345');
    fireEvent.change(screen.getByLabelText('Special order note'), { target: { value: 'No onions please' } });
    expect(store.getState().order.orderNote).toBe('No onions please');
    // typing a note does not ask for a new price
    expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/calculate-order-payment'))).toHaveLength(1);
  });

  it('shows neither note by default', async () => {
    serve();
    renderApp('/order-flow/confirm-order', saved());
    await screen.findByRole('table');
    expect(screen.queryByLabelText('Special order note')).toBeNull();
    expect(screen.queryByRole('link', { name: '(02) 9000 2345' })).toBeNull();
  });
});
