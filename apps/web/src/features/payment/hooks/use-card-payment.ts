import { useCallback, useEffect, useRef, useState } from 'react';
import { useSelector, useStore } from 'react-redux';
import type { PlacedOrder } from '@venue/contract/order';
import { isActiveStatus, isFinishedStatus } from '@venue/domain/order-status';
import { cardFormProblems, isValidCvn } from '@venue/domain/card-validation';
import { errorMessage } from '../../../lib/api-client';
import { useNotice } from '../../../lib/use-notice';
import {
  getPlacedOrder,
  orderDetailsReceived,
  orderFetchFailed,
  orderFetchStarted,
  orderReceived,
  paymentInitiated,
  paymentInitiating,
  paymentInitiationFailed,
  toPlacedOrderData,
  type PlacedOrderState,
} from '../../../entities/placed-order';
import type { WithConsumer } from '../../../entities/consumer';
import { initiatePayment, newAttemptKey, purchaseWithToken, updatePayment, verifyPayment } from '../api/payments';
import { signingKeyOf } from '../../../lib/request-signing';
import { emptyCardForm, type CardFormState } from '../components/card-form';
import { payByCard, payBySavedCard, type CardPaymentResult } from '../lib/card-payment';
import { jsonpRequest } from '../lib/gateway-jsonp';
import { usePaidOrder } from './use-paid-order';

type State = WithConsumer & { placedOrder: PlacedOrderState };

export interface CardPaymentInput {
  /** the order is paid (spec §4: success stores the order as lastOrder) */
  orderPaid: () => void;
  /** the order is with the vendor: the wait screen */
  toWaitOrder: () => void;
  /** the vendor needs the customer, or the order is over: the alert screen (`replace` on entry) */
  toAlertOrder: (replace: boolean) => void;
}

/**
 * Spec §2/§5 payment screen, step 1: the placed order is read again (blocking on error) and a
 * Pending one gets its payment initiated (again after a coupon changed the price); then the card,
 * saved or new, pays it, and the order is followed until the vendor has it.
 */
export function useCardPayment(input: CardPaymentInput) {
  const on = useRef(input);
  useEffect(() => {
    on.current = input;
  });
  const store = useStore<State>();
  const { dispatch } = store;
  const placed = useSelector((state: State) => state.placedOrder);
  const [form, setForm] = useState<CardFormState>(emptyCardForm);
  const [useSavedCard, setUseSavedCard] = useState(true);
  const [savedCvn, setSavedCvn] = useState('');
  const [attempted, setAttempted] = useState(false);
  const [busyLabel, setBusyLabel] = useState<string | null>(null);
  const [issuesOpen, setIssuesOpen] = useState(false);
  const notice = useNotice();

  const payment = placed.payment.data && placed.payment.data.orderId === placed.id ? placed.payment.data : null;
  const savedCard = payment?.savedPaymentMethod ?? null;
  const payingWithSaved = savedCard !== null && useSavedCard;

  /** The consumer's key and the placed order's ids, when both are known. */
  const orderKeys = useCallback(() => {
    const state = store.getState();
    const signing = signingKeyOf(state.consumer);
    const { id, vendorId } = state.placedOrder;
    return signing && id !== null && vendorId !== null ? { signing, id, vendorId } : null;
  }, [store]);

  const initiate = useCallback(async () => {
    const keys = orderKeys();
    if (!keys) return;
    const { signing, id, vendorId } = keys;
    dispatch(paymentInitiating());
    try {
      dispatch(paymentInitiated(await initiatePayment(signing, vendorId, id)));
    } catch (error) {
      dispatch(paymentInitiationFailed(errorMessage(error)));
    }
  }, [dispatch, orderKeys]);

  const received = useCallback(
    (order: PlacedOrder) => {
      dispatch(orderReceived(toPlacedOrderData(order)));
      dispatch(
        orderDetailsReceived({ id: order.id, paymentSummary: order.paymentSummary, serviceMode: order.serviceMode }),
      );
    },
    [dispatch],
  );

  const resolution = usePaidOrder({
    withDetails: true,
    paid: () => {
      on.current.orderPaid();
      on.current.toWaitOrder();
    },
    needsAttention: () => on.current.toAlertOrder(false),
  });

  /** Spec §2: payment re-fetches the placed order (blocking on error); a Pending order gets its payment initiated. */
  const load = useCallback(async () => {
    const keys = orderKeys();
    if (!keys) return;
    const { signing, id, vendorId } = keys;
    dispatch(orderFetchStarted());
    let order: PlacedOrder;
    try {
      order = await getPlacedOrder(signing, vendorId, id);
    } catch (error) {
      dispatch(orderFetchFailed(errorMessage(error)));
      return;
    }
    // Paid already (a charge the server settled after a reload): spec §4, success stores the order as lastOrder.
    if (isActiveStatus(order.orderStatus)) on.current.orderPaid();
    received(order);
    if (order.orderStatus === 'Pending') await initiate();
    else if (isFinishedStatus(order.orderStatus)) on.current.toAlertOrder(true);
  }, [dispatch, orderKeys, received, initiate]);

  useEffect(() => {
    void load();
  }, [load]);

  // Spec §4 Coupon: a coupon that changed the price flags the payment to be initiated again.
  useEffect(() => {
    if (placed.coupon.reInitiatePayment && placed.orderStatus === 'Pending') void initiate();
  }, [placed.coupon.reInitiatePayment, placed.orderStatus, initiate]);

  const afterAttempt = async (result: CardPaymentResult) => {
    setBusyLabel(null);
    if (result.kind === 'paid') {
      void resolution.resolve(placed.id!);
      return;
    }
    if (result.kind === 'issues') {
      setIssuesOpen(true);
      return;
    }
    notice.show(result.message);
    // A fresh access code for the next attempt.
    await initiate();
  };

  const canPay =
    payment !== null &&
    placed.payment.fetchStatus === 'success' &&
    (payingWithSaved ? isValidCvn(savedCvn) : cardFormProblems(form).length === 0);

  const pay = async () => {
    setAttempted(true);
    const signing = signingKeyOf(store.getState().consumer);
    if (!signing || !payment || placed.vendorId === null || placed.id === null || !canPay) return;
    notice.clear();
    resolution.clearError();
    setBusyLabel('Processing payment…');
    const ids = { vendorId: placed.vendorId, orderId: placed.id, paymentId: payment.id };
    // One key for this attempt: its retries repeat it, so the server settles the payment once.
    const attempt = newAttemptKey();
    const result = payingWithSaved
      ? await payBySavedCard(() => purchaseWithToken(signing, ids, savedCvn, attempt))
      : await payByCard(
          {
            gateway: (url, params) => jsonpRequest(url, params),
            update: (body) => updatePayment(signing, ids, body, `${attempt}-update`),
            verify: (body) => verifyPayment(signing, ids, body, `${attempt}-verify`),
          },
          payment,
          form,
          form.isRememberCardChecked,
        );
    await afterAttempt(result);
  };

  return {
    placed,
    /** the payment initiated for this order, once it is */
    initiated: payment,
    card: {
      form,
      setForm,
      savedCard,
      payingWithSaved,
      useSavedCard: setUseSavedCard,
      savedCvn,
      setSavedCvn,
      attempted,
    },
    canPay,
    pay,
    load,
    initiate,
    resolution,
    notice,
    busyLabel,
    setBusyLabel,
    issuesOpen,
    closeIssues: () => setIssuesOpen(false),
  };
}
