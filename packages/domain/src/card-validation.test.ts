import { describe, expect, it } from 'vitest';
import {
  capCvn,
  cardFormProblems,
  expiryYears,
  isNonBlank,
  isValidCardNumber,
  isValidCvn,
  isValidExpiry,
  passesLuhn,
} from './card-validation.ts';

const NOW = Date.UTC(2026, 10, 22, 6, 0);

describe('new card (spec §5)', () => {
  it('card number has 13 to 16 digits', () => {
    expect(isValidCardNumber('4222222222222')).toBe(true);
    expect(isValidCardNumber('4111 1111 1111 1111')).toBe(true);
    expect(isValidCardNumber('411111111111')).toBe(false);
    expect(isValidCardNumber('41111111111111111')).toBe(false);
    expect(isValidCardNumber('4111x11111111111')).toBe(false);
  });
  it('checks the Luhn digit, so a mistyped number is caught before the gateway', () => {
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('5555555555554444')).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('42a2')).toBe(false);
    expect(isValidCardNumber('4242 4242 4242 4241')).toBe(false);
    expect(isValidCardNumber('4242 4242 4242 4224')).toBe(false);
    expect(isValidCardNumber('4111111111111')).toBe(false);
  });
  it('CVN has 3 to 4 digits and the input keeps at most 4 digits', () => {
    expect(isValidCvn('123')).toBe(true);
    expect(isValidCvn('1234')).toBe(true);
    expect(isValidCvn('12')).toBe(false);
    expect(isValidCvn('12345')).toBe(false);
    expect(isValidCvn('12a')).toBe(false);
    expect(capCvn('12a345')).toBe('1234');
  });
  it('name on card must not be blank', () => {
    expect(isNonBlank('  ')).toBe(false);
    expect(isNonBlank('Sam Lee')).toBe(true);
  });
  it('offers the next 20 years and needs a month and a year chosen', () => {
    const years = expiryYears(NOW);
    expect(years).toHaveLength(20);
    expect(years[0]).toBe(2026);
    expect(years[19]).toBe(2045);
    expect(isValidExpiry('12', '2030', NOW)).toBe(true);
    expect(isValidExpiry('', '2030', NOW)).toBe(false);
    expect(isValidExpiry('13', '2030', NOW)).toBe(false);
    expect(isValidExpiry('5', '', NOW)).toBe(false);
    expect(isValidExpiry('5', '2046', NOW)).toBe(false);
  });
  it('lists every broken field of a card form', () => {
    const good = {
      nameOncard: 'Sam',
      cardNumber: '4111111111111111',
      cvn: '123',
      expiryMonth: '1',
      expiryYear: '2027',
    };
    expect(cardFormProblems(good, NOW)).toEqual([]);
    expect(cardFormProblems({ ...good, cardNumber: '4111111111111112' }, NOW)).toEqual(['cardNumber']);
    expect(cardFormProblems({ ...good, nameOncard: ' ', cvn: '1', expiryYear: '' }, NOW)).toEqual([
      'nameOncard',
      'cvn',
      'expiryYear',
    ]);
  });
});
