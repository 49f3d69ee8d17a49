import { describe, expect, it } from 'vitest';
import { makeVendor } from '../../test/fixtures';
import { chooseStorePath, noVendorRedirect, queryVendorId, sessionExpired, storeGuard, vendorConflict } from './guards';

const NOW = Date.parse('2026-11-22T06:00:00.000Z');

describe('route guards (spec §2)', () => {
  it('sends protected routes with no vendor and no items to start (single-vendor) or discover (multi-vendor)', () => {
    expect(noVendorRedirect({ multiVendor: true, vendorSelected: false, hasItems: false })).toBe(
      '/order-flow/discover-vendor',
    );
    expect(noVendorRedirect({ multiVendor: false, vendorSelected: false, hasItems: false })).toBe('/start');
    expect(noVendorRedirect({ multiVendor: true, vendorSelected: true, hasItems: false })).toBeNull();
    expect(noVendorRedirect({ multiVendor: false, vendorSelected: false, hasItems: true })).toBeNull();
    expect(chooseStorePath(true)).toBe('/order-flow/discover-vendor');
    expect(chooseStorePath(false)).toBe('/start');
  });

  it('reads the vendorId query in multi-vendor builds only, and only whole numbers', () => {
    expect(queryVendorId('/order-flow/place-order?vendorId=2', true)).toBe(2);
    expect(queryVendorId('/order-flow/place-order?vendorId=0', true)).toBe(0);
    expect(queryVendorId('/order-flow/place-order?vendorId=2', false)).toBeNull();
    for (const bad of ['', 'abc', '-1', '2.5', '1e3']) {
      expect(queryVendorId(`/order-flow/place-order?vendorId=${bad}`, true)).toBeNull();
    }
    expect(queryVendorId('/order-flow/place-order', true)).toBeNull();
  });

  it('lets a step in only while the store is open to order and not paused', () => {
    expect(storeGuard(makeVendor({ nextServiceTime: new Date(NOW).toISOString() }), NOW, null)).toBeNull();
    expect(storeGuard(makeVendor({ isPaused: true, nextServiceTime: new Date(NOW).toISOString() }), NOW, null)).toBe(
      'paused',
    );
    expect(storeGuard(makeVendor({ isOpen: false }), NOW, null)).toBe('closed');
    // open, but its next service is beyond the pre-order buffer: closed unless a time was picked
    const later = makeVendor({ nextServiceTime: new Date(NOW + 2 * 3_600_000).toISOString() });
    expect(storeGuard(later, NOW, null)).toBe('closed');
    expect(storeGuard(later, NOW, new Date(NOW + 2 * 3_600_000).toISOString())).toBeNull();
  });
});

describe('order session (spec §4)', () => {
  const base = { startTime: NOW, nowMs: NOW, expiryMs: 1_800_000, orderStatus: null };

  it('expires once the configured time has passed, while the order has no status or is Pending', () => {
    expect(sessionExpired({ ...base, nowMs: NOW + 1_799_999 })).toBe(false);
    expect(sessionExpired({ ...base, nowMs: NOW + 1_800_000 })).toBe(true);
    expect(sessionExpired({ ...base, nowMs: NOW + 1_800_000, orderStatus: 'Pending' })).toBe(true);
    for (const status of ['Paid', 'Waiting', 'Scheduled', 'Alerted']) {
      expect(sessionExpired({ ...base, nowMs: NOW + 3_600_000, orderStatus: status })).toBe(false);
    }
  });

  it('never expires a session that has not started', () => {
    expect(sessionExpired({ ...base, startTime: null, nowMs: NOW + 10_000_000 })).toBe(false);
  });

  it('asks about the existing session only for another vendor with items in the basket', () => {
    expect(vendorConflict({ basketVendorId: 2, chosenVendorId: 1, hasItems: true })).toBe(true);
    expect(vendorConflict({ basketVendorId: 2, chosenVendorId: 2, hasItems: true })).toBe(false);
    expect(vendorConflict({ basketVendorId: 2, chosenVendorId: 1, hasItems: false })).toBe(false);
    expect(vendorConflict({ basketVendorId: null, chosenVendorId: 1, hasItems: false })).toBe(false);
  });
});
