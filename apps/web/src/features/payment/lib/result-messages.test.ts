import { describe, expect, it } from 'vitest';
import { isSuccessCode, resultMessage } from './result-messages';

describe('card result messages (spec §8)', () => {
  it('names each failure code with its exact text', () => {
    expect(resultMessage(2)).toBe('Your card has been declined by the bank, please check the details below.');
    expect(resultMessage(96)).toBe(
      'The payment should be attempted again. If it still cannot be processed, try again later.',
    );
    expect(resultMessage(97)).toBe('Please check credit card details.');
    expect(resultMessage(98)).toBe('Sorry, please switch to new card.');
    for (const code of [99, 999, '999'])
      expect(resultMessage(code)).toBe(
        "Temporary problem, you haven't been charged for this order. Please check your card details below.",
      );
  });
  it('falls back to the unknown-problem text for any other code', () => {
    for (const code of [0, 3, 100, null, undefined, 'x'])
      expect(resultMessage(code)).toBe(
        'Unknown problem. Please check your card details and try again, or contact the venue if the problem persists.',
      );
  });
  it('treats only code 1 as success', () => {
    expect(isSuccessCode(1)).toBe(true);
    expect(isSuccessCode('1')).toBe(true);
    expect(isSuccessCode(2)).toBe(false);
    expect(isSuccessCode(null)).toBe(false);
  });
});
