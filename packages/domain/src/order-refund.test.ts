import { describe, expect, it } from 'vitest';
import { refundGivenSentence, refundSentence } from './order-refund.ts';

describe('refundSentence', () => {
  it('names the amount and the card it went back to', () => {
    expect(refundSentence({ amountMinor: 1250, method: 'card', cardLastFour: '4242', couponCode: null })).toBe(
      'Your payment of $12.50 to card ending 4242 has been refunded.',
    );
    expect(refundSentence({ amountMinor: 1250, method: 'card', cardLastFour: null, couponCode: null })).toBe(
      'Your payment of $12.50 has been refunded to your card.',
    );
  });

  it('names the wallet, or the coupon that paid', () => {
    expect(refundSentence({ amountMinor: 900, method: 'applePay', cardLastFour: null, couponCode: null })).toBe(
      'Your payment of $9.00 by Apple Pay has been refunded.',
    );
    expect(refundSentence({ amountMinor: 1250, method: 'coupon', cardLastFour: null, couponCode: 'FREEMEAL' })).toBe(
      'Your order of $12.50 paid with coupon FREEMEAL has been refunded.',
    );
  });

  it('says a coupon that paid part of a card order can be used again', () => {
    expect(refundSentence({ amountMinor: 750, method: 'card', cardLastFour: '4242', couponCode: 'SAVE5' })).toBe(
      'Your payment of $7.50 to card ending 4242 has been refunded. Coupon SAVE5 can be used again.',
    );
  });
});

describe('refundGivenSentence', () => {
  it('names the amount and the card it went back to', () => {
    expect(refundGivenSentence({ amountMinor: 350, method: 'card', cardLastFour: '4242', couponCode: null })).toBe(
      '$3.50 has been refunded to your card ending 4242.',
    );
    expect(refundGivenSentence({ amountMinor: 350, method: 'card', cardLastFour: null, couponCode: null })).toBe(
      '$3.50 has been refunded to your card.',
    );
  });
  it('names the wallet, and the coupon whose use came back', () => {
    expect(
      refundGivenSentence({ amountMinor: 1200, method: 'googlePay', cardLastFour: null, couponCode: 'HALF' }),
    ).toBe('$12.00 has been refunded to your Google Pay. Coupon HALF can be used again.');
    expect(refundGivenSentence({ amountMinor: 0, method: 'coupon', cardLastFour: null, couponCode: 'FREE' })).toBe(
      'Coupon FREE can be used again.',
    );
  });
});
