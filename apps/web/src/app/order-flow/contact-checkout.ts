import { useCallback, useEffect } from 'react';
import { useLocation } from 'react-router';
import { useStore } from 'react-redux';
import type { PlaceOrderRequest } from '@venue/contract/order';
import {
  campaignIdOf,
  payBlockers,
  selectableServiceModes,
  serviceModeToUse,
} from '../../features/checkout/lib/pay-readiness';
import { saveConsumer } from '../../features/consumer/api/save-consumer';
import { takeLegacyConsumer } from '../../features/consumer/lib/legacy-consumer';
import { legacyConsumerImported } from '../../features/consumer/store/consumer-slice';
import { fetchOrderAmount } from '../../features/order/api/calculate-order-payment';
import { orderItemsOf } from '../../features/order/lib/basket';
import { serviceModeSelected } from '../../features/order/store/order-slice';
import { getCoupon } from '../../features/payment/api/coupons';
import type { PlaceOrderInput } from '../../entities/placed-order/hooks/use-place-order';
import { fetchVendors } from '../../features/vendors/api/get-vendors';
import { devicePosition } from '../../lib/geolocation';
import { ORDER_ORIGIN } from '../../lib/order-origin';
import { discoverVenueId } from '../../lib/venue';
import { signingKeyOf, type SigningKey } from '../../lib/request-signing';
import { useAppDispatch, useAppSelector } from '../hooks';
import type { RootState } from '../store';
import { currentVendorId } from './entry-requests';

/**
 * The contact screen's order (spec §2 confirm-contact): the vendor and its payment options, the
 * service mode, the grand total and the contact form's blockers; on the way it imports a legacy
 * consumer, selects the only service mode on offer, loads the vendor list and prices the order
 * when confirm-order did not.
 */
export function useContactCheckout() {
  const dispatch = useAppDispatch();
  const vendorId = useAppSelector(currentVendorId);
  const vendor = useAppSelector((state) => state.venue.vendors.data.find((v) => v.id === vendorId) ?? null);
  const vendorsStatus = useAppSelector((state) => state.venue.vendors.fetchStatus);
  const selectedVendor = useAppSelector((state) => state.venue.selectedVendor);
  const order = useAppSelector((state) => state.order);
  const consumer = useAppSelector((state) => state.consumer);
  const menuId = useAppSelector((state) => (state.menu.vendorId === vendorId ? (state.menu.data?.id ?? null) : null));

  const config = vendor?.vendorOrderConfiguration ?? null;
  const modes = selectableServiceModes(config?.availableServiceModes ?? []);
  const selectedServiceMode = order.orderConfiguration.selectedServiceMode;
  const serviceMode = serviceModeToUse(selectedServiceMode, modes);
  const total = order.orderAmount.paymentSummary.total;

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
    const venueId = selectedVendor?.id === vendorId ? selectedVendor.venueId : discoverVenueId();
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

  const blockers = payBlockers({
    mobile: consumer.mobilePhoneFormInput,
    email: consumer.emailAddressFormInput,
    serviceMode,
  });
  return { vendorId, vendor, config, modes, serviceMode, total, consumer, address: order.deliveryAddress, blockers };
}

/**
 * What placing the order takes from the rest of the app: saving the consumer (a failure is an
 * alert), the basket as a place-order request with the device's position, the campaign of the
 * link, and the coupon check when the vendor takes coupon payment.
 */
export function usePlaceOrderInput(
  vendorId: number | null,
  couponPaymentAllowed: boolean,
  onProblem: (message: string) => void,
): PlaceOrderInput {
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();
  const { search } = useLocation();
  const menuId = useAppSelector((state) => (state.menu.vendorId === vendorId ? (state.menu.data?.id ?? null) : null));

  const save = useCallback(async (): Promise<SigningKey | null> => {
    const saved = await dispatch(saveConsumer());
    if (!saved.ok) {
      window.alert(saved.message);
      return null;
    }
    return signingKeyOf(saved.consumer);
  }, [dispatch]);

  const orderRequest = useCallback(
    async (vendorId: number, consumerId: string): Promise<PlaceOrderRequest> => {
      const { order } = store.getState();
      const geoLocation = await devicePosition();
      const serviceMode = order.orderConfiguration.selectedServiceMode;
      return {
        orderOrigin: ORDER_ORIGIN,
        vendorId,
        menuId,
        orderItems: orderItemsOf(order.userOrder, order.orderNote),
        geoLocation,
        consumerId,
        serviceMode,
        attributes: {},
        ...(order.pickedTime ? { requestedServiceTime: order.pickedTime } : {}),
        ...(serviceMode === 'HomeDelivery' && order.deliveryAddress ? { deliveryAddress: order.deliveryAddress } : {}),
      };
    },
    [store, menuId],
  );

  const checkCoupon = useCallback(async (key: SigningKey, orderId: number) => {
    const coupon = await getCoupon(key, orderId);
    return {
      eligible: coupon.isCouponPaymentAllowed,
      data: {
        couponCode: coupon.maybeCouponCode,
        verificationCode: coupon.verificationCode,
        coversTotal: coupon.coversTotal,
      },
    };
  }, []);

  return {
    vendorId,
    campaignId: campaignIdOf(search),
    saveConsumer: save,
    orderRequest,
    checkCoupon: couponPaymentAllowed ? checkCoupon : null,
    onProblem,
  };
}
