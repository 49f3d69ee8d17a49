/**
 * The sentence that tells a customer a cancelled order's payment was given back (issue 23), the
 * same on the phone and in the refund email: the amount, and where it went (the card's last four
 * digits, the wallet, or the coupon that paid).
 */
import { formatMoney } from './money.ts';

export interface RefundFacts {
  amountMinor: number;
  method: 'card' | 'applePay' | 'googlePay' | 'coupon';
  cardLastFour: string | null;
  couponCode: string | null;
}

const WALLETS = { applePay: 'Apple Pay', googlePay: 'Google Pay' } as const;

export function refundSentence(refund: RefundFacts): string {
  const amount = formatMoney(refund.amountMinor);
  if (refund.method === 'coupon') {
    const coupon = refund.couponCode ? `coupon ${refund.couponCode}` : 'a coupon';
    return `Your order of ${amount} paid with ${coupon} has been refunded.`;
  }
  const where =
    refund.method === 'card'
      ? refund.cardLastFour
        ? `Your payment of ${amount} to card ending ${refund.cardLastFour} has been refunded.`
        : `Your payment of ${amount} has been refunded to your card.`
      : `Your payment of ${amount} by ${WALLETS[refund.method]} has been refunded.`;
  // A coupon that paid part of the order is given back too.
  return refund.couponCode ? `${where} Coupon ${refund.couponCode} can be used again.` : where;
}

/**
 * The sentence that tells a customer what one refund given by the venue sent back (issue 26: a
 * refund in part or in full, also after collection): the amount and where it went, and the coupon
 * when its use came back.
 */
export function refundGivenSentence(refund: RefundFacts): string {
  const amount = formatMoney(refund.amountMinor);
  const coupon = refund.couponCode ? `Coupon ${refund.couponCode} can be used again.` : '';
  if (refund.method === 'coupon' || refund.amountMinor === 0) return coupon || 'Your coupon can be used again.';
  const where =
    refund.method === 'card'
      ? refund.cardLastFour
        ? `${amount} has been refunded to your card ending ${refund.cardLastFour}.`
        : `${amount} has been refunded to your card.`
      : `${amount} has been refunded to your ${WALLETS[refund.method]}.`;
  return coupon ? `${where} ${coupon}` : where;
}
