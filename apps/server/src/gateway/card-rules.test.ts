import { describe, expect, it } from 'vitest';
import { cardOutcome, isUnexpired, maskCardNumber } from './card-rules.ts';

describe('sandbox card rules', () => {
  it.each([
    ['123', 1],
    ['200', 2],
    ['960', 96],
    ['970', 97],
    ['980', 98],
    ['990', 99],
    ['999', 999],
    ['1234', 1],
  ])('CVV %s gives result %i on a valid card', (cvv, code) => {
    expect(cardOutcome('4242 4242 4242 4242', cvv)).toBe(code);
  });

  it('answers 97 for a number failing Luhn, a wrong length or a malformed CVV', () => {
    expect(cardOutcome('4242424242424241', '123')).toBe(97);
    expect(cardOutcome('424242424242', '123')).toBe(97);
    expect(cardOutcome('42424242424242424242', '123')).toBe(97);
    expect(cardOutcome('4242424242424242', '12')).toBe(97);
  });

  it('keeps only the last four digits', () => {
    expect(maskCardNumber('4242 4242 4242 1234')).toBe('•••• •••• •••• 1234');
  });

  it('tells expired cards', () => {
    const now = Date.parse('2026-11-22T00:00:00Z');
    expect(isUnexpired('11', '2026', now)).toBe(true);
    expect(isUnexpired('10', '2026', now)).toBe(false);
    expect(isUnexpired('01', '27', now)).toBe(true);
    expect(isUnexpired('13', '2030', now)).toBe(false);
  });
});
