// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { placedOrder, trackingState } from '../../features/tracking/test/tracking-fixtures';
import { ALERT, deliveryOrder, freshEachTest, serve } from '../../features/tracking/test/tracking-screens';
import { renderApp } from '../../test/render-app';
import { expectSummaryAddsUp } from '../../test/summary-invariant';

freshEachTest({ fakeClock: false });

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
    renderApp(ALERT, trackingState({ orderStatus: 'Alerted', positionInQueue: null }, deliveryOrder));
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
});
