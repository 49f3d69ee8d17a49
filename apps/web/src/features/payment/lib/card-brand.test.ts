import { describe, expect, it } from 'vitest';
import { cardBrand } from './card-brand';

describe('cardBrand (spec §5 brand icon)', () => {
  it.each([
    ['4111 1111 1111 1111', 'visa'],
    ['4', 'visa'],
    ['5555555555554444', 'mastercard'],
    ['2221000000000009', 'mastercard'],
    ['2720990000000007', 'mastercard'],
    ['378282246310005', 'amex'],
    ['341111111111111', 'amex'],
    ['30569309025904', 'diners-club'],
    ['38520000023237', 'diners-club'],
    ['3530111333300000', 'jcb'],
    ['3566002020360505', 'jcb'],
  ])('%s is %s', (number, brand) => {
    expect(cardBrand(number)).toBe(brand);
  });
  it('is generic for other or empty numbers', () => {
    expect(cardBrand('')).toBe('generic');
    expect(cardBrand('6011111111111117')).toBe('generic');
    expect(cardBrand('2730000000000000')).toBe('generic');
    expect(cardBrand('1234')).toBe('generic');
  });
});
