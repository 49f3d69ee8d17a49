import { describe, expect, it } from 'vitest';
import type { StaffCredential } from '../../modules/staff-tokens/staff-tokens.service.ts';
import { staffMayUse } from './ops-auth.ts';
import { MemorySignInFailureStore } from '../../lib/sign-in-failures.ts';

const STAFF: StaffCredential = { kind: 'staff', tokenId: 7, vendorId: 2, name: 'Bar tablet 1' };
const PREFIX = '/ops/v1';
const may = (url: string | undefined, params: unknown, config: { opsAccess?: 'admin' } = {}) =>
  staffMayUse(STAFF, { url, config }, params, PREFIX);

describe('the routes a staff token may use', () => {
  it("allows its own store's vendor routes, including ones added later (events)", () => {
    expect(may('/ops/v1/vendor/:vendorId', { vendorId: '2' })).toBe(true);
    expect(may('/ops/v1/vendor/:vendorId/orders', { vendorId: '2' })).toBe(true);
    expect(may('/ops/v1/vendor/:vendorId/order/:orderId/status', { vendorId: '2', orderId: '9' })).toBe(true);
    expect(may('/ops/v1/vendor/:vendorId/events', { vendorId: '2' })).toBe(true);
    // The route reads '02' as store 2 too.
    expect(may('/ops/v1/vendor/:vendorId/orders', { vendorId: '02' })).toBe(true);
  });

  it("refuses another store's, unreadable store ids, and admin-only routes", () => {
    for (const vendorId of [
      '3',
      '03',
      '2/../3',
      '3/../2',
      ' 2',
      '2 ',
      '2.0',
      '+2',
      '0x2',
      '2e0',
      '',
      '２',
      undefined,
      2,
    ]) {
      expect(may('/ops/v1/vendor/:vendorId/orders', { vendorId }), String(vendorId)).toBe(false);
    }
    expect(may('/ops/v1/vendor/:vendorId/orders', null)).toBe(false);
    expect(may('/ops/v1/vendor/:vendorId/staff-tokens', { vendorId: '2' }, { opsAccess: 'admin' })).toBe(false);
  });

  it('refuses every route outside the vendor path, whatever its parameters say', () => {
    expect(may('/ops/v1/venue/:venueId/catalogue', { venueId: '0', vendorId: '2' })).toBe(false);
    expect(may('/ops/v1/display-assets', { vendorId: '2' })).toBe(false);
    expect(may('/ops/v1/vendors/:vendorId', { vendorId: '2' })).toBe(false);
    expect(may('/ops/v1/vendor/:vendorIdentity/orders', { vendorIdentity: '2', vendorId: '2' })).toBe(false);
    expect(may('/v1/vendor/:vendorId/current-menu', { vendorId: '2' })).toBe(false);
    expect(may(undefined, { vendorId: '2' })).toBe(false);
  });
});

describe('failed sign-ins in memory', () => {
  it('counts per key in fixed windows that end on time', async () => {
    const store = new MemorySignInFailureStore(1000);
    expect(await store.get('a', 0)).toBeNull();
    expect(await store.add('a', 0)).toEqual({ count: 1, resetsAt: 1000 });
    expect(await store.add('a', 500)).toEqual({ count: 2, resetsAt: 1000 });
    expect(await store.add('b', 500)).toEqual({ count: 1, resetsAt: 1500 });
    expect(await store.get('a', 999)).toEqual({ count: 2, resetsAt: 1000 });
    expect(await store.get('a', 1000)).toBeNull();
    expect(await store.add('a', 1000)).toEqual({ count: 1, resetsAt: 2000 });
  });

  it('takes back an attempt that proved right, in the window it was counted in', async () => {
    const store = new MemorySignInFailureStore(1000);
    await store.add('a', 0);
    const counted = await store.add('a', 10);
    await store.release('a', counted);
    expect(await store.get('a', 30)).toEqual({ count: 1, resetsAt: 1000 });
    await store.release('a', counted);
    await store.release('a', counted);
    expect((await store.get('a', 30))!.count).toBe(0);
    // A later window is not touched by a release of the one before.
    await store.add('a', 1000);
    await store.release('a', counted);
    expect((await store.get('a', 1000))!.count).toBe(1);
  });

  it('hands out copies, so a caller cannot change the count', async () => {
    const store = new MemorySignInFailureStore(1000);
    const window = await store.add('a', 0);
    window.count = 0;
    (await store.get('a', 0))!.count = 0;
    expect((await store.get('a', 0))!.count).toBe(1);
  });

  it('sweeps ended windows instead of growing for ever', async () => {
    const store = new MemorySignInFailureStore(1000);
    for (let i = 0; i < 10_000; i += 1) await store.add(`old-${i}`, 0);
    expect(store.size).toBe(10_000);
    await store.add('new', 5000);
    expect(store.size).toBe(1);
  });
});
