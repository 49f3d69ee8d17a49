/** Spec §4/§8: gateway result codes and what the customer is told for each, as the domain declares them. */
export {
  CHECK_DETAILS_MESSAGE,
  DECLINED_MESSAGE,
  isSuccessCode,
  ORDER_NOT_RESOLVED_MESSAGE,
  PAYMENT_RESULT_CODES as RESULT_CODES,
  resultMessage,
  RETRY_MESSAGE,
  SWITCH_CARD_MESSAGE,
  TEMPORARY_PROBLEM_MESSAGE,
  UNKNOWN_PROBLEM_MESSAGE,
  WALLET_ERROR_MESSAGE,
} from '@venue/domain/payment-results';
