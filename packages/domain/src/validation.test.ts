import { describe, expect, it } from 'vitest';
import { isAcceptableEmail, isValidEmail, isValidMobile, normalizeMobile } from './validation.ts';

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
