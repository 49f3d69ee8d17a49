/**
 * Card form rules of spec §5 and §9 (number, CVN, name, expiry) and the one Luhn check, shared by
 * the app's card form, the sandbox gateway and the server's log redaction.
 */

/** Spec §9: card number 13 to 16 digits. */
export const CARD_NUMBER_MIN_DIGITS = 13;
export const CARD_NUMBER_MAX_DIGITS = 16;
/** Spec §9: CVN 3 to 4 digits (the new-card input is capped at 4). */
export const CVN_MIN_DIGITS = 3;
export const CVN_MAX_DIGITS = 4;
/** Spec §9: the expiry list offers 20 years. */
export const EXPIRY_YEAR_COUNT = 20;

/** The digits of a card number as typed ("4111 1111 1111 1111" → "4111111111111111"). */
export function cardDigits(text: string): string {
  return text.replace(/[\s-]/g, '');
}

/** Spec §5: a card number of 13 to 16 digits (spaces and dashes ignored), whatever its check digit. */
export function hasCardNumberLength(text: string): boolean {
  return new RegExp(`^\\d{${CARD_NUMBER_MIN_DIGITS},${CARD_NUMBER_MAX_DIGITS}}$`).test(cardDigits(text));
}

/**
 * The Luhn checksum of a digit string: card numbers end in a digit that makes it pass, so a mistyped
 * digit or two swapped neighbours are caught before the card is charged.
 */
export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * Spec §5: a card number of 13 to 16 digits (spaces and dashes ignored) whose check digit is right.
 * The one rule for a card number: the app's form and the sandbox gateway both use it.
 */
export function isValidCardNumber(text: string): boolean {
  return hasCardNumberLength(text) && passesLuhn(cardDigits(text));
}

/** Spec §5: a CVN of 3 to 4 digits (new and saved cards alike). */
export function isValidCvn(text: string): boolean {
  return new RegExp(`^\\d{${CVN_MIN_DIGITS},${CVN_MAX_DIGITS}}$`).test(text);
}

/** What the CVN input keeps of what is typed: digits only, at most 4. */
export function capCvn(text: string): string {
  return text.replace(/\D/g, '').slice(0, CVN_MAX_DIGITS);
}

/** Spec §5: the name on a card must not be blank. */
export function isNonBlank(text: string): boolean {
  return text.trim() !== '';
}

/** Spec §5: an expiry month (1–12) and year (one of the offered years) are chosen. */
export function isValidExpiry(month: string, year: string, nowMs: number = Date.now()): boolean {
  const m = Number(month);
  return (
    /^\d{1,2}$/.test(month) && m >= 1 && m <= 12 && expiryYears(nowMs).includes(Number(year)) && /^\d{4}$/.test(year)
  );
}

/** Spec §9: the expiry years offered, this year and the 19 after it. */
export function expiryYears(nowMs: number = Date.now()): number[] {
  const first = new Date(nowMs).getUTCFullYear();
  return Array.from({ length: EXPIRY_YEAR_COUNT }, (_, index) => first + index);
}

/** The new-card form of spec §3. */
export interface CardForm {
  nameOncard: string;
  cardNumber: string;
  cvn: string;
  expiryMonth: string;
  expiryYear: string;
}

/** Which fields of a new-card form break spec §5's rules (empty when it may be paid with). */
export function cardFormProblems(form: CardForm, nowMs: number = Date.now()): (keyof CardForm)[] {
  const problems: (keyof CardForm)[] = [];
  if (!isNonBlank(form.nameOncard)) problems.push('nameOncard');
  if (!isValidCardNumber(form.cardNumber)) problems.push('cardNumber');
  if (!isValidCvn(form.cvn)) problems.push('cvn');
  if (!/^\d{1,2}$/.test(form.expiryMonth) || Number(form.expiryMonth) < 1 || Number(form.expiryMonth) > 12)
    problems.push('expiryMonth');
  if (!expiryYears(nowMs).includes(Number(form.expiryYear))) problems.push('expiryYear');
  return problems;
}
