import { describe, expect, it } from 'vitest';
import {
  isSuccessCode,
  PAYMENT_RESULT_CODES,
  PAYMENT_RESULT_MESSAGES,
  resultMessage,
  UNKNOWN_PROBLEM_MESSAGE,
} from './payment-results.ts';

describe('payment result codes and messages (spec §4, §8)', () => {
  it('numbers the codes as the gateway does', () => {
    expect(PAYMENT_RESULT_CODES).toEqual({
      success: 1,
      declined: 2,
      systemError: 96,
      validationError: 97,
      invalidToken: 98,
      invalidVerification: 99,
      gatewayError: 999,
    });
  });

  it("names each code with the spec's exact text", () => {
    expect(PAYMENT_RESULT_MESSAGES).toEqual({
      1: 'Payment successful.',
      2: 'Your card has been declined by the bank, please check the details below.',
      96: 'The payment should be attempted again. If it still cannot be processed, try again later.',
      97: 'Please check credit card details.',
      98: 'Sorry, please switch to new card.',
      99: "Temporary problem, you haven't been charged for this order. Please check your card details below.",
      999: "Temporary problem, you haven't been charged for this order. Please check your card details below.",
    });
  });

  it('gives the card notice of a failure code, written as a number or a string', () => {
    expect(resultMessage(2)).toBe(PAYMENT_RESULT_MESSAGES[2]);
    expect(resultMessage('97')).toBe('Please check credit card details.');
    expect(resultMessage(999)).toBe(resultMessage(99));
  });

  it('falls back to the unknown-problem text for success and any other code', () => {
    expect(UNKNOWN_PROBLEM_MESSAGE).toBe(
      'Unknown problem. Please check your card details and try again, or contact the venue if the problem persists.',
    );
    for (const code of [1, 0, 3, 100, null, undefined, 'x']) expect(resultMessage(code)).toBe(UNKNOWN_PROBLEM_MESSAGE);
  });

  it('treats only code 1 as success', () => {
    expect(isSuccessCode(1)).toBe(true);
    expect(isSuccessCode('1')).toBe(true);
    expect(isSuccessCode(2)).toBe(false);
    expect(isSuccessCode(null)).toBe(false);
  });
});
