import { useCallback, useEffect, useMemo, useState } from 'react';
import { Navigate } from 'react-router';
import type { Vendor } from '@venue/contract/venue';
import { formatClockTime } from '@venue/domain/time-zone';
import { Skeleton } from '../../components/ui/loader';
import { Notice } from '../../components/ui/notice';
import { settings } from '../../config/settings';
import { DeliveringStores, DeliveryEstimate } from '../../features/delivery/components/delivering-stores';
import { DeliveryAddressCard } from '../../features/delivery/components/delivery-address-card';
import { DeliveryVerdict } from '../../features/delivery/components/delivery-verdict';
import { ProceedToOrder } from '../../features/delivery/components/proceed-to-order';
import styles from '../../features/delivery/components/delivery.module.css';
import { useDeliveryAddress } from '../../features/delivery/hooks/use-delivery-address';
import { deliversHome } from '../../features/delivery/lib/delivery-options';
import { ExistingSessionModal } from '../../features/order/components/session-modals';
import { pickedTimeSet } from '../../features/order/store/order-slice';
import { PickupTimeModal } from '../../features/start/components/pickup-time-modal';
import { fetchVendors } from '../../features/vendors/api/get-vendors';
import { getTimeSlots } from '../../features/vendors/api/get-time-slots';
import { VendorLogo } from '../../features/vendors/components/vendor-logo';
import { toSelectedVendor, vendorSelected } from '../../features/vendors/store/venue-slice';
import { shortestOpenTts, timeToServiceLabel } from '../../lib/time-to-service';
import { vendorLabel } from '../../lib/vendor-status';
import { appVenueId } from '../../lib/venue';
import { FlowScreen } from '../flow-screen';
import { useAppDispatch, useAppSelector } from '../hooks';
import { useDeliveryChoice } from '../order-flow/delivery-choice';
import { PATHS } from '../routes';

/**
 * /order-flow/delivery (spec §2 Delivery, step 0): the delivery address with suggestions, the
 * time-to-service note, the preferred delivery time, and the stores that can deliver there
 * (multi-vendor) or 'Proceed to Order' (single-vendor).
 */
export function Component() {
  const dispatch = useAppDispatch();
  const vendors = useAppSelector((state) => state.venue.vendors);
  const order = useAppSelector((state) => state.order);
  const [now] = useState(Date.now);

  const venueId = appVenueId();
  const load = useCallback(() => dispatch(fetchVendors({ venueId })), [dispatch, venueId]);
  useEffect(() => {
    const request = load();
    return () => request.abort();
  }, [load]);

  const singleVendor = settings.multiVendor ? null : (vendors.data.find((v) => v.id === settings.vendorId) ?? null);
  const delivering = useMemo(
    () => (singleVendor ? [singleVendor].filter(deliversHome) : vendors.data.filter(deliversHome)),
    [singleVendor, vendors.data],
  );
  const delivery = useDeliveryAddress({
    initial: order.orderConfiguration.selectedServiceMode === 'HomeDelivery' ? order.deliveryAddress : null,
    delivering,
    centre: (delivering[0] ?? vendors.data[0])?.geoLocation ?? null,
    takesOrders: singleVendor ? () => true : (vendor: Vendor) => vendorLabel(vendor, now) === null,
    mapsKey: settings.mapsKey,
  });
  const { options } = delivery;
  const choice = useDeliveryChoice(delivery.address);

  const loaded = vendors.fetchStatus === 'success' || (vendors.data.length > 0 && vendors.fetchStatus !== 'failed');
  // Spec §2 route guard: no store delivers and the order is empty → discover (or start).
  if (loaded && vendors.data.filter(deliversHome).length === 0 && Object.keys(order.userOrder).length === 0) {
    return <Navigate to={settings.multiVendor ? PATHS.discoverVendor : PATHS.start} replace />;
  }

  const tts = singleVendor ? singleVendor.tts : shortestOpenTts(delivering, now);
  const action = singleVendor && (
    <ProceedToOrder
      vendor={singleVendor}
      now={now}
      pickedTime={order.pickedTime}
      ready={options !== null}
      onProceed={() => {
        dispatch(vendorSelected(toSelectedVendor(singleVendor)));
        choice.commit(order.pickedTime);
      }}
    />
  );

  return (
    <FlowScreen action={action}>
      <h1 className={styles.title}>Home delivery</h1>

      {!loaded && vendors.fetchStatus !== 'failed' && (
        <div role="status" aria-label="Loading the stores">
          <Skeleton height={120} radius={16} />
        </div>
      )}
      {vendors.fetchStatus === 'failed' && vendors.data.length === 0 && (
        <Notice action={{ label: 'Try again', onClick: () => void load() }}>
          We couldn't load the stores. Please try again.
        </Notice>
      )}

      <DeliveryAddressCard
        search={delivery.search}
        street={delivery.street}
        onStreetChange={delivery.setStreet}
        timeToService={settings.showTimeToService && tts !== null ? timeToServiceLabel(tts) : null}
        pickedLabel={
          order.pickedTime && singleVendor
            ? formatClockTime(Date.parse(order.pickedTime), singleVendor.timeZone)
            : 'ASAP'
        }
        onChangeTime={singleVendor ? () => choice.setTimeFor(singleVendor) : null}
      />
      <DeliveryVerdict
        problem={delivery.search.problem}
        verdict={delivery.verdict}
        checking={delivery.checking}
        onPickUp={choice.pickUpInstead}
      />

      {options && singleVendor && options[0] && <DeliveryEstimate option={options[0]} />}
      {options && !singleVendor && (
        <DeliveringStores
          options={options}
          logo={(vendor) => <VendorLogo assetId={vendor.displayAssets.thumbnailAssetId} storeName={vendor.storeName} />}
          onChoose={choice.setTimeFor}
        />
      )}

      {choice.timeFor && (
        <PickupTimeModal
          open
          mode="delivery"
          vendorId={choice.timeFor.id}
          timeZone={choice.timeFor.timeZone}
          loadSlots={getTimeSlots}
          onCancel={() => choice.setTimeFor(null)}
          onChoose={(pickedTime) => {
            const vendor = choice.timeFor!;
            choice.setTimeFor(null);
            if (singleVendor) dispatch(pickedTimeSet(pickedTime));
            else choice.chooseStore(vendor, pickedTime);
          }}
        />
      )}
      <ExistingSessionModal open={choice.conflict} onContinue={choice.continueSession} onStartNew={choice.startNew} />
    </FlowScreen>
  );
}
