// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { OpsOrder } from '@venue/contract/ops-orders';
import { COLLECTED_UNDO_MS } from '@venue/domain/kitchen-board';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OpsClient } from '../api/ops-client';
import { BoardScreen } from './board-screen';

const VENDOR = 4;

const readyOrder = {
  id: 12,
  vendorId: VENDOR,
  claimTicket: '012',
  orderStatus: 'Alerted',
  positionInQueue: null,
  secsToServiceEstimate: null,
  serviceMode: 'TakeAway',
  requestedServiceTime: null,
  timeQueued: new Date().toISOString(),
  timeServiceEstimated: null,
  timeReady: new Date().toISOString(),
  timeServiced: null,
  customerName: 'Mei Chen',
  customerMobile: null,
  deliveryAddress: null,
  lines: [{ menuItemId: 1, name: 'Flat white', quantity: 1, note: null, modifiers: [] }],
  total: { amount: 5, minorAmount: 500, currencySymbol: '$', currencyCode: 'AUD' },
  createdAt: new Date().toISOString(),
  paidAt: new Date().toISOString(),
} as Partial<OpsOrder> as OpsOrder;

/** The operations API as the board uses it: one ready order; each status change answered as asked. */
function fakeClient() {
  const statusCalls: string[] = [];
  const client: OpsClient = {
    token: 'vst_test',
    request: async <T,>(method: string, path: string, body?: unknown): Promise<T> => {
      if (path.startsWith(`/ops/v1/vendor/${VENDOR}/orders`)) return [readyOrder] as T;
      if (path === `/ops/v1/vendor/${VENDOR}`) return { id: VENDOR, storeName: 'Daily Grind', isOpen: true } as T;
      if (path === `/v1/vendor/${VENDOR}/current-menu`) return { items: [] } as T;
      if (method === 'POST' && path.endsWith('/status')) {
        const { status } = body as { status: string };
        statusCalls.push(status);
        // The server's undo puts the order back as it was: Alerted.
        return { ...readyOrder, orderStatus: status === 'Serviced' ? 'Serviced' : 'Alerted' } as T;
      }
      throw new Error(`unexpected ${method} ${path}`);
    },
  };
  return { client, statusCalls };
}

const readyColumn = () => screen.getByRole('region', { name: /^Ready/ });

beforeEach(() => {
  // The live event stream never opens here: the board works from its first read.
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise<Response>(() => undefined)),
  );
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("the board's undo of 'Collected'", () => {
  it("offers 'Undo' for a collected order, which puts it back on the board as it was", async () => {
    const { client, statusCalls } = fakeClient();
    render(<BoardScreen client={client} vendorId={VENDOR} onSignOut={() => undefined} />);
    const ticket = await within(readyColumn()).findByRole('article', { name: /012/ });
    fireEvent.click(within(ticket).getByRole('button', { name: 'Collected' }));

    await screen.findByText('Order 012 collected');
    expect(within(readyColumn()).queryByRole('article', { name: /012/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Undo: order 012 collected' }));

    const back = await within(readyColumn()).findByRole('article', { name: /012/ });
    expect(back.textContent).toContain('customer has seen it');
    expect(back.textContent).not.toContain('Collected: done');
    expect(statusCalls).toEqual(['Serviced', 'PendingAlerted']);
    expect(screen.queryByText('Order 012 collected')).toBeNull();
  });

  it('takes the offer away after a few seconds', async () => {
    const { client, statusCalls } = fakeClient();
    render(<BoardScreen client={client} vendorId={VENDOR} onSignOut={() => undefined} />);
    const ticket = await within(readyColumn()).findByRole('article', { name: /012/ });
    vi.useFakeTimers();
    await act(async () => {
      fireEvent.click(within(ticket).getByRole('button', { name: 'Collected' }));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByText('Order 012 collected')).toBeTruthy();

    await act(async () => vi.advanceTimersByTimeAsync(COLLECTED_UNDO_MS - 100));
    expect(screen.getByRole('button', { name: 'Undo: order 012 collected' })).toBeTruthy();
    await act(async () => vi.advanceTimersByTimeAsync(100));
    expect(screen.queryByText('Order 012 collected')).toBeNull();
    expect(screen.queryByRole('button', { name: /Undo/ })).toBeNull();
    expect(statusCalls).toEqual(['Serviced']);
  });
});
