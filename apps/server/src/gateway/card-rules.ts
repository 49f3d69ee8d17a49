/** The sandbox gateway's card rules (architecture page: outcomes for tests, by CVV). */
import { PAYMENT_RESULT_CODES } from '@venue/contract/payment';
import { isValidCardNumber, isValidCvn } from '@venue/domain/card-validation';

/** CVVs that force a result code; any other CVV succeeds. */
const CVV_OUTCOMES: Record<string, number> = {
  '200': PAYMENT_RESULT_CODES.declined,
  '960': PAYMENT_RESULT_CODES.systemError,
  '970': PAYMENT_RESULT_CODES.validationError,
  '980': PAYMENT_RESULT_CODES.invalidToken,
  '990': PAYMENT_RESULT_CODES.invalidVerification,
  '999': PAYMENT_RESULT_CODES.gatewayError,
};

/**
 * The result code of charging a card: 97 when the number or CVV is malformed or fails Luhn, else by
 * CVV. The app checks the same rules first, but the gateway decides whatever the client sent.
 */
export function cardOutcome(cardNumber: string, cvv: string): number {
  if (!isValidCardNumber(cardNumber) || !isValidCvn(cvv)) return PAYMENT_RESULT_CODES.validationError;
  return cvvOutcome(cvv);
}

/** The result code a CVV forces (1 when it forces none). */
export function cvvOutcome(cvv: string): number {
  return CVV_OUTCOMES[cvv] ?? PAYMENT_RESULT_CODES.success;
}

/** "•••• •••• •••• 4242": only the last four digits survive. */
export function maskCardNumber(cardNumber: string): string {
  const digits = cardNumber.replace(/\D/g, '');
  return `•••• •••• •••• ${digits.slice(-4)}`;
}

/**
 * The card's brand from its first digits (the issuer ranges a gateway reports), or 'Card' when
 * none is known. Only the brand and the last four digits are ever kept.
 */
export function cardBrand(cardNumber: string): string {
  const digits = cardNumber.replace(/\D/g, '');
  const two = Number(digits.slice(0, 2));
  const four = Number(digits.slice(0, 4));
  if (digits.startsWith('4')) return 'Visa';
  if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) return 'Mastercard';
  if (two === 34 || two === 37) return 'American Express';
  if (digits.startsWith('6011') || two === 65 || (four >= 6440 && four <= 6499)) return 'Discover';
  if (two === 35) return 'JCB';
  if (two === 36 || two === 38 || two === 30) return 'Diners Club';
  return 'Card';
}

/** Whether an expiry month/year is this month or later (UTC). */
export function isUnexpired(month: string, year: string, nowMs: number): boolean {
  const m = Number(month);
  let y = Number(year);
  if (!Number.isInteger(m) || m < 1 || m > 12 || !Number.isInteger(y)) return false;
  if (y < 100) y += 2000;
  const now = new Date(nowMs);
  return y > now.getUTCFullYear() || (y === now.getUTCFullYear() && m >= now.getUTCMonth() + 1);
}
