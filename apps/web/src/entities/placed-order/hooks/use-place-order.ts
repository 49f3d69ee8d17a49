import { useCallback, useState } from 'react';
import { useDispatch, useStore } from 'react-redux';
import type { PlaceOrderRequest, PlacedOrder } from '@venue/contract/order';
import { isActiveStatus, isFinishedStatus } from '@venue/domain/order-status';
import { errorMessage } from '../../../lib/api-client';
import { signedRequest, type SigningKey } from '../../../lib/request-signing';
import { getPlacedOrder } from '../api/get-placed-order';
import { placedFromKey, toPlacedOrderData } from '../lib/placed-order';
import {
  couponChecked,
  couponCheckFailed,
  orderDetailsReceived,
  orderPlaced,
  orderReceived,
  placingFailed,
  placingStarted,
  type CouponData,
  type PlacedOrderState,
} from '../store/placed-order-slice';

/**
 * POST /v1/vendor/{vendorId}/place-order (auth, spec §7). The Idempotency-Key makes a retried call
 * answer the same order; `campaignId` travels in the query.
 */
export function placeOrder(
  key: SigningKey,
  vendorId: number,
  body: PlaceOrderRequest,
  idempotencyKey: string,
  campaignId: string | null,
): Promise<PlacedOrder> {
  const query = campaignId ? `?campaignId=${encodeURIComponent(campaignId)}` : '';
  return signedRequest(key, `/vendor/${vendorId}/place-order${query}`, {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/** The screen that follows a placed order: payment, or wait-order / alert-order when it needs none. */
export type AfterPlacing = 'payment' | 'waitOrder' | 'alertOrder';

/** Where the checkout goes once the order is placed. */
export interface Placed {
  orderId: number;
  vendorId: number;
  key: SigningKey;
  next: AfterPlacing;
}

export interface PlaceOrderInput {
  vendorId: number | null;
  campaignId: string | null;
  /** saves the customer's details and answers their signing key, or null when that failed (the customer was told) */
  saveConsumer: () => Promise<SigningKey | null>;
  /** the order to place for this consumer, as the basket holds it now */
  orderRequest: (vendorId: number, consumerId: string) => Promise<PlaceOrderRequest>;
  /** the order's coupon eligibility, when the vendor takes coupon payment */
  checkCoupon: ((key: SigningKey, orderId: number) => Promise<{ eligible: boolean; data: CouponData }>) | null;
  /** the order could not be placed: the server's message */
  onProblem: (message: string) => void;
}

/**
 * Spec §2 transition guard of the contact screen: save the consumer, place the order (once per
 * Idempotency-Key; the same basket's Pending order is paid rather than placed twice), check coupon
 * eligibility, and say where to go next. `place` answers null when it stopped; `placing` is true
 * while it runs.
 */
export function usePlaceOrder({
  vendorId,
  campaignId,
  saveConsumer,
  orderRequest,
  checkCoupon,
  onProblem,
}: PlaceOrderInput) {
  const dispatch = useDispatch();
  const store = useStore<{ placedOrder: PlacedOrderState }>();
  const [placing, setPlacing] = useState(false);

  const placeOnce = useCallback(async (): Promise<Placed | null> => {
    if (vendorId === null) return null;
    const key = await saveConsumer();
    if (!key) return null;
    dispatch(placingStarted());
    const idempotencyKey = store.getState().placedOrder.idempotencyKey ?? crypto.randomUUID();
    const body = await orderRequest(vendorId, key.consumerId);
    const placedFrom = placedFromKey(vendorId, body, campaignId);
    // The same basket again (after a wallet failure, or back from payment): its Pending order is paid, not placed twice.
    const earlier = store.getState().placedOrder;
    if (earlier.id !== null && earlier.vendorId === vendorId && earlier.placedFrom === placedFrom) {
      try {
        const order = await getPlacedOrder(key, vendorId, earlier.id);
        if (order.orderStatus === 'Pending') {
          dispatch(orderReceived(toPlacedOrderData(order)));
          return { orderId: order.id, vendorId, key, next: 'payment' };
        }
      } catch {
        // not readable now: place it afresh
      }
    }
    let placed;
    try {
      placed = await placeOrder(key, vendorId, body, idempotencyKey, campaignId);
    } catch (error) {
      const message = errorMessage(error);
      dispatch(placingFailed(message));
      onProblem(message);
      return null;
    }
    dispatch(
      orderPlaced({
        order: toPlacedOrderData(placed),
        totalMinor: placed.paymentSummary.total.minorAmount,
        placedFrom,
      }),
    );
    dispatch(
      orderDetailsReceived({ id: placed.id, paymentSummary: placed.paymentSummary, serviceMode: placed.serviceMode }),
    );
    if (checkCoupon) {
      try {
        dispatch(couponChecked(await checkCoupon(key, placed.id)));
      } catch {
        dispatch(couponCheckFailed());
      }
    }
    const next = isActiveStatus(placed.orderStatus)
      ? 'waitOrder'
      : isFinishedStatus(placed.orderStatus)
        ? 'alertOrder'
        : 'payment';
    return { orderId: placed.id, vendorId, key, next };
  }, [dispatch, store, vendorId, campaignId, saveConsumer, orderRequest, checkCoupon, onProblem]);

  const place = useCallback(async () => {
    if (vendorId === null) return null;
    setPlacing(true);
    try {
      return await placeOnce();
    } finally {
      setPlacing(false);
    }
  }, [vendorId, placeOnce]);

  return { place, placing };
}
