import type { OrderCoupon } from '@venue/contract/coupon';
import type { PaymentOutcome } from '@venue/contract/payment';
import { PAYMENT_REQUEST_TIMEOUT_MS } from '../../../lib/api-client';
import { signedRequest, type SigningKey } from '../../../lib/request-signing';

/** GET /v1/current-consumer/order/{orderId}/coupon (auth): the order's coupon state (eligibility). */
export function getCoupon(key: SigningKey, orderId: number): Promise<OrderCoupon> {
  return signedRequest(key, `/current-consumer/order/${orderId}/coupon`);
}

/** PUT /v1/current-consumer/order/{orderId}/coupon?couponCode= (auth): answers maybeCouponCode and the new invoice. */
export function applyCoupon(key: SigningKey, orderId: number, couponCode: string): Promise<OrderCoupon> {
  return signedRequest(key, `/current-consumer/order/${orderId}/coupon?couponCode=${encodeURIComponent(couponCode)}`, {
    method: 'PUT',
  });
}

/** POST /v1/current-consumer/order/{orderId}/coupon/purchase (auth): pays the whole order with the coupon. */
export function purchaseWithCoupon(
  key: SigningKey,
  orderId: number,
  coupon: { couponCode?: string; verificationCode?: string },
): Promise<PaymentOutcome> {
  return signedRequest(key, `/current-consumer/order/${orderId}/coupon/purchase`, {
    method: 'POST',
    body: coupon,
    // it pays the order: a payment call's longer timeout
    timeoutMs: PAYMENT_REQUEST_TIMEOUT_MS,
  });
}

/** DELETE /v1/current-consumer/order/{orderId}/coupon (auth): takes the coupon off; answers the order priced without it. */
export function removeCoupon(key: SigningKey, orderId: number): Promise<OrderCoupon> {
  return signedRequest(key, `/current-consumer/order/${orderId}/coupon`, { method: 'DELETE' });
}
