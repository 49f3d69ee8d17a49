/** Contact form rules of spec §5 and §9 (mobile, e-mail), shared by the app and the server. Card rules: card-validation.ts. */

/** Spec §9: mobile at least 10 digits. */
export const MIN_MOBILE_DIGITS = 10;
/** E.164 allows no more than 15 digits, so a longer number cannot be dialled anywhere. */
export const MAX_MOBILE_DIGITS = 15;
/** The longest e-mail address that fits a mail path (RFC 5321: 256 minus the angle brackets). */
export const EMAIL_MAX_LENGTH = 254;
/** The longest local part (before the @) RFC 5321 allows. */
const EMAIL_LOCAL_MAX_LENGTH = 64;
/** Separators people type inside a phone number; they are not part of it. */
const PHONE_SEPARATORS = /[\s\-().]/g;

/** The mobile number as stored: separators removed ("0412 345 678" → "0412345678"). */
export function normalizeMobile(text: string): string {
  return text.replace(PHONE_SEPARATORS, '');
}

/** Spec §5: an optional plus sign, then 10 to 15 digits. */
const MOBILE_PATTERN = new RegExp(`^\\+?\\d{${MIN_MOBILE_DIGITS},${MAX_MOBILE_DIGITS}}$`);

/**
 * Spec §5: an optional plus sign, then at least 10 digits (separators ignored), and no more than
 * E.164's 15. The one rule for a mobile: the app's form and the server's schema both use it.
 */
export function isValidMobile(text: string): boolean {
  return MOBILE_PATTERN.test(normalizeMobile(text));
}

/** What the app says next to an e-mail address that is not one, and what the server answers (spec §5). */
export const INVALID_EMAIL_TEXT = 'Please enter a valid email';

/** One dot-free run of the local part: the characters the WHATWG e-mail pattern allows there, ASCII only. */
const EMAIL_ATOM = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+";
/** A domain label: letters, digits and inner hyphens, at most 63 characters. */
const DOMAIN_LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
/**
 * local@label.label…tld: the local part is atoms joined by single dots (none leading, trailing or
 * doubled); the top-level domain is letters only, so "a@b.c0m" is refused.
 */
const EMAIL_PATTERN = new RegExp(`^${EMAIL_ATOM}(?:\\.${EMAIL_ATOM})*@(?:${DOMAIN_LABEL}\\.)+[A-Za-z]{2,63}$`);

/**
 * Spec §5: a standard pattern check of an e-mail address (surrounding spaces ignored). The one rule
 * for an e-mail address: the app's forms and the server's schema both use it.
 */
export function isValidEmail(text: string): boolean {
  const address = text.trim();
  // Lengths first: they bound the pattern's work on hostile input too.
  if (address.length > EMAIL_MAX_LENGTH) return false;
  const localLength = address.lastIndexOf('@');
  return localLength <= EMAIL_LOCAL_MAX_LENGTH && EMAIL_PATTERN.test(address);
}

/** Spec §5: e-mail is optional; it is acceptable when empty or valid. */
export function isAcceptableEmail(text: string): boolean {
  return text.trim() === '' || isValidEmail(text);
}
