import { describe, expect, it } from 'vitest';
import {
  columnOf,
  formatWaited,
  nextStep,
  ordersIn,
  ticketActions,
  urgencyOf,
  waitingSince,
  type BoardOrder,
} from './kitchen-board.ts';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 25, 6, minute)).toISOString();
const order = (id: number, over: Partial<BoardOrder> = {}): BoardOrder => ({
  id,
  orderStatus: 'Waiting',
  requestedServiceTime: null,
  timeQueued: at(id),
  paidAt: at(id),
  createdAt: at(id),
  ...over,
});

describe('kitchen board', () => {
  it('puts paid, waiting and scheduled orders to make; ready ones ready; support ones needing help; others nowhere', () => {
    expect(columnOf('Paid')).toBe('toMake');
    expect(columnOf('Scheduled')).toBe('toMake');
    expect(columnOf('Alerted')).toBe('ready');
    expect(columnOf('VendorSupportRequired')).toBe('needsHelp');
    expect(columnOf('Serviced')).toBeNull();
    expect(columnOf('Cancelled')).toBeNull();
    expect(columnOf('Pending')).toBeNull();
  });

  it('lists a column oldest first, a scheduled order at its requested time', () => {
    const orders = [
      order(3),
      order(1),
      order(2, { orderStatus: 'Scheduled', requestedServiceTime: at(30), timeQueued: null }),
      order(4, { orderStatus: 'PendingAlerted' }),
    ];
    expect(ordersIn(orders, 'toMake').map((o) => o.id)).toEqual([1, 3, 2]);
    expect(ordersIn(orders, 'ready').map((o) => o.id)).toEqual([4]);
  });

  it('counts the wait from the queue time, else the payment, else the placing', () => {
    expect(waitingSince(order(5))).toBe(Date.parse(at(5)));
    expect(waitingSince(order(5, { timeQueued: null, paidAt: at(7) }))).toBe(Date.parse(at(7)));
    expect(waitingSince(order(5, { timeQueued: null, paidAt: null }))).toBe(Date.parse(at(5)));
  });

  it('turns amber from three quarters of the time to service and red past it', () => {
    const tts = 8 * 60_000;
    expect(urgencyOf(5 * 60_000, tts)).toBe('ok');
    expect(urgencyOf(6 * 60_000, tts)).toBe('soon');
    expect(urgencyOf(8 * 60_000, tts)).toBe('soon');
    expect(urgencyOf(8 * 60_000 + 1, tts)).toBe('late');
    expect(urgencyOf(Number.NaN, tts)).toBe('ok');
  });

  it('says how long a ticket has waited', () => {
    expect(formatWaited(30_000)).toBe('now');
    expect(formatWaited(4 * 60_000 + 59_000)).toBe('4 min');
    expect(formatWaited(65 * 60_000)).toBe('1 h 05 min');
  });

  it('offers the next step first and cancel last, only moves the vendor may make', () => {
    expect(nextStep('Waiting')).toBe('PendingAlerted');
    expect(nextStep('Alerted')).toBe('Serviced');
    expect(nextStep('VendorSupportRequired')).toBe('PendingAlerted');
    expect(nextStep('Paid')).toBeNull();
    expect(ticketActions('Waiting')).toEqual(['PendingAlerted', 'VendorSupportRequired', 'Cancelled']);
    expect(ticketActions('PendingAlerted')).toEqual(['Serviced', 'VendorSupportRequired', 'Cancelled']);
    expect(ticketActions('VendorSupportRequired')).toEqual(['PendingAlerted', 'Cancelled']);
    expect(ticketActions('Serviced')).toEqual([]);
  });
});
