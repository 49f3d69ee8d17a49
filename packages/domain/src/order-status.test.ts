import { describe, expect, it } from 'vitest';
import {
  finishedOrderRedirect,
  isActiveStatus,
  isFinalStatus,
  isFinishedStatus,
  isQueuedStatus,
  isOrderStatus,
  isWaitOver,
  ORDER_STATUSES,
  trackingRouteRedirect,
  waitEntryAction,
  waitOutcome,
} from './order-status.ts';

const WAIT = '/order-flow/wait-order';
const ALERT = '/order-flow/alert-order';
const ROUTES = { final: ALERT, fallback: '/start', tracking: [WAIT, ALERT] };
const FINISHED = ['PendingAlerted', 'Alerted', 'Serviced', 'Cancelled', 'VendorSupportRequired'];
const OTHER_ROUTES = [
  '/start',
  '/order-flow/delivery',
  '/order-flow/discover-vendor',
  '/order-flow/place-order',
  '/order-flow/confirm-order',
  '/order-flow/confirm-contact',
  '/order-flow/payment',
];

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

describe('wait screen polling rules (spec §4)', () => {
  it('waits for PendingAlerted, Cancelled, Alerted or Serviced, and stops for VendorSupportRequired', () => {
    expect(['PendingAlerted', 'Cancelled', 'Alerted', 'Serviced', 'VendorSupportRequired'].every(isWaitOver)).toBe(
      true,
    );
    expect(['Pending', 'Paid', 'Waiting', 'Scheduled', null].some(isWaitOver)).toBe(false);
  });
  it('moves on to alert-order when the shop needs to talk to the customer', () => {
    expect(waitOutcome('VendorSupportRequired')).toBe('move-on');
  });
  it('opens the pick-up modal for PendingAlerted or Serviced, the problem modal for Cancelled', () => {
    expect(waitOutcome('PendingAlerted')).toBe('pick-up');
    expect(waitOutcome('Serviced')).toBe('pick-up');
    expect(waitOutcome('Cancelled')).toBe('problem');
    expect(waitOutcome('Alerted')).toBe('move-on');
    expect(waitOutcome('Waiting')).toBeNull();
    expect(waitOutcome('Scheduled')).toBeNull();
  });
  it('sends the alerted call on entry with PendingAlerted and moves on at once with Cancelled or Serviced', () => {
    expect(waitEntryAction('PendingAlerted')).toBe('send-alerted');
    expect(waitEntryAction('Cancelled')).toBe('move-on');
    expect(waitEntryAction('Serviced')).toBe('move-on');
    expect(waitEntryAction('Alerted')).toBe('move-on');
    expect(waitEntryAction('VendorSupportRequired')).toBe('move-on');
    for (const status of ['Paid', 'Waiting', 'Scheduled', 'Pending', null])
      expect(waitEntryAction(status)).toBe('poll');
  });
});

describe('finishedOrderRedirect (spec §2)', () => {
  it('sends every other route to alert-order for each finished status', () => {
    for (const status of FINISHED)
      for (const path of OTHER_ROUTES)
        expect(finishedOrderRedirect(path, status, ROUTES), `${status} ${path}`).toBe(ALERT);
  });
  it('leaves the tracking routes alone (trailing slash too)', () => {
    for (const status of FINISHED) {
      expect(finishedOrderRedirect(ALERT, status, ROUTES)).toBeNull();
      expect(finishedOrderRedirect(`${WAIT}/`, status, ROUTES)).toBeNull();
    }
  });
  it('does nothing for active, pending or absent statuses', () => {
    for (const status of ['Pending', 'Paid', 'Waiting', 'Scheduled', null, undefined])
      expect(finishedOrderRedirect('/order-flow/place-order', status, ROUTES)).toBeNull();
  });
});

describe('trackingRouteRedirect (spec §2)', () => {
  it('sends tracking routes without a status to the fallback', () => {
    expect(trackingRouteRedirect(WAIT, null, ROUTES)).toBe('/start');
    expect(trackingRouteRedirect(`${ALERT}/`, undefined, ROUTES)).toBe('/start');
  });
  it('keeps tracking routes with any status, and ignores other routes', () => {
    expect(trackingRouteRedirect(WAIT, 'Waiting', ROUTES)).toBeNull();
    expect(trackingRouteRedirect(ALERT, 'Cancelled', ROUTES)).toBeNull();
    expect(trackingRouteRedirect('/order-flow/payment', null, ROUTES)).toBeNull();
  });
});
