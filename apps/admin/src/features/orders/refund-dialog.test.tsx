// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminOrderDetail } from '@venue/contract/admin-orders';
import { fakeApi } from '../../test/fake-api';
import { mayRefund, RefundDialog } from './refund-dialog';

const ORDER: AdminOrderDetail = {
  id: 41,
  vendorId: 2,
  storeName: 'Grill & Bun',
  claimTicket: '017',
  orderStatus: 'Serviced',
  serviceMode: 'TakeAway',
  customerName: 'Sam Lee',
  customerMobile: '0412345678',
  customerEmail: null,
  totalMinor: 3000,
  refundedMinor: 500,
  createdAt: '2026-11-27T08:00:00.000Z',
  paidAt: '2026-11-27T08:00:05.000Z',
  storeTimeZone: 'Australia/Sydney',
  deliveryAddress: null,
  requestedServiceTime: null,
  timeReady: null,
  timeServiced: null,
  lines: [
    {
      lineId: 7,
      menuItemId: 201,
      name: 'Cheeseburger',
      quantity: 2,
      perItemMinor: 1000,
      priceMinor: 2000,
      note: null,
      options: [],
      refundedQuantity: 0,
    },
    {
      lineId: 8,
      menuItemId: 202,
      name: 'Fries',
      quantity: 2,
      perItemMinor: 500,
      priceMinor: 1000,
      note: null,
      options: [],
      refundedQuantity: 1,
    },
  ],
  charges: [],
  subtotalMinor: 3000,
  couponCode: null,
  discountMinor: 0,
  payments: [
    {
      id: 1,
      method: 'card',
      status: 'Succeeded',
      amountMinor: 3000,
      cardBrand: 'Visa',
      cardLastFour: '4242',
      couponCode: null,
      createdAt: '2026-11-27T08:00:05.000Z',
    },
  ],
  refunds: [],
  refundableMinor: 2500,
  history: [],
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const open = (onRefunded = vi.fn()) => {
  render(<RefundDialog order={ORDER} onClose={vi.fn()} onRefunded={onRefunded} />);
  return onRefunded;
};

describe('the refund dialog', () => {
  it('asks for a reason and never more than is left, beside the field, before sending anything', () => {
    const api = fakeApi();
    open();
    fireEvent.click(screen.getByLabelText('An amount'));
    fireEvent.change(screen.getByLabelText('Amount ($)'), { target: { value: '25.01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Refund' }));
    expect(screen.getByText('At most $25.00 is left to refund.')).toBeTruthy();
    expect(screen.getByLabelText('Amount ($)').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Amount ($)').getAttribute('aria-describedby')).toContain('refund-amount-error');
    expect(screen.getByText('Please give a reason for the refund.')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('refunds items by line and quantity, at most what is left of each line', async () => {
    const api = fakeApi().on('POST /orders/41/refunds', {
      status: 201,
      body: { id: 3, amountMinor: 1500, reason: 'Cold', lines: [], method: 'card' },
    });
    const onRefunded = open();
    fireEvent.click(screen.getByLabelText('Some items'));
    fireEvent.change(screen.getByLabelText('How many Fries to refund'), { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'Cold' } });
    fireEvent.click(screen.getByRole('button', { name: /^Refund/ }));
    expect(screen.getByText('Refund from 0 to 1 of Fries.')).toBeTruthy();
    expect(api.calls).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('How many Fries to refund'), { target: { value: '1' } });
    fireEvent.change(screen.getByLabelText('How many Cheeseburger to refund'), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Refund $15.00' }));
    await vi.waitFor(() => expect(onRefunded).toHaveBeenCalledWith(1500));
    expect(api.calls[0]?.body).toEqual({
      reason: 'Cold',
      lines: [
        { lineId: 7, quantity: 1 },
        { lineId: 8, quantity: 1 },
      ],
    });
  });

  it("shows the server's refusal in the dialog and retries with the same Idempotency-Key", async () => {
    let answer: { status: number; body: unknown } = {
      status: 502,
      body: { message: 'The card issuer refused the refund (05).' },
    };
    const api = fakeApi().on('POST /orders/41/refunds', () => answer);
    const onRefunded = open();
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'Customer left' } });
    fireEvent.click(screen.getByRole('button', { name: 'Refund $25.00' }));
    const alert = await screen.findByText('The card issuer refused the refund (05).');
    expect(alert.closest('[role="alert"]')).toBeTruthy();
    expect(onRefunded).not.toHaveBeenCalled();

    answer = { status: 201, body: { id: 4, amountMinor: 2500 } };
    fireEvent.click(screen.getByRole('button', { name: 'Refund $25.00' }));
    await vi.waitFor(() => expect(onRefunded).toHaveBeenCalledWith(2500));
    const [first, second] = api.calls;
    expect(first?.body).toEqual({ reason: 'Customer left' });
    expect(first?.headers['idempotency-key']).toMatch(/^[0-9a-f]{32}$/);
    expect(second?.headers['idempotency-key']).toBe(first?.headers['idempotency-key']);
  });

  it('offers no refund once nothing is left', () => {
    expect(mayRefund(ORDER)).toBe(true);
    expect(mayRefund({ ...ORDER, refundableMinor: 0 })).toBe(false);
  });
});
