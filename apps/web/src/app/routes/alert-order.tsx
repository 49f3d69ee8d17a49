import { useMemo } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { settings } from '../../config/settings';
import { useSigningKey } from '../../entities/consumer';
import { orderReset } from '../../features/order/store/order-slice';
import { AlertOrderScreen } from '../../features/tracking/components/alert-order-screen';
import { useOrderToEnd } from '../../features/tracking/hooks/use-order-to-end';
import { useOrderVendor } from '../../features/tracking/hooks/use-order-vendor';
import { summaryView } from '@venue/domain/payment-summary';
import { summaryFromBasket } from '../../features/tracking/lib/order-summary';
import { deliveryAddressView } from '../../features/tracking/lib/tracking-vendor';
import { placedOrderCleared } from '../../entities/placed-order/store/placed-order-slice';
import { fetchVendors } from '../../features/vendors/api/get-vendors';
import { vendorVenueId } from '../../lib/venue';
import { FlowScreen } from '../flow-screen';
import { useAppDispatch, useAppSelector } from '../hooks';
import { trackingRedirect } from '../order-flow/tracking-guard';
import { PATHS } from '../routes';

/** /order-flow/alert-order (step 3): collect or delivery instructions, the order number, 'Start new order'. */
export function Component() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const placedOrder = useAppSelector((state) => state.placedOrder);
  const order = useAppSelector((state) => state.order);
  const vendors = useAppSelector((state) => state.venue.vendors.data);
  const selectedVendor = useAppSelector((state) => state.venue.selectedVendor);

  const venueId = vendorVenueId(selectedVendor);
  const vendor = useOrderVendor(placedOrder.vendorId, vendors, selectedVendor, () => {
    void dispatch(fetchVendors({ venueId, background: true }));
  });
  const signingKey = useSigningKey();
  useOrderToEnd(signingKey, placedOrder.vendorId, placedOrder.id, placedOrder.orderStatus);

  // What was ordered: the server's summary of the placed order, else the priced basket, else the
  // basket itself, else the last paid order of the same vendor (spec §4: kept as lastOrder).
  const summary = useMemo(() => {
    if (placedOrder.paymentSummary) return summaryView(placedOrder.paymentSummary);
    const priced = order.orderAmount.paymentSummary;
    // The priced basket is the order only while no coupon changed what it costs.
    const pricedIsCharged = placedOrder.totalMinor === null || priced.total?.minorAmount === placedOrder.totalMinor;
    if (priced.total !== null && priced.items.length > 0 && pricedIsCharged)
      return summaryView({ items: priced.items, total: priced.total });
    if (Object.keys(order.userOrder).length > 0) return summaryFromBasket(order.userOrder, placedOrder.totalMinor);
    if (order.lastOrder && order.lastOrder.vendorId === placedOrder.vendorId)
      return summaryFromBasket(order.lastOrder.userOrder, placedOrder.totalMinor);
    return null;
  }, [placedOrder.paymentSummary, placedOrder.totalMinor, placedOrder.vendorId, order]);

  const redirectTo = trackingRedirect(pathname, placedOrder.orderStatus);
  if (redirectTo) return <Navigate to={redirectTo} replace />;

  const startNewOrder = () => {
    dispatch(orderReset());
    dispatch(placedOrderCleared());
    navigate(PATHS.start);
  };

  return (
    <FlowScreen
      action={
        <Button block onClick={startNewOrder}>
          Start new order
        </Button>
      }
    >
      <AlertOrderScreen
        order={placedOrder}
        vendor={vendor}
        signingKey={signingKey}
        delivery={(placedOrder.serviceMode ?? order.orderConfiguration.selectedServiceMode) === 'HomeDelivery'}
        deliveryAddress={deliveryAddressView(order.deliveryAddress)}
        mapsKey={settings.mapsKey}
        summary={summary}
        onStartNewOrder={startNewOrder}
      />
    </FlowScreen>
  );
}
