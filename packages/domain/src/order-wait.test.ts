import { describe, expect, it } from 'vitest';
import { isWaitOver, waitEntryAction, waitOutcome } from './order-wait.ts';

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
