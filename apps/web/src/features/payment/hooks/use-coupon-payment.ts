import { useState } from 'react';
import { useSelector, useStore } from 'react-redux';
import { ApiError, errorMessage } from '../../../lib/api-client';
import {
  couponApplied,
  couponApplying,
  couponFailed,
  couponRemoved,
  type PlacedOrderState,
} from '../../../entities/placed-order';
import type { WithConsumer } from '../../../entities/consumer';
import { applyCoupon, purchaseWithCoupon, removeCoupon } from '../api/coupons';
import { signingKeyOf } from '../../../lib/request-signing';
import { UNKNOWN_PROBLEM_MESSAGE } from '@venue/domain/payment-results';

type State = WithConsumer & { placedOrder: PlacedOrderState };

/** Spec §5/§8: what a refused coupon says when the server gives no message. */
export const INVALID_COUPON_MESSAGE = 'Invalid coupon code.';
/** Spec §9: a coupon purchase failure is reported after 1 s. */
export const COUPON_PURCHASE_ERROR_DELAY_MS = 1000;

/** The first message of a refused call (spec §8: the coupon modal shows the server's first message). */
function firstServerMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && !error.isNetworkError) {
    const body = error.body as { messages?: unknown; message?: unknown } | null;
    if (body && Array.isArray(body.messages) && typeof body.messages[0] === 'string') return body.messages[0];
    if (body && typeof body.message === 'string' && body.message) return body.message;
  }
  return fallback;
}

export interface CouponPaymentInput {
  /** the vendor takes coupon payment */
  allowed: boolean;
  /** a coupon covering the whole order paid it: follow the order until the vendor has it */
  paid: (orderId: number) => void;
  notice: { show: (message: string) => void };
  setBusyLabel: (label: string | null) => void;
}

/**
 * Spec §4/§5 coupon on the payment screen: applying a code (a coupon that covers the whole order
 * pays it), taking it off before paying, and whether a coupon may be offered at all.
 */
export function useCouponPayment({ allowed, paid, notice, setBusyLabel }: CouponPaymentInput) {
  const store = useStore<State>();
  const { dispatch } = store;
  const placed = useSelector((state: State) => state.placedOrder);
  const [open, setOpen] = useState(false);
  const [removing, setRemoving] = useState(false);
  const key = () => signingKeyOf(store.getState().consumer);

  const apply = async (code: string) => {
    const signing = key();
    if (!signing || placed.id === null) return;
    dispatch(couponApplying(code));
    let answer;
    try {
      answer = await applyCoupon(signing, placed.id, code);
    } catch (error) {
      dispatch(couponFailed(firstServerMessage(error, INVALID_COUPON_MESSAGE)));
      return;
    }
    if (!answer.maybeCouponCode) {
      dispatch(couponFailed(INVALID_COUPON_MESSAGE));
      return;
    }
    dispatch(
      couponApplied({
        code: answer.maybeCouponCode,
        totalMinor: answer.invoice.total.minorAmount,
        data: {
          couponCode: answer.maybeCouponCode,
          verificationCode: answer.verificationCode,
          coversTotal: answer.coversTotal,
        },
        reInitiate: !answer.coversTotal,
        paymentSummary: answer.invoice.paymentSummary,
      }),
    );
    setOpen(false);
    if (!answer.coversTotal) return;

    // A coupon covering the whole order pays it (spec §4).
    setBusyLabel('Processing payment…');
    try {
      const outcome = await purchaseWithCoupon(signing, placed.id, {
        couponCode: answer.maybeCouponCode,
        ...(answer.verificationCode ? { verificationCode: answer.verificationCode } : {}),
      });
      if (!outcome.successful) throw new Error(outcome.messages[0] ?? UNKNOWN_PROBLEM_MESSAGE);
      setBusyLabel(null);
      paid(placed.id);
    } catch (error) {
      const message =
        error instanceof ApiError ? firstServerMessage(error, UNKNOWN_PROBLEM_MESSAGE) : errorMessage(error);
      // Spec §9: coupon purchase error delay 1000 ms.
      setTimeout(() => {
        setBusyLabel(null);
        notice.show(message);
      }, COUPON_PURCHASE_ERROR_DELAY_MS);
    }
  };

  /** Takes the coupon off before paying: the server prices the order again and the payment starts again for it. */
  const remove = async () => {
    const signing = key();
    if (!signing || placed.id === null) return;
    setRemoving(true);
    try {
      const answer = await removeCoupon(signing, placed.id);
      dispatch(
        couponRemoved({ totalMinor: answer.invoice.total.minorAmount, paymentSummary: answer.invoice.paymentSummary }),
      );
    } catch (error) {
      notice.show(firstServerMessage(error, errorMessage(error)));
    } finally {
      setRemoving(false);
    }
  };

  return {
    offered:
      allowed &&
      (placed.coupon.fetchStatus !== 'success' || placed.coupon.eligible) &&
      placed.coupon.appliedCoupon === null,
    open,
    setOpen,
    removing,
    apply,
    remove,
    applying: placed.coupon.applyingCoupon,
    error: placed.coupon.error,
    appliedCoupon: placed.coupon.appliedCoupon,
  };
}
