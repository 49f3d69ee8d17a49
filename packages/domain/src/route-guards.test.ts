import { describe, expect, it } from 'vitest';
import { activeOrderRedirect, consumerContactRedirect } from './route-guards.ts';

const WAIT = '/order-flow/wait-order';
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
