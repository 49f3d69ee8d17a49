import { describe, expect, it } from 'vitest';
import { campaignIdOf, payBlockers, selectableServiceModes, serviceModeToUse } from './pay-readiness';

describe('payBlockers (spec §4/§5 contact screen)', () => {
  const ok = { mobile: '0412345678', email: '', serviceMode: 'TakeAway' as const };
  it('lets a valid mobile, an empty e-mail and a chosen service mode pay', () => {
    expect(payBlockers(ok)).toEqual([]);
    expect(payBlockers({ ...ok, email: 'sam@example.com' })).toEqual([]);
  });
  it('blocks a missing or short mobile number', () => {
    expect(payBlockers({ ...ok, mobile: '' })).toEqual(['phone']);
    expect(payBlockers({ ...ok, mobile: '041234' })).toEqual(['phone']);
  });
  it('blocks an invalid e-mail', () => {
    expect(payBlockers({ ...ok, email: 'sam@' })).toEqual(['email']);
  });
  it('blocks NotSpecified, listing every blocker in form order', () => {
    expect(payBlockers({ ...ok, serviceMode: 'NotSpecified' })).toEqual(['serviceMode']);
    expect(payBlockers({ mobile: '1', email: 'x', serviceMode: 'NotSpecified' })).toEqual([
      'phone',
      'email',
      'serviceMode',
    ]);
  });
});

describe('serviceModeToUse', () => {
  it('takes the only mode on offer when none is chosen, so a choice of one does not block paying', () => {
    expect(serviceModeToUse('NotSpecified', ['TakeAway'])).toBe('TakeAway');
    expect(
      payBlockers({ mobile: '0412345678', email: '', serviceMode: serviceModeToUse('NotSpecified', ['TakeAway']) }),
    ).toEqual([]);
  });
  it('keeps a chosen mode, and NotSpecified when there is nothing or more than one to take', () => {
    expect(serviceModeToUse('HomeDelivery', ['TakeAway'])).toBe('HomeDelivery');
    expect(serviceModeToUse('TakeAway', ['TakeAway'])).toBe('TakeAway');
    expect(serviceModeToUse('NotSpecified', [])).toBe('NotSpecified');
    expect(serviceModeToUse('NotSpecified', ['TakeAway', 'HomeDelivery'])).toBe('NotSpecified');
  });
});

describe('selectableServiceModes (spec §2: HomeDelivery excluded)', () => {
  it('drops HomeDelivery and NotSpecified', () => {
    expect(selectableServiceModes(['TakeAway', 'HomeDelivery', 'NotSpecified'])).toEqual(['TakeAway']);
  });
});

describe('campaignIdOf', () => {
  it('reads the campaignId query parameter', () => {
    expect(campaignIdOf('?campaignId=summer')).toBe('summer');
    expect(campaignIdOf('?vendorId=2')).toBeNull();
    expect(campaignIdOf('?campaignId=%20')).toBeNull();
  });
});
