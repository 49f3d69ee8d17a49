import { useCallback, useEffect, useRef, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useStore } from 'react-redux';
import type { ServiceMode } from '@venue/contract/common';
import type { PlaceOrderRequest } from '@venue/contract/order';
import { formatMoney } from '@venue/domain/money';
import { activeOrderRedirect, isActiveStatus, isFinishedStatus } from '@venue/domain/route-guards';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/loader';
import { settings } from '../../config/settings';
import { ContactForm } from '../../features/checkout/components/contact-form';
import { PolicyModal } from '../../features/checkout/components/policy-modal';
import { ServiceModeOptions } from '../../features/checkout/components/service-mode-options';
import styles from '../../features/checkout/components/checkout.module.css';
import { currentGeoLocation } from '../../features/checkout/lib/geolocation';
import {
  campaignIdOf,
  ENTER_EMAIL_LABEL,
  ENTER_PHONE_LABEL,
  payBlockers,
  SELECT_SERVICE_MODE_TEXT,
  selectableServiceModes,
  serviceModeToUse,
} from '../../features/checkout/lib/pay-readiness';
import { saveConsumer } from '../../features/consumer/api/save-consumer';
import { takeLegacyConsumer } from '../../features/consumer/lib/legacy-consumer';
import {
  emailInputChanged,
  fullNameInputChanged,
  legacyConsumerImported,
  mobileInputChanged,
} from '../../features/consumer/store/consumer-slice';
import { fetchOrderAmount } from '../../features/order/api/calculate-order-payment';
import { orderItemsOf } from '../../features/order/lib/basket';
import { lastOrderSaved, serviceModeSelected } from '../../features/order/store/order-slice';
import { getCoupon } from '../../features/payment/api/coupons';
import { getPlacedOrder } from '../../features/placed-order/api/get-placed-order';
import { placeOrder } from '../../features/placed-order/hooks/use-place-order';
import { placedFromKey, toPlacedOrderData } from '../../features/placed-order/lib/placed-order';
import { applePaySession, purchaseWithWallet } from '../../features/payment/api/payments';
import { signingKeyOf } from '../../features/payment/api/signing-key';
import { PaymentOverlay } from '../../features/payment/components/payment-modals';
import paymentStyles from '../../features/payment/components/payment.module.css';
import { useOrderResolution } from '../../features/payment/hooks/use-order-resolution';
import { useWallets } from '../../features/payment/hooks/use-wallets';
import { applePayRequest, applePaySessionClass, payWithApplePay } from '../../features/payment/lib/apple-pay';
import { googlePayRequest, googlePayToken, isGooglePayCancel } from '../../features/payment/lib/google-pay';
import { WALLET_ERROR_MESSAGE } from '../../features/payment/lib/result-messages';
import { fetchVendors } from '../../features/vendors/api/get-vendors';
import {
  couponChecked,
  couponCheckFailed,
  orderDetailsReceived,
  orderPlaced,
  orderReceived,
  placingFailed,
  placingStarted,
} from '../../features/placed-order/store/placed-order-slice';
import { errorMessage } from '../../lib/api-client';
import { ORDER_ORIGIN } from '../../lib/order-origin';
import type { SigningKey } from '../../lib/request-signing';
import { addressLines, addressNote } from '@venue/domain/delivery-address';
import { FlowScreen } from '../flow-screen';
import { useAppDispatch, useAppSelector } from '../hooks';
import { currentVendorId } from '../order-flow/entry-requests';
import { PATHS } from '../routes';
import type { RootState } from '../store';

/** Where the checkout goes once the order is placed. */
type Placed = { orderId: number; vendorId: number; key: SigningKey; next: string };

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
  const store = useStore<RootState>();
  const navigate = useNavigate();
  const location = useLocation();
  const vendorId = useAppSelector(currentVendorId);
  const vendor = useAppSelector((state) => state.venue.vendors.data.find((v) => v.id === vendorId) ?? null);
  const vendorsStatus = useAppSelector((state) => state.venue.vendors.fetchStatus);
  const selectedVendor = useAppSelector((state) => state.venue.selectedVendor);
  const order = useAppSelector((state) => state.order);
  const consumer = useAppSelector((state) => state.consumer);
  const menuId = useAppSelector((state) => (state.menu.vendorId === vendorId ? (state.menu.data?.id ?? null) : null));
  const [policyOpen, setPolicyOpen] = useState(true);
  const [busyLabel, setBusyLabel] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);

  const config = vendor?.vendorOrderConfiguration ?? null;
  const modes = selectableServiceModes(config?.availableServiceModes ?? []);
  const selectedServiceMode = order.orderConfiguration.selectedServiceMode;
  const serviceMode = serviceModeToUse(selectedServiceMode, modes);
  const isDelivery = serviceMode === 'HomeDelivery';
  const total = order.orderAmount.paymentSummary.total;
  const wallets = useWallets({
    allowApplePay: config?.allowApplePay ?? false,
    allowGooglePay: config?.allowGooglePay ?? false,
    merchantIds: settings.googlePayMerchantIds,
    environment: settings.googlePayEnv,
  });

  // Spec §3: a consumer kept by an earlier version of the app is imported once and its key removed.
  useEffect(() => {
    let storage: Storage | undefined;
    try {
      storage = localStorage;
    } catch {
      storage = undefined;
    }
    const legacy = takeLegacyConsumer(storage);
    if (legacy) dispatch(legacyConsumerImported(legacy));
  }, [dispatch]);

  // The only service mode on offer becomes the order's, as a tap on it would (the order is placed with it).
  useEffect(() => {
    if (serviceMode !== selectedServiceMode) dispatch(serviceModeSelected(serviceMode));
  }, [dispatch, serviceMode, selectedServiceMode]);

  // The vendor's payment options come from its record: load the list when this visit has none.
  useEffect(() => {
    if (vendorId === null || vendor || vendorsStatus === 'fetching') return;
    const venueId =
      selectedVendor?.id === vendorId ? selectedVendor.venueId : (settings.discoverVenueId ?? settings.venueId);
    void dispatch(fetchVendors({ venueId }));
  }, [dispatch, vendorId, vendor, vendorsStatus, selectedVendor]);

  // The grand total normally comes from confirm-order; price the order here when it is missing.
  const lines = orderItemsOf(order.userOrder, order.orderNote);
  const linesKey = JSON.stringify(lines);
  useEffect(() => {
    if (vendorId === null || lines.length === 0) return;
    const status = order.orderAmount.fetchStatus;
    if (total !== null && status === 'success') return;
    if (status === 'fetching') return;
    const request = dispatch(
      fetchOrderAmount({
        vendorId,
        request: {
          orderItems: orderItemsOf(order.userOrder),
          vendorId,
          orderOrigin: ORDER_ORIGIN,
          serviceMode,
          ...(menuId !== null ? { menuId } : {}),
          ...(order.pickedTime ? { requestedServiceTime: order.pickedTime } : {}),
        },
      }),
    );
    return () => request.abort();
    // linesKey stands for the lines
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dispatch, vendorId, linesKey, total === null]);

  const showNotice = useCallback((message: string) => {
    setNotice(message);
    window.scrollTo(0, 0);
    requestAnimationFrame(() => noticeRef.current?.focus());
  }, []);

  const resolution = useOrderResolution({
    read: async (orderId, signal) => {
      const key = signingKeyOf(store.getState().consumer);
      const placed = store.getState().placedOrder;
      if (!key || placed.vendorId === null) throw new Error('No consumer');
      return getPlacedOrder(key, placed.vendorId, orderId, { signal });
    },
    paid: (paidOrder) => {
      dispatch(lastOrderSaved());
      dispatch(orderReceived(toPlacedOrderData(paidOrder)));
      void navigate(PATHS.waitOrder);
    },
    needsAttention: (paidOrder) => {
      dispatch(orderReceived(toPlacedOrderData(paidOrder)));
      void navigate(PATHS.alertOrder);
    },
  });

  /**
   * Spec §2 transition guard: save the consumer, place the order (once per Idempotency-Key), check
   * coupon eligibility, and say where to go next. Null when it stopped (the customer was told why).
   */
  const prepareOrder = useCallback(async (): Promise<Placed | null> => {
    if (vendorId === null) return null;
    setNotice(null);
    setBusyLabel('Placing your order…');
    try {
      const saved = await dispatch(saveConsumer());
      if (saveConsumer.rejected.match(saved)) {
        window.alert(saved.payload ?? 'Error with user. Please try again later.');
        return null;
      }
      const key: SigningKey = { consumerId: saved.payload.id, hmacKey: saved.payload.hmacKey };
      dispatch(placingStarted());
      const state = store.getState();
      const idempotencyKey = state.placedOrder.idempotencyKey ?? crypto.randomUUID();
      const geoLocation = await currentGeoLocation();
      const body: PlaceOrderRequest = {
        orderOrigin: ORDER_ORIGIN,
        vendorId,
        menuId,
        orderItems: orderItemsOf(state.order.userOrder, state.order.orderNote),
        geoLocation,
        consumerId: key.consumerId,
        serviceMode: state.order.orderConfiguration.selectedServiceMode,
        attributes: {},
        ...(state.order.pickedTime ? { requestedServiceTime: state.order.pickedTime } : {}),
        ...(state.order.orderConfiguration.selectedServiceMode === 'HomeDelivery' && state.order.deliveryAddress
          ? { deliveryAddress: state.order.deliveryAddress }
          : {}),
      };
      const campaignId = campaignIdOf(location.search);
      const placedFrom = placedFromKey(vendorId, body, campaignId);
      // The same basket again (after a wallet failure, or back from payment): its Pending order is paid, not placed twice.
      const earlier = state.placedOrder;
      if (earlier.id !== null && earlier.vendorId === vendorId && earlier.placedFrom === placedFrom) {
        try {
          const order = await getPlacedOrder(key, vendorId, earlier.id);
          if (order.orderStatus === 'Pending') {
            dispatch(orderReceived(toPlacedOrderData(order)));
            return { orderId: order.id, vendorId, key, next: PATHS.payment };
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
        showNotice(message);
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
      if (config?.isCouponPaymentAllowed) {
        try {
          const coupon = await getCoupon(key, placed.id);
          dispatch(
            couponChecked({
              eligible: coupon.isCouponPaymentAllowed,
              data: {
                couponCode: coupon.maybeCouponCode,
                verificationCode: coupon.verificationCode,
                coversTotal: coupon.coversTotal,
              },
            }),
          );
        } catch {
          dispatch(couponCheckFailed());
        }
      }
      const next = isActiveStatus(placed.orderStatus)
        ? PATHS.waitOrder
        : isFinishedStatus(placed.orderStatus)
          ? PATHS.alertOrder
          : PATHS.payment;
      return { orderId: placed.id, vendorId, key, next };
    } finally {
      setBusyLabel(null);
    }
  }, [dispatch, store, vendorId, menuId, config, location.search, showNotice]);

  const payByCard = async () => {
    const placed = await prepareOrder();
    if (placed) void navigate(placed.next);
  };

  /** The total the server charges for the placed order (wallets must send exactly this). */
  const chargedTotal = () => store.getState().placedOrder.totalMinor ?? total?.minorAmount ?? 0;

  const payByApplePay = () => {
    const Session = applePaySessionClass();
    if (!Session) return;
    setNotice(null);
    void payWithApplePay(Session, applePayRequest(total?.minorAmount ?? 0, vendor?.storeName ?? settings.venueName), {
      prepareOrder: async () => {
        const placed = await prepareOrder();
        if (!placed) return null;
        if (placed.next !== PATHS.payment) {
          void navigate(placed.next);
          return null;
        }
        return placed.orderId;
      },
      validateMerchant: (orderId, url) => applePaySession(signingKeyOf(store.getState().consumer)!, orderId, url),
      purchase: (orderId, token) =>
        purchaseWithWallet(signingKeyOf(store.getState().consumer)!, orderId, {
          amount: chargedTotal(),
          walletType: 'APPLEPAYWEB',
          applePayPurchaseToken: typeof token === 'string' ? token : JSON.stringify(token),
        }),
    }).then((outcome) => {
      if (outcome.kind === 'paid') void resolution.resolve(outcome.orderId);
      else if (outcome.kind === 'failed') showNotice(WALLET_ERROR_MESSAGE);
    });
  };

  const payByGooglePay = () => {
    const client = wallets.googlePay;
    if (!client || vendorId === null) return;
    setNotice(null);
    // The sheet opens straight from the tap; the order is placed meanwhile.
    const placing = prepareOrder();
    client
      .loadPaymentData(
        googlePayRequest({
          totalMinor: total?.minorAmount ?? 0,
          merchantIds: settings.googlePayMerchantIds,
          merchantName: vendor?.storeName ?? settings.venueName,
          vendorId,
        }),
      )
      .then(async (data) => {
        const placed = await placing;
        if (!placed) return;
        if (placed.next !== PATHS.payment) {
          void navigate(placed.next);
          return;
        }
        const token = googlePayToken(data);
        if (!token) throw new Error('No token');
        setBusyLabel('Processing payment…');
        const ok = await purchaseWithWallet(placed.key, placed.orderId, {
          amount: chargedTotal(),
          walletType: 'GOOGLE',
          googlePayPurchaseToken: token,
        }).finally(() => setBusyLabel(null));
        if (!ok) throw new Error('Declined');
        void resolution.resolve(placed.orderId);
      })
      .catch((error: unknown) => {
        if (!isGooglePayCancel(error)) showNotice(WALLET_ERROR_MESSAGE);
      });
  };

  const blockers = payBlockers({
    mobile: consumer.mobilePhoneFormInput,
    email: consumer.emailAddressFormInput,
    serviceMode,
  });
  const busy = busyLabel !== null || resolution.busy;
  const firstBlocker = blockers[0];

  let action;
  if (firstBlocker === 'phone') {
    action = (
      <Button block disabled>
        {ENTER_PHONE_LABEL}
      </Button>
    );
  } else if (firstBlocker === 'email') {
    action = (
      <Button block disabled>
        {ENTER_EMAIL_LABEL}
      </Button>
    );
  } else if (firstBlocker === 'serviceMode') {
    action = (
      <p className={styles.info} role="status">
        {SELECT_SERVICE_MODE_TEXT}
      </p>
    );
  } else {
    action = (
      <div className={styles.payWith} role="group" aria-labelledby="pay-with-label">
        <span className={styles.payWithLabel} id="pay-with-label">
          Pay With
        </span>
        {(wallets.applePay || wallets.googlePay) && (
          <div className={styles.wallets}>
            {wallets.applePay && (
              <Button block className={paymentStyles.walletButton} disabled={busy} onClick={payByApplePay}>
                Apple Pay
              </Button>
            )}
            {wallets.googlePay && (
              <Button block className={paymentStyles.walletButton} disabled={busy} onClick={payByGooglePay}>
                Google Pay
              </Button>
            )}
          </div>
        )}
        <Button block disabled={busy} onClick={() => void payByCard()}>
          Card
        </Button>
      </div>
    );
  }

  const address = order.deliveryAddress;
  return (
    <FlowScreen action={action}>
      <div className={styles.heading}>
        <h1 className={styles.title}>Enter Contact Details</h1>
        {vendor && <p className={styles.muted}>{vendor.storeName}</p>}
      </div>

      {(notice ?? resolution.error) && (
        <div className={styles.notice} role="alert" tabIndex={-1} ref={noticeRef}>
          {notice ?? resolution.error}
        </div>
      )}

      <div className={styles.card}>
        <div className={styles.totalRow}>
          <span>Grand Total</span>
          {total ? <span>{formatMoney(total.minorAmount)}</span> : <Skeleton width={80} height={24} />}
        </div>
        {isDelivery && address && (
          <div className={styles.address}>
            <span className={styles.muted}>Deliver to</span>
            {addressLines(address).map((line) => (
              <span key={line}>{line}</span>
            ))}
            {addressNote(address) && <span className={styles.muted}>{addressNote(address)}</span>}
          </div>
        )}
      </div>

      {!isDelivery && (
        <ServiceModeOptions
          modes={modes}
          selected={serviceMode}
          onSelect={(mode: ServiceMode) => dispatch(serviceModeSelected(mode))}
        />
      )}
      {firstBlocker !== 'serviceMode' && blockers.includes('serviceMode') && (
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
