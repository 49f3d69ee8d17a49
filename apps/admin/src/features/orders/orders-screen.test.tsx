// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminOrderSummary } from '@venue/contract/admin-orders';
import { App } from '../../app/app';
import { signedInApi } from '../../test/fake-api';

const summary = (id: number, name: string): AdminOrderSummary => ({
  id,
  vendorId: 1,
  storeName: 'The Tap Room',
  claimTicket: String(id).padStart(3, '0'),
  orderStatus: 'Waiting',
  serviceMode: 'TakeAway',
  customerName: name,
  customerMobile: '0412345678',
  customerEmail: null,
  totalMinor: 1250,
  refundedMinor: id === 2 ? 250 : 0,
  createdAt: '2026-11-27T08:00:00.000Z',
  paidAt: '2026-11-27T08:00:05.000Z',
});

const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <App />
    </MemoryRouter>,
  );

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the orders search', () => {
  it('reads the filters from the address, pages on with the cursor and keeps the search in the address', async () => {
    const api = signedInApi().on('GET /orders', (call) =>
      call.query.get('cursor')
        ? { body: { orders: [summary(1, 'Ana')], next: null } }
        : { body: { orders: [summary(3, 'Cy'), summary(2, 'Bo')], next: '1764230400000.2' } },
    );
    renderAt('/orders?q=04&status=Serviced');
    await screen.findByText('Cy');
    const first = api.callsTo('GET /orders')[0]!;
    expect(first.query.get('q')).toBe('04');
    expect(first.query.get('status')).toBe('Serviced');
    expect((screen.getByLabelText('Order number, name, mobile or email') as HTMLInputElement).value).toBe('04');
    expect(screen.getByText('$2.50', { exact: false })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText('Ana');
    expect(api.callsTo('GET /orders')[1]!.query.get('cursor')).toBe('1764230400000.2');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    const rows = within(screen.getByRole('table')).getAllByRole('link');
    expect(rows.map((link) => link.textContent)).toEqual(['Order 003', 'Order 002', 'Order 001']);

    fireEvent.change(screen.getByLabelText('Order number, name, mobile or email'), { target: { value: 'Bo' } });
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await vi.waitFor(() => expect(api.callsTo('GET /orders').at(-1)!.query.get('q')).toBe('Bo'));
    expect(api.callsTo('GET /orders').at(-1)!.query.has('status')).toBe(false);
  });

  it('refuses a last day before the first, beside the field', async () => {
    const api = signedInApi().on('GET /orders', { body: { orders: [], next: null } });
    renderAt('/orders');
    await screen.findByText('No orders found');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-20' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByText('The last day must not be before the first.')).toBeTruthy();
    expect(screen.getByLabelText('To').getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo('GET /orders')).toHaveLength(1);
  });

  it('opens an order from its row, without the search form', async () => {
    signedInApi()
      .on('GET /orders', { body: { orders: [summary(3, 'Cy')], next: null } })
      .on('GET /orders/*', { status: 404, body: { message: 'Order not found' } });
    renderAt('/orders');
    fireEvent.click(await screen.findByRole('link', { name: 'Order 003' }));
    await screen.findByText('Could not read the order: Order not found');
    expect(screen.queryByRole('search')).toBeNull();
  });
});
