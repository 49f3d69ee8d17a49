import { Navigate, useLocation, useNavigate } from 'react-router';
import { activeOrderRedirect, hasConsumerContact } from '@venue/domain/route-guards';
import { Button } from '../../components/ui/button';
import { Notice } from '../../components/ui/notice';
import { settings } from '../../config/settings';
import { lastOrderSaved, orderReset } from '../../features/order/store/order-slice';
import { CardChoice } from '../../features/payment/components/card-choice';
import { CouponModal, IssuesModal, PaymentOverlay } from '../../features/payment/components/payment-modals';
import { PaymentOrderCard } from '../../features/payment/components/payment-order-card';
import styles from '../../features/payment/components/payment.module.css';
import { useCardPayment } from '../../features/payment/hooks/use-card-payment';
import { useCouponPayment } from '../../features/payment/hooks/use-coupon-payment';
import { usePaymentVendor } from '../../features/payment/hooks/use-payment-vendor';
import { couponErrorCleared, placedOrderCleared } from '../../entities/placed-order/store/placed-order-slice';
import { FlowScreen } from '../flow-screen';
import { useAppDispatch, useAppSelector } from '../hooks';
import { PATHS } from '../routes';

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
  const navigate = useNavigate();
  const payment = useCardPayment({
    orderPaid: () => dispatch(lastOrderSaved()),
    toWaitOrder: () => void navigate(PATHS.waitOrder),
    toAlertOrder: (replace) => void navigate(PATHS.alertOrder, replace ? { replace } : undefined),
  });
  const { placed, resolution, notice, busyLabel } = payment;
  const { message: noticeMessage, target: noticeTarget } = notice;
  const { vendor, storeName, phoneNumber, logoId } = usePaymentVendor(placed.vendorId);
  const coupon = useCouponPayment({
    allowed: vendor?.vendorOrderConfiguration.isCouponPaymentAllowed ?? false,
    paid: (orderId) => void resolution.resolve(orderId),
    notice,
    setBusyLabel: payment.setBusyLabel,
  });

  const startNewOrder = () => {
    payment.closeIssues();
    dispatch(placedOrderCleared());
    dispatch(orderReset());
    void navigate(PATHS.start);
  };

  const loadFailed = placed.fetchStatus === 'failed';
  if (loadFailed || placed.payment.fetchStatus === 'failed') {
    return (
      <FlowScreen
        action={
          <Button block onClick={() => void (loadFailed ? payment.load() : payment.initiate())}>
            Try again
          </Button>
        }
      >
        <div className={styles.heading}>
          <h1 className={styles.title}>Enter Payment Details</h1>
        </div>
        <Notice>
          <p>We couldn't get your order ready for payment. Please check your connection and try again.</p>
          <p>{loadFailed ? placed.error : placed.payment.error}</p>
        </Notice>
        <Button variant="secondary" block onClick={() => void navigate(PATHS.confirmContact)}>
          Back to contact details
        </Button>
      </FlowScreen>
    );
  }

  const loading = placed.fetchStatus === 'fetching' || (placed.fetchStatus === null && payment.initiated === null);
  return (
    <FlowScreen
      action={
        <Button
          block
          disabled={!payment.canPay || busyLabel !== null || resolution.busy}
          onClick={() => void payment.pay()}
        >
          Pay by Card Now
        </Button>
      }
    >
      <div className={styles.heading}>
        <h1 className={styles.title}>Enter Payment Details</h1>
      </div>

      {(noticeMessage ?? resolution.error) && <Notice ref={noticeTarget}>{noticeMessage ?? resolution.error}</Notice>}

      <PaymentOrderCard
        logoId={logoId}
        storeName={storeName}
        summary={placed.paymentSummary}
        totalMinor={placed.totalMinor ?? payment.initiated?.totalPrice.minorAmount ?? null}
        appliedCoupon={coupon.appliedCoupon}
        removing={coupon.removing}
        onRemoveCoupon={() => void coupon.remove()}
      />

      <CardChoice loading={loading && payment.initiated === null} card={payment.card} />

      {coupon.offered && (
        <Button
          variant="secondary"
          block
          onClick={() => {
            dispatch(couponErrorCleared());
            coupon.setOpen(true);
          }}
        >
          Use a coupon
        </Button>
      )}

      <CouponModal
        open={coupon.open}
        applying={coupon.applying}
        error={coupon.error}
        onApply={(code) => void coupon.apply(code)}
        onClose={() => coupon.setOpen(false)}
      />
      <IssuesModal
        open={payment.issuesOpen}
        orderId={placed.id}
        paymentId={payment.initiated?.id ?? null}
        storeName={storeName || settings.venueName}
        phoneNumber={phoneNumber}
        onStartNewOrder={startNewOrder}
      />
      <PaymentOverlay label={resolution.busy ? 'Confirming your order…' : busyLabel} />
    </FlowScreen>
  );
}
