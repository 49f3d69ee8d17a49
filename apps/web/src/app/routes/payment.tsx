import { useCallback, useEffect, useRef, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useStore } from 'react-redux';
import type { PlacedOrder } from '@venue/contract/order';
import { activeOrderRedirect, hasConsumerContact, isActiveStatus, isFinishedStatus } from '@venue/domain/route-guards';
import { cardFormProblems, isValidCvn } from '@venue/domain/validation';
import { Button } from '../../components/ui/button';
import { Loader } from '../../components/ui/loader';
import { settings } from '../../config/settings';
import { lastOrderSaved, orderReset } from '../../features/order/store/order-slice';
import { applyCoupon, purchaseWithCoupon, removeCoupon } from '../../features/payment/api/coupons';
import { getPlacedOrder } from '../../features/placed-order/api/get-placed-order';
import { toPlacedOrderData } from '../../features/placed-order/lib/placed-order';
import {
  initiatePayment,
  newAttemptKey,
  purchaseWithToken,
  updatePayment,
  verifyPayment,
} from '../../features/payment/api/payments';
import { signingKeyOf } from '../../features/payment/api/signing-key';
import { emptyCardForm, NewCardForm, type CardFormState } from '../../features/payment/components/card-form';
import { CouponModal, IssuesModal, PaymentOverlay } from '../../features/payment/components/payment-modals';
import styles from '../../features/payment/components/payment.module.css';
import { PaymentTotal } from '../../features/payment/components/payment-total';
import { SavedCard } from '../../features/payment/components/saved-card';
import { useOrderResolution } from '../../features/payment/hooks/use-order-resolution';
import { payByCard, payBySavedCard, type CardPaymentResult } from '../../features/payment/lib/card-payment';
import { jsonpRequest } from '../../features/payment/lib/gateway-jsonp';
import { UNKNOWN_PROBLEM_MESSAGE } from '../../features/payment/lib/result-messages';
import {
  couponApplied,
  couponApplying,
  couponErrorCleared,
  couponRemoved,
  couponFailed,
  orderDetailsReceived,
  orderFetchFailed,
  orderFetchStarted,
  orderReceived,
  paymentInitiated,
  paymentInitiating,
  paymentInitiationFailed,
  placedOrderCleared,
} from '../../features/placed-order/store/placed-order-slice';
import { ApiError, errorMessage } from '../../lib/api-client';
import { thumbnailSources } from '../../lib/display-asset';
import { FlowScreen } from '../flow-screen';
import { useAppDispatch, useAppSelector } from '../hooks';
import { PATHS } from '../routes';
import type { RootState } from '../store';

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

/** /order-flow/payment: 'Enter Payment Details' (spec §2, step 1). */
export function Component() {
  const { pathname } = useLocation();
  const consumer = useAppSelector((state) => state.consumer);
  const placedOrderId = useAppSelector((state) => state.placedOrder.id);
  const orderStatus = useAppSelector((state) => state.placedOrder.orderStatus);
  // Spec §2: consumer-protected routes need the consumer; the status guard sends active orders to wait-order.
  if (!hasConsumerContact(consumer) || placedOrderId === null) return <Navigate to={PATHS.confirmContact} replace />;
  const onward = activeOrderRedirect(pathname, orderStatus, PATHS.waitOrder);
  if (onward) return <Navigate to={onward} replace />;
  return <Payment />;
}

function Payment() {
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();
  const navigate = useNavigate();
  const placed = useAppSelector((state) => state.placedOrder);
  const vendor = useAppSelector((state) => state.venue.vendors.data.find((v) => v.id === placed.vendorId) ?? null);
  const selectedVendor = useAppSelector((state) => state.venue.selectedVendor);
  const [form, setForm] = useState<CardFormState>(emptyCardForm);
  const [useSavedCard, setUseSavedCard] = useState(true);
  const [savedCvn, setSavedCvn] = useState('');
  const [attempted, setAttempted] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [busyLabel, setBusyLabel] = useState<string | null>(null);
  const [issuesOpen, setIssuesOpen] = useState(false);
  const [couponOpen, setCouponOpen] = useState(false);
  const [removingCoupon, setRemovingCoupon] = useState(false);
  const noticeRef = useRef<HTMLDivElement>(null);

  const storeName = vendor?.storeName ?? (selectedVendor?.id === placed.vendorId ? selectedVendor.storeName : '');
  const phoneNumber =
    vendor?.phoneNumber ?? (selectedVendor?.id === placed.vendorId ? selectedVendor.phoneNumber : null);
  const logoId =
    vendor?.displayAssets.thumbnailAssetId ??
    (selectedVendor?.id === placed.vendorId ? selectedVendor.displayAssets.thumbnailAssetId : null);
  const payment = placed.payment.data && placed.payment.data.orderId === placed.id ? placed.payment.data : null;
  const savedCard = payment?.savedPaymentMethod ?? null;
  const payingWithSaved = savedCard !== null && useSavedCard;
  const couponAllowed =
    (vendor?.vendorOrderConfiguration.isCouponPaymentAllowed ?? false) &&
    (placed.coupon.fetchStatus !== 'success' || placed.coupon.eligible) &&
    placed.coupon.appliedCoupon === null;

  const key = () => signingKeyOf(store.getState().consumer);

  const showNotice = useCallback((message: string) => {
    setNotice(message);
    // Spec §8: an unsuccessful payment shows a card notice and scrolls to top.
    window.scrollTo(0, 0);
    requestAnimationFrame(() => noticeRef.current?.focus());
  }, []);

  const initiate = useCallback(async () => {
    const state = store.getState();
    const signing = signingKeyOf(state.consumer);
    const { id, vendorId } = state.placedOrder;
    if (!signing || id === null || vendorId === null) return;
    dispatch(paymentInitiating());
    try {
      dispatch(paymentInitiated(await initiatePayment(signing, vendorId, id)));
    } catch (error) {
      dispatch(paymentInitiationFailed(errorMessage(error)));
    }
  }, [dispatch, store]);

  const received = useCallback(
    (order: PlacedOrder) => {
      dispatch(orderReceived(toPlacedOrderData(order)));
      dispatch(
        orderDetailsReceived({ id: order.id, paymentSummary: order.paymentSummary, serviceMode: order.serviceMode }),
      );
    },
    [dispatch],
  );

  const resolution = useOrderResolution({
    read: (orderId, signal) => {
      const signing = key();
      const vendorId = store.getState().placedOrder.vendorId;
      if (!signing || vendorId === null) return Promise.reject(new Error('No consumer'));
      return getPlacedOrder(signing, vendorId, orderId, { signal });
    },
    paid: (order) => {
      // Spec §4: payment success stores the order as lastOrder.
      dispatch(lastOrderSaved());
      received(order);
      void navigate(PATHS.waitOrder);
    },
    needsAttention: (order) => {
      received(order);
      void navigate(PATHS.alertOrder);
    },
  });

  /** Spec §2: payment re-fetches the placed order (blocking on error); a Pending order gets its payment initiated. */
  const load = useCallback(async () => {
    const state = store.getState();
    const signing = signingKeyOf(state.consumer);
    const { id, vendorId } = state.placedOrder;
    if (!signing || id === null || vendorId === null) return;
    dispatch(orderFetchStarted());
    let order: PlacedOrder;
    try {
      order = await getPlacedOrder(signing, vendorId, id);
    } catch (error) {
      dispatch(orderFetchFailed(errorMessage(error)));
      return;
    }
    // Paid already (a charge the server settled after a reload): spec §4, success stores the order as lastOrder.
    if (isActiveStatus(order.orderStatus)) dispatch(lastOrderSaved());
    received(order);
    if (order.orderStatus === 'Pending') await initiate();
    else if (isFinishedStatus(order.orderStatus)) void navigate(PATHS.alertOrder, { replace: true });
  }, [dispatch, store, received, initiate, navigate]);

  useEffect(() => {
    void load();
  }, [load]);

  // Spec §4 Coupon: a coupon that changed the price flags the payment to be initiated again.
  useEffect(() => {
    if (placed.coupon.reInitiatePayment && placed.orderStatus === 'Pending') void initiate();
  }, [placed.coupon.reInitiatePayment, placed.orderStatus, initiate]);

  const afterAttempt = async (result: CardPaymentResult) => {
    if (result.kind === 'paid') {
      setBusyLabel(null);
      void resolution.resolve(placed.id!);
      return;
    }
    setBusyLabel(null);
    if (result.kind === 'issues') {
      setIssuesOpen(true);
      return;
    }
    showNotice(result.message);
    // A fresh access code for the next attempt.
    await initiate();
  };

  const newCardValid = cardFormProblems(form).length === 0;
  const canPay =
    payment !== null &&
    placed.payment.fetchStatus === 'success' &&
    (payingWithSaved ? isValidCvn(savedCvn) : newCardValid);

  const pay = async () => {
    setAttempted(true);
    const signing = key();
    if (!signing || !payment || placed.vendorId === null || placed.id === null || !canPay) return;
    setNotice(null);
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

  const applyCouponCode = async (code: string) => {
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
    setCouponOpen(false);
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
      void resolution.resolve(placed.id);
    } catch (error) {
      const message =
        error instanceof ApiError ? firstServerMessage(error, UNKNOWN_PROBLEM_MESSAGE) : errorMessage(error);
      // Spec §9: coupon purchase error delay 1000 ms.
      setTimeout(() => {
        setBusyLabel(null);
        showNotice(message);
      }, COUPON_PURCHASE_ERROR_DELAY_MS);
    }
  };

  /** Takes the coupon off before paying: the server prices the order again and the payment starts again for it. */
  const removeCouponFromOrder = async () => {
    const signing = key();
    if (!signing || placed.id === null) return;
    setRemovingCoupon(true);
    try {
      const answer = await removeCoupon(signing, placed.id);
      dispatch(
        couponRemoved({ totalMinor: answer.invoice.total.minorAmount, paymentSummary: answer.invoice.paymentSummary }),
      );
    } catch (error) {
      showNotice(firstServerMessage(error, errorMessage(error)));
    } finally {
      setRemovingCoupon(false);
    }
  };

  const startNewOrder = () => {
    setIssuesOpen(false);
    dispatch(placedOrderCleared());
    dispatch(orderReset());
    void navigate(PATHS.start);
  };

  const loading = placed.fetchStatus === 'fetching' || (placed.fetchStatus === null && payment === null);
  const loadFailed = placed.fetchStatus === 'failed';
  const initiateFailed = placed.payment.fetchStatus === 'failed';
  const totalMinor = placed.totalMinor ?? payment?.totalPrice.minorAmount ?? null;

  if (loadFailed || initiateFailed) {
    return (
      <FlowScreen
        action={
          <Button block onClick={() => void (loadFailed ? load() : initiate())}>
            Try again
          </Button>
        }
      >
        <div className={styles.heading}>
          <h1 className={styles.title}>Enter Payment Details</h1>
        </div>
        <div className={styles.notice} role="alert">
          <p>We couldn't get your order ready for payment. Please check your connection and try again.</p>
          <p>{loadFailed ? placed.error : placed.payment.error}</p>
        </div>
        <Button variant="secondary" block onClick={() => void navigate(PATHS.confirmContact)}>
          Back to contact details
        </Button>
      </FlowScreen>
    );
  }

  return (
    <FlowScreen
      action={
        <Button block disabled={!canPay || busyLabel !== null || resolution.busy} onClick={() => void pay()}>
          Pay by Card Now
        </Button>
      }
    >
      <div className={styles.heading}>
        <h1 className={styles.title}>Enter Payment Details</h1>
      </div>

      {(notice ?? resolution.error) && (
        <div className={styles.notice} role="alert" tabIndex={-1} ref={noticeRef}>
          {notice ?? resolution.error}
        </div>
      )}

      <div className={styles.card}>
        <div className={styles.vendor}>
          {logoId !== null ? (
            <img className={styles.logo} {...thumbnailSources(logoId, 56)} alt="" width={56} height={56} />
          ) : (
            <span className={styles.logo} aria-hidden="true" />
          )}
          <span className={styles.storeName}>{storeName}</span>
        </div>
        <PaymentTotal
          summary={placed.paymentSummary}
          totalMinor={totalMinor}
          appliedCoupon={placed.coupon.appliedCoupon}
          removing={removingCoupon}
          onRemoveCoupon={() => void removeCouponFromOrder()}
        />
      </div>

      {loading && payment === null ? (
        <Loader label="Preparing your payment…" />
      ) : payingWithSaved && savedCard ? (
        <SavedCard
          card={savedCard}
          cvn={savedCvn}
          onCvnChange={setSavedCvn}
          onUseNewCard={() => setUseSavedCard(false)}
          showErrors={attempted}
        />
      ) : (
        <>
          <NewCardForm
            form={form}
            onChange={(patch) => setForm((current) => ({ ...current, ...patch }))}
            showAllErrors={attempted}
          />
          {savedCard && (
            <Button variant="quiet" onClick={() => setUseSavedCard(true)}>
              Use saved card {savedCard.maskedCreditCardNumber}
            </Button>
          )}
        </>
      )}

      {couponAllowed && (
        <Button
          variant="secondary"
          block
          onClick={() => {
            dispatch(couponErrorCleared());
            setCouponOpen(true);
          }}
        >
          Use a coupon
        </Button>
      )}

      <CouponModal
        open={couponOpen}
        applying={placed.coupon.applyingCoupon}
        error={placed.coupon.error}
        onApply={(code) => void applyCouponCode(code)}
        onClose={() => setCouponOpen(false)}
      />
      <IssuesModal
        open={issuesOpen}
        orderId={placed.id}
        paymentId={payment?.id ?? null}
        storeName={storeName || settings.venueName}
        phoneNumber={phoneNumber}
        onStartNewOrder={startNewOrder}
      />
      <PaymentOverlay label={resolution.busy ? 'Confirming your order…' : busyLabel} />
    </FlowScreen>
  );
}
