import { describe, expect, it } from 'vitest';
import {
  capCvn,
  cardFormProblems,
  expiryYears,
  isAcceptableEmail,
  isNonBlank,
  isValidCardNumber,
  isValidCvn,
  isValidEmail,
  isValidExpiry,
  isValidMobile,
  normalizeMobile,
  passesLuhn,
} from './validation.ts';

const NOW = Date.UTC(2026, 10, 22, 6, 0);

describe('mobile (spec §5: optional plus, then at least 10 digits; E.164: at most 15)', () => {
  it('accepts 10 or more digits with or without a leading plus', () => {
    expect(isValidMobile('0412345678')).toBe(true);
    expect(isValidMobile('+61412345678')).toBe(true);
    expect(isValidMobile('0412 345 678')).toBe(true);
  });
  it('refuses fewer than 10 digits, letters and a plus anywhere but first', () => {
    expect(isValidMobile('041234567')).toBe(false);
    expect(isValidMobile('+123456789')).toBe(false);
    expect(isValidMobile('04123456a8')).toBe(false);
    expect(isValidMobile('0412+345678')).toBe(false);
    expect(isValidMobile('')).toBe(false);
  });
  it('refuses more than the 15 digits E.164 allows, separators or not', () => {
    expect(isValidMobile('+614123456789012')).toBe(true);
    expect(isValidMobile('0412345678901234')).toBe(false);
    expect(isValidMobile('+6141234567890123')).toBe(false);
    expect(isValidMobile('0412 3456 7890 1234')).toBe(false);
  });
  it('stores the number without separators', () => {
    expect(normalizeMobile('+61 412-345 678')).toBe('+61412345678');
  });
});

describe('email (spec §5: optional, standard pattern)', () => {
  it('accepts ordinary addresses', () => {
    expect(isValidEmail('sam@example.com')).toBe(true);
    expect(isValidEmail('first.last+tag@mail.example.com.au')).toBe(true);
    expect(isValidEmail("o'brien@example.ie")).toBe(true);
    expect(isValidEmail('  sam@example.com ')).toBe(true);
    expect(isValidEmail(`${'a'.repeat(64)}@example.com`)).toBe(true);
    expect(isValidEmail(`sam@${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(52)}.com`)).toBe(true);
  });
  it('refuses malformed addresses', () => {
    for (const bad of [
      'sam',
      'sam@',
      '@example.com',
      'sam@example',
      'sam @example.com',
      'sam@@example.com',
      'sam@example.c',
      // Addresses the server refused while the app let them through:
      'josé@example.com',
      'a..b@example.com',
      'a@b.c0m',
      '.sam@example.com',
      'sam.@example.com',
      'sam@-example.com',
      'sam@example-.com',
      'sam@exa_mple.com',
      `${'a'.repeat(65)}@example.com`,
      `sam@${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.com`,
    ])
      expect(isValidEmail(bad), bad).toBe(false);
  });
  it('treats an empty address as acceptable because it is optional', () => {
    expect(isAcceptableEmail('')).toBe(true);
    expect(isAcceptableEmail('  ')).toBe(true);
    expect(isAcceptableEmail('sam@')).toBe(false);
  });
});

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
