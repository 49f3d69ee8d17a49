// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { placedOrder, trackingState, VENDOR } from '../../features/tracking/test/tracking-fixtures';
import { ALERT, WAIT, freshEachTest, serve } from '../../features/tracking/test/tracking-screens';
import { renderApp } from '../../test/render-app';

freshEachTest({ fakeClock: false });

const DISCUSS = 'We need to discuss your order with you at the shop';
const CARD_REFUND = { amountMinor: 2741, method: 'card', cardLastFour: '4242', couponCode: null } as const;
const CARD_LINE = 'Your payment of $27.41 to card ending 4242 has been refunded.';

describe('a cancelled paid order says it was refunded (issue 23)', () => {
  it("adds the refund line to 'Temporary problem!' on the wait screen", async () => {
    serve(placedOrder({ orderStatus: 'Cancelled', positionInQueue: null, refund: CARD_REFUND }));
    renderApp(WAIT, trackingState());
    const dialog = await screen.findByRole('dialog', { name: 'Temporary problem!' });
    // The spec's text stays; the line is added.
    expect(within(dialog).getByText(/could not complete your order\. Please see the staff at the shop/)).toBeTruthy();
    await waitFor(() => expect(within(dialog).getByTestId('refund-line').textContent).toBe(CARD_LINE));
  });

  it('says it in the modal and on the alert-order screen', async () => {
    serve(placedOrder({ orderStatus: 'Cancelled', positionInQueue: null, refund: CARD_REFUND }));
    renderApp(ALERT, trackingState({ orderStatus: 'Cancelled', positionInQueue: null }));
    const discuss = await screen.findByRole('dialog', { name: DISCUSS });
    // The order read on entry brings the refund; the amount is the order's Grand Total.
    await waitFor(() => expect(within(discuss).getByTestId('refund-line').textContent).toBe(CARD_LINE));
    fireEvent.click(within(discuss).getByRole('button', { name: 'Get Help' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Get Help' })).getByRole('button', { name: 'Close' }));
    const section = screen.getByRole('heading', { level: 1, name: DISCUSS }).closest('section')!;
    expect(within(section).getByTestId('refund-line').textContent).toBe(CARD_LINE);
    expect(within(screen.getByRole('region', { name: 'Your order' })).getByText('$27.41')).toBeTruthy();
  });

  it('starts a new order from the modal: back at /start with nothing of the cancelled order', async () => {
    serve(placedOrder({ orderStatus: 'Cancelled', positionInQueue: null, refund: CARD_REFUND }));
    const { location, store } = renderApp(ALERT, trackingState({ orderStatus: 'Cancelled', positionInQueue: null }));
    const discuss = await screen.findByRole('dialog', { name: DISCUSS });
    fireEvent.click(within(discuss).getByRole('button', { name: 'Start new order' }));
    await waitFor(() => expect(location()).toBe('/start'));
    expect(store.getState().placedOrder.id).toBeNull();
  });

  it('names the coupon that paid, and says nothing of a refund before one went through', async () => {
    serve(
      placedOrder({
        orderStatus: 'Cancelled',
        positionInQueue: null,
        refund: { amountMinor: 2741, method: 'coupon', cardLastFour: null, couponCode: 'FREEMEAL' },
      }),
    );
    renderApp(ALERT, trackingState({ orderStatus: 'Cancelled', positionInQueue: null }));
    const discuss = await screen.findByRole('dialog', { name: DISCUSS });
    await waitFor(() =>
      expect(within(discuss).getByTestId('refund-line').textContent).toBe(
        'Your order of $27.41 paid with coupon FREEMEAL has been refunded.',
      ),
    );
  });

  it('keeps the refund line off an order the vendor only needs to talk about', async () => {
    serve(placedOrder({ orderStatus: 'VendorSupportRequired', positionInQueue: null }));
    renderApp(ALERT, trackingState({ orderStatus: 'VendorSupportRequired', positionInQueue: null }));
    const discuss = await screen.findByRole('dialog', { name: DISCUSS });
    expect(within(discuss).queryByTestId('refund-line')).toBeNull();
    expect(within(discuss).queryByRole('button', { name: 'Start new order' })).toBeNull();
  });
});

describe("'Get Help' for a store without a phone number (issue 23)", () => {
  it("leaves out 'or call them' and the phone", async () => {
    const noPhone = { ...VENDOR, phoneNumber: '' };
    serve(placedOrder({ orderStatus: 'VendorSupportRequired', positionInQueue: null }));
    renderApp(
      ALERT,
      trackingState(
        { orderStatus: 'VendorSupportRequired', positionInQueue: null },
        {
          venue: {
            venues: { data: [], fetchStatus: null, error: null },
            vendors: { data: [noPhone], fetchStatus: 'success', error: null },
            selectedVendor: null,
          },
        },
      ),
    );
    const discuss = await screen.findByRole('dialog', { name: DISCUSS });
    fireEvent.click(within(discuss).getByRole('button', { name: 'Get Help' }));
    const help = screen.getByRole('dialog', { name: 'Get Help' });
    expect(within(help).getByText('Please talk to the staff at Grill & Bun.')).toBeTruthy();
    expect(within(help).queryByText(/call/)).toBeNull();
    expect(within(help).queryByRole('link')).toBeNull();
  });
});
