import { describe, expect, it } from 'vitest';
import {
  isActiveStatus,
  isFinalStatus,
  isFinishedStatus,
  isQueuedStatus,
  isOrderStatus,
  ORDER_STATUSES,
} from './order-status.ts';

describe('order statuses (spec §4)', () => {
  it('knows the nine statuses and nothing else', () => {
    expect(ORDER_STATUSES).toHaveLength(9);
    expect(ORDER_STATUSES.every(isOrderStatus)).toBe(true);
    expect(isOrderStatus('Ready')).toBe(false);
    expect(isOrderStatus(null)).toBe(false);
  });
});

describe('order status groups (spec §4)', () => {
  it('Paid, Scheduled and Waiting are active; the rest are not', () => {
    expect(['Paid', 'Scheduled', 'Waiting'].every(isActiveStatus)).toBe(true);
    expect(['Pending', 'PendingAlerted', 'Cancelled', null, undefined].some(isActiveStatus)).toBe(false);
  });
  it('PendingAlerted, Alerted, Serviced, Cancelled and VendorSupportRequired are finished', () => {
    expect(
      ['PendingAlerted', 'Alerted', 'Serviced', 'Cancelled', 'VendorSupportRequired'].every(isFinishedStatus),
    ).toBe(true);
    expect(['Pending', 'Paid', 'Waiting', null].some(isFinishedStatus)).toBe(false);
  });
  it('Waiting and Scheduled are queued; the rest are not', () => {
    expect(['Waiting', 'Scheduled'].every(isQueuedStatus)).toBe(true);
    expect(
      ['Pending', 'Paid', 'PendingAlerted', 'Alerted', 'Serviced', 'Cancelled', 'VendorSupportRequired', null].some(
        isQueuedStatus,
      ),
    ).toBe(false);
  });
  it('Serviced and Cancelled are final; the rest are not', () => {
    expect(['Serviced', 'Cancelled'].every(isFinalStatus)).toBe(true);
    expect(
      ['Pending', 'Paid', 'Waiting', 'Scheduled', 'PendingAlerted', 'Alerted', 'VendorSupportRequired', null].some(
        isFinalStatus,
      ),
    ).toBe(false);
  });
});
