/**
 * Spec §4 payment result codes and spec §8 what the customer is told for each: one declaration for
 * the contract (the gateway's answer), the server (an outcome's `messages`) and the web app (the card
 * notice). The texts are the product spec's, word for word.
 */

/** Spec §4: 1 success, 2 declined, 96 system error, 97 validation error, 98 invalid token, 99 invalid verification, 999 gateway error. */
export const PAYMENT_RESULT_CODES = {
  success: 1,
  declined: 2,
  systemError: 96,
  validationError: 97,
  invalidToken: 98,
  invalidVerification: 99,
  gatewayError: 999,
} as const;

export type PaymentResultCode = (typeof PAYMENT_RESULT_CODES)[keyof typeof PAYMENT_RESULT_CODES];

export const PAYMENT_SUCCESSFUL_MESSAGE = 'Payment successful.';
export const DECLINED_MESSAGE = 'Your card has been declined by the bank, please check the details below.';
export const RETRY_MESSAGE = 'The payment should be attempted again. If it still cannot be processed, try again later.';
export const CHECK_DETAILS_MESSAGE = 'Please check credit card details.';
export const SWITCH_CARD_MESSAGE = 'Sorry, please switch to new card.';
export const TEMPORARY_PROBLEM_MESSAGE =
  "Temporary problem, you haven't been charged for this order. Please check your card details below.";
export const UNKNOWN_PROBLEM_MESSAGE =
  'Unknown problem. Please check your card details and try again, or contact the venue if the problem persists.';
/** Spec §8 wallets: a wallet payment that did not go through. */
export const WALLET_ERROR_MESSAGE =
  'Error Processing payment. Please try again later or use an alternative form of payment.';
/** Spec §4: the order did not reach a resolved status in time. */
export const ORDER_NOT_RESOLVED_MESSAGE = 'Order not resolved, max retries reached';

/** Spec §8 messages by result code, success included (an outcome's `messages`). */
export const PAYMENT_RESULT_MESSAGES: Readonly<Record<number, string>> = {
  [PAYMENT_RESULT_CODES.success]: PAYMENT_SUCCESSFUL_MESSAGE,
  [PAYMENT_RESULT_CODES.declined]: DECLINED_MESSAGE,
  [PAYMENT_RESULT_CODES.systemError]: RETRY_MESSAGE,
  [PAYMENT_RESULT_CODES.validationError]: CHECK_DETAILS_MESSAGE,
  [PAYMENT_RESULT_CODES.invalidToken]: SWITCH_CARD_MESSAGE,
  [PAYMENT_RESULT_CODES.invalidVerification]: TEMPORARY_PROBLEM_MESSAGE,
  [PAYMENT_RESULT_CODES.gatewayError]: TEMPORARY_PROBLEM_MESSAGE,
};

/** Whether a gateway result code means the card was charged. */
export function isSuccessCode(code: number | string | null | undefined): boolean {
  return Number(code) === PAYMENT_RESULT_CODES.success;
}

/** The card notice for an unsuccessful result code (spec §8); the unknown-problem text for any other. */
export function resultMessage(code: number | string | null | undefined): string {
  const number = Number(code);
  if (number === PAYMENT_RESULT_CODES.success) return UNKNOWN_PROBLEM_MESSAGE;
  return PAYMENT_RESULT_MESSAGES[number] ?? UNKNOWN_PROBLEM_MESSAGE;
}
