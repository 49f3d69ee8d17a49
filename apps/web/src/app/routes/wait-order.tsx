import { useCallback } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { settings } from '../../config/settings';
import { useSigningKey } from '../../entities/consumer';
import { updateConsumer } from '../../features/consumer/api/consumers';
import { issueReceipt } from '../../features/tracking/api/issue-receipt';
import { WaitOrderScreen } from '../../features/tracking/components/wait-order-screen';
import { useOrderVendor } from '../../features/tracking/hooks/use-order-vendor';
import { deliveryAddressView } from '../../features/tracking/lib/tracking-vendor';
import { fetchVendors } from '../../features/vendors/api/get-vendors';
import { vendorVenueId } from '../../lib/venue';
import { FlowScreen } from '../flow-screen';
import { useAppDispatch, useAppSelector } from '../hooks';
import { trackingRedirect } from '../order-flow/tracking-guard';
import { PATHS } from '../routes';

/** /order-flow/wait-order (step 2): waits for the order to be ready, then leads to alert-order. */
export function Component() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const placedOrder = useAppSelector((state) => state.placedOrder);
  const consumer = useAppSelector((state) => state.consumer);
  const vendors = useAppSelector((state) => state.venue.vendors.data);
  const selectedVendor = useAppSelector((state) => state.venue.selectedVendor);
  const selectedServiceMode = useAppSelector((state) => state.order.orderConfiguration.selectedServiceMode);
  const deliveryAddress = useAppSelector((state) => state.order.deliveryAddress);

  // The order's vendor is in the venue's vendor list (the selected vendor's venue, else the build's).
  const venueId = vendorVenueId(selectedVendor);
  const vendor = useOrderVendor(placedOrder.vendorId, vendors, selectedVendor, () => {
    void dispatch(fetchVendors({ venueId, background: true }));
  });
  const signingKey = useSigningKey();

  const moveOn = useCallback(() => navigate(PATHS.alertOrder, { replace: true }), [navigate]);
  const sendReceipt = (email: string) => {
    if (!signingKey || placedOrder.id === null) return;
    const orderId = placedOrder.id;
    void (async () => {
      // The receipt goes to the consumer's address: a new one is saved first.
      if (email !== consumer.contact.email) {
        try {
          await updateConsumer(signingKey, { id: signingKey.consumerId, name: consumer.name, contact: { email } });
        } catch (error) {
          console.warn('The receipt address could not be saved.', error);
          return;
        }
      }
      await issueReceipt(signingKey, orderId);
    })();
  };

  const redirectTo = trackingRedirect(pathname, placedOrder.orderStatus);
  if (redirectTo) return <Navigate to={redirectTo} replace />;

  return (
    <FlowScreen>
      <WaitOrderScreen
        order={placedOrder}
        vendor={vendor}
        signingKey={signingKey}
        delivery={(placedOrder.serviceMode ?? selectedServiceMode) === 'HomeDelivery'}
        deliveryAddress={deliveryAddressView(deliveryAddress)}
        mapsKey={settings.mapsKey}
        alertOrderPath={PATHS.alertOrder}
        email={consumer.contact.email}
        onSendReceipt={sendReceipt}
        onMoveOn={moveOn}
      />
    </FlowScreen>
  );
}
