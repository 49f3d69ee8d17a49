import { describe, expect, it } from 'vitest';
import {
  activeOrderRedirect,
  consumerContactRedirect,
  finishedOrderRedirect,
  trackingRouteRedirect,
} from './route-guards.ts';

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

const CONTACT = '/order-flow/confirm-contact';
const PROTECTED = ['/order-flow/payment', WAIT, '/order-flow/alert-order'];

describe('activeOrderRedirect (spec §2: active status sends every route to wait-order)', () => {
  it('sends every other route to wait-order', () => {
    for (const path of ['/start', '/order-flow/place-order', CONTACT, '/order-flow/payment', '/order-flow/alert-order'])
      expect(activeOrderRedirect(path, 'Waiting', WAIT), path).toBe(WAIT);
    expect(activeOrderRedirect('/start', 'Paid', WAIT)).toBe(WAIT);
    expect(activeOrderRedirect('/start', 'Scheduled', WAIT)).toBe(WAIT);
  });
  it('stays on wait-order itself, and stays anywhere for other statuses', () => {
    expect(activeOrderRedirect(WAIT, 'Waiting', WAIT)).toBeNull();
    expect(activeOrderRedirect(`${WAIT}/`, 'Waiting', WAIT)).toBeNull();
    expect(activeOrderRedirect('/order-flow/payment', 'Pending', WAIT)).toBeNull();
    expect(activeOrderRedirect('/start', null, WAIT)).toBeNull();
  });
});

describe('consumerContactRedirect (spec §2)', () => {
  const none = { id: null, contact: { mobile: '', email: '' } };
  const saved = { id: 'c-1', contact: { mobile: '0412345678', email: '' } };
  it('sends protected routes to the contact screen when no consumer is saved', () => {
    for (const path of PROTECTED) expect(consumerContactRedirect(path, none, PROTECTED, CONTACT)).toBe(CONTACT);
  });
  it('lets a saved consumer through and never guards other routes', () => {
    for (const path of PROTECTED) expect(consumerContactRedirect(path, saved, PROTECTED, CONTACT)).toBeNull();
    expect(consumerContactRedirect(CONTACT, none, PROTECTED, CONTACT)).toBeNull();
    expect(consumerContactRedirect('/order-flow/place-order', none, PROTECTED, CONTACT)).toBeNull();
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
