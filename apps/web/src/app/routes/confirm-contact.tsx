import { useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { activeOrderRedirect } from '@venue/domain/route-guards';
import { Button } from '../../components/ui/button';
import { Notice } from '../../components/ui/notice';
import { settings } from '../../config/settings';
import { ContactForm } from '../../features/checkout/components/contact-form';
import { ContactTotal } from '../../features/checkout/components/contact-total';
import { PayWith } from '../../features/checkout/components/pay-with';
import { PolicyModal } from '../../features/checkout/components/policy-modal';
import { ServiceModeOptions } from '../../features/checkout/components/service-mode-options';
import styles from '../../features/checkout/components/checkout.module.css';
import { SELECT_SERVICE_MODE_TEXT } from '../../features/checkout/lib/pay-readiness';
import {
  emailInputChanged,
  fullNameInputChanged,
  mobileInputChanged,
} from '../../features/consumer/store/consumer-slice';
import { lastOrderSaved, serviceModeSelected } from '../../features/order/store/order-slice';
import { PaymentOverlay } from '../../features/payment/components/payment-modals';
import { WalletButtons } from '../../features/payment/components/wallet-buttons';
import { usePaidOrder } from '../../features/payment/hooks/use-paid-order';
import { useWalletPay } from '../../features/payment/hooks/use-wallet-pay';
import { usePlaceOrder } from '../../entities/placed-order/hooks/use-place-order';
import { useNotice } from '../../lib/use-notice';
import { FlowScreen } from '../flow-screen';
import { useAppDispatch, useAppSelector } from '../hooks';
import { useContactCheckout, usePlaceOrderInput } from '../order-flow/contact-checkout';
import { PATHS } from '../routes';

/** /order-flow/confirm-contact: 'Enter Contact Details' (spec §2). */
export function Component() {
  const { pathname } = useLocation();
  const orderStatus = useAppSelector((state) => state.placedOrder.orderStatus);
  // Spec §2: status Paid, Scheduled or Waiting sends every route to wait-order.
  const onward = activeOrderRedirect(pathname, orderStatus, PATHS.waitOrder);
  if (onward) return <Navigate to={onward} replace />;
  return <ConfirmContact />;
}

function ConfirmContact() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const checkout = useContactCheckout();
  const { vendor, config, serviceMode, total, consumer, blockers } = checkout;
  const [policyOpen, setPolicyOpen] = useState(true);
  const notice = useNotice();
  const { message: noticeMessage, target: noticeTarget } = notice;

  const { place, placing } = usePlaceOrder(
    usePlaceOrderInput(checkout.vendorId, config?.isCouponPaymentAllowed ?? false, notice.show),
  );

  const resolution = usePaidOrder({
    withDetails: false,
    paid: () => {
      dispatch(lastOrderSaved());
      void navigate(PATHS.waitOrder);
    },
    needsAttention: () => void navigate(PATHS.alertOrder),
  });
  const wallets = useWalletPay({
    vendorId: checkout.vendorId,
    storeName: vendor?.storeName ?? settings.venueName,
    config,
    totalMinor: total?.minorAmount ?? 0,
    place,
    goTo: (next) => void navigate(PATHS[next]),
    paid: (orderId) => void resolution.resolve(orderId),
    notice,
  });

  const payByCard = async () => {
    notice.clear();
    const placed = await place();
    if (placed) void navigate(PATHS[placed.next]);
  };

  const busyLabel = wallets.busyLabel ?? (placing ? 'Placing your order…' : null);
  const busy = busyLabel !== null || resolution.busy;
  const isDelivery = serviceMode === 'HomeDelivery';
  const action = (
    <PayWith blocker={blockers[0]} wallets={<WalletButtons wallets={wallets} disabled={busy} />}>
      <Button block disabled={busy} onClick={() => void payByCard()}>
        Card
      </Button>
    </PayWith>
  );

  return (
    <FlowScreen action={action}>
      <div className={styles.heading}>
        <h1 className={styles.title}>Enter Contact Details</h1>
        {vendor && <p className={styles.muted}>{vendor.storeName}</p>}
      </div>

      {(noticeMessage ?? resolution.error) && <Notice ref={noticeTarget}>{noticeMessage ?? resolution.error}</Notice>}

      <ContactTotal total={total} deliverTo={isDelivery ? checkout.address : null} />

      {!isDelivery && (
        <ServiceModeOptions
          modes={checkout.modes}
          selected={serviceMode}
          onSelect={(mode) => dispatch(serviceModeSelected(mode))}
        />
      )}
      {blockers[0] !== 'serviceMode' && blockers.includes('serviceMode') && (
        <p className={`${styles.info} ${styles.spaced}`}>{SELECT_SERVICE_MODE_TEXT}</p>
      )}

      <ContactForm
        mobile={consumer.mobilePhoneFormInput}
        email={consumer.emailAddressFormInput}
        fullName={consumer.fullNameFormInput}
        onMobileChange={(value) => dispatch(mobileInputChanged(value))}
        onEmailChange={(value) => dispatch(emailInputChanged(value))}
        onFullNameChange={(value) => dispatch(fullNameInputChanged(value))}
      />

      {/* the wallet row makes the action bar taller than the layout's usual room for it */}
      {(wallets.applePay || wallets.googlePay) && <div className={styles.walletSpacer} aria-hidden="true" />}

      <PolicyModal
        open={policyOpen}
        venueName={settings.venueName}
        onAccept={() => setPolicyOpen(false)}
        onReject={() => {
          setPolicyOpen(false);
          void navigate(PATHS.start);
        }}
      />
      <PaymentOverlay label={resolution.busy ? 'Confirming your order…' : busyLabel} />
    </FlowScreen>
  );
}
