/** Spec §4/§8: gateway result codes and what the customer is told for each. */

export const RESULT_CODES = {
  success: 1,
  declined: 2,
  systemErrorDeclined: 96,
  validationError: 97,
  invalidToken: 98,
  invalidVerification: 99,
  gatewayError: 999,
} as const;

export const DECLINED_MESSAGE = 'Your card has been declined by the bank, please check the details below.';
export const RETRY_MESSAGE = 'The payment should be attempted again. If it still cannot be processed, try again later.';
export const CHECK_DETAILS_MESSAGE = 'Please check credit card details.';
export const SWITCH_CARD_MESSAGE = 'Sorry, please switch to new card.';
export const TEMPORARY_PROBLEM_MESSAGE =
  "Temporary problem, you haven't been charged for this order. Please check your card details below.";
export const UNKNOWN_PROBLEM_MESSAGE =
  'Unknown problem. Please check your card details and try again, or contact the venue if the problem persists.';
/** Spec §8 wallets. */
export const WALLET_ERROR_MESSAGE =
  'Error Processing payment. Please try again later or use an alternative form of payment.';
/** Spec §4: the order did not reach a resolved status in time. */
export const ORDER_NOT_RESOLVED_MESSAGE = 'Order not resolved, max retries reached';

/** Whether a gateway result code means the card was charged. */
export function isSuccessCode(code: number | string | null | undefined): boolean {
  return Number(code) === RESULT_CODES.success;
}

/** The card notice for an unsuccessful result code (spec §8). */
export function resultMessage(code: number | string | null | undefined): string {
  switch (Number(code)) {
    case RESULT_CODES.declined:
      return DECLINED_MESSAGE;
    case RESULT_CODES.systemErrorDeclined:
      return RETRY_MESSAGE;
    case RESULT_CODES.validationError:
      return CHECK_DETAILS_MESSAGE;
    case RESULT_CODES.invalidToken:
      return SWITCH_CARD_MESSAGE;
    case RESULT_CODES.invalidVerification:
    case RESULT_CODES.gatewayError:
      return TEMPORARY_PROBLEM_MESSAGE;
    default:
      return UNKNOWN_PROBLEM_MESSAGE;
  }
}
