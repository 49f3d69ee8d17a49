/** Spec §5: the card brand icon follows the number's pattern. */
export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'diners-club' | 'jcb' | 'generic';

const PATTERNS: [CardBrand, RegExp][] = [
  ['amex', /^3[47]/],
  ['diners-club', /^3(?:0[0-5]|[689])/],
  ['jcb', /^35(?:2[89]|[3-8])/],
  ['visa', /^4/],
  ['mastercard', /^(?:5[1-5]|2(?:2[2-9]|[3-6]\d|7[01]|720))/],
];

/** The brand of a (partly) typed card number; spaces and dashes are ignored. */
export function cardBrand(cardNumber: string): CardBrand {
  const digits = cardNumber.replace(/[\s-]/g, '');
  for (const [brand, pattern] of PATTERNS) if (pattern.test(digits)) return brand;
  return 'generic';
}

/** Display names, for the icon's text alternative. */
export const CARD_BRAND_NAMES: Record<CardBrand, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  'diners-club': 'Diners Club',
  jcb: 'JCB',
  generic: 'Card',
};
