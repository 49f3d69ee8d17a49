import { useCallback, useEffect, useMemo, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import type { AddressPlace } from '@venue/contract/address';
import type { GeoLocation } from '@venue/contract/common';
import type { Vendor } from '@venue/contract/venue';
import { formatClockTime } from '@venue/domain/time-zone';
import { Button } from '../../components/ui/button';
import { Loader, Skeleton } from '../../components/ui/loader';
import { settings } from '../../config/settings';
import { AddressCombobox } from '../../features/delivery/components/address-combobox';
import { NO_ADDRESS_MATCH_MESSAGE, useAddressSearch } from '../../features/delivery/hooks/use-address-search';
import type { Route } from '../../features/delivery/lib/address-service';
import { chooseAddressService } from '../../features/delivery/lib/choose-address-service';
import {
  DELIVERY_BUTTON_LABELS,
  deliversHome,
  deliveryTimeLabel,
  deliveryVerdict,
  type DeliveryOption,
} from '../../features/delivery/lib/delivery-options';
import { devicePosition, isKnownPosition } from '../../features/delivery/lib/geolocation';
import styles from '../../features/delivery/components/delivery.module.css';
import { ExistingSessionModal } from '../../features/order/components/session-modals';
import { deliveryAddressSet, pickedTimeSet, serviceModeSelected } from '../../features/order/store/order-slice';
import { PickupTimeModal } from '../../features/start/components/pickup-time-modal';
import { fetchVendors } from '../../features/vendors/api/get-vendors';
import { getTimeSlots } from '../../features/vendors/api/get-time-slots';
import { VendorLogo } from '../../features/vendors/components/vendor-logo';
import { toSelectedVendor, vendorSelected } from '../../features/vendors/store/venue-slice';
import { shortestOpenTts, timeToServiceLabel } from '../../lib/time-to-service';
import { vendorLabel, vendorOpenToOrder } from '../../lib/vendor-status';
import { FlowScreen } from '../flow-screen';
import { useAppDispatch, useAppSelector } from '../hooks';
import { chooseVendor, startNewSession } from '../order-flow/vendor-choice';
import { PATHS } from '../routes';

const distanceLabel = (metres: number) => `${(metres / 1000).toFixed(1)} km`;

/** The delivery address with the street line the customer gave. */
function withStreet(address: AddressPlace, street: string): AddressPlace {
  const streetAddress = street.trim().replace(/\s+/g, ' ');
  if (streetAddress === address.streetAddress) return address;
  const place = `${address.addressLocality} ${address.addressRegion} ${address.postalCode}`;
  return { ...address, streetAddress, addressDescription: streetAddress ? `${streetAddress}, ${place}` : place };
}

/**
 * /order-flow/delivery (spec §2 Delivery, step 0): the delivery address with suggestions, the
 * time-to-service note, the preferred delivery time, and the stores that can deliver there
 * (multi-vendor) or 'Proceed to Order' (single-vendor).
 */
export function Component() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const vendors = useAppSelector((state) => state.venue.vendors);
  const order = useAppSelector((state) => state.order);
  const [now] = useState(Date.now);

  const venueId = settings.multiVendor ? (settings.discoverVenueId ?? settings.venueId) : settings.venueId;
  const load = useCallback(() => dispatch(fetchVendors({ venueId })), [dispatch, venueId]);
  useEffect(() => {
    const request = load();
    return () => request.abort();
  }, [load]);

  // Spec §5: the customer's position (high accuracy, 5 s, else 0/0) biases the suggestions.
  const [position, setPosition] = useState<GeoLocation | null>(null);
  useEffect(() => {
    let live = true;
    void devicePosition().then((found) => {
      if (live) setPosition(found);
    });
    return () => {
      live = false;
    };
  }, []);

  const service = useMemo(() => chooseAddressService(settings.mapsKey), []);
  const singleVendor = settings.multiVendor ? null : (vendors.data.find((v) => v.id === settings.vendorId) ?? null);
  const delivering = useMemo(
    () => (singleVendor ? [singleVendor].filter(deliversHome) : vendors.data.filter(deliversHome)),
    [singleVendor, vendors.data],
  );
  const centre = (delivering[0] ?? vendors.data[0])?.geoLocation ?? null;

  const search = useAddressSearch(service, {
    initial: order.orderConfiguration.selectedServiceMode === 'HomeDelivery' ? order.deliveryAddress : null,
    centre,
    bias: isKnownPosition(position) ? position : null,
  });
  // The street line starts as the one typed with the suburb; an edit belongs to the address it was made for.
  const [streetEdit, setStreetEdit] = useState<{ address: AddressPlace; value: string } | null>(null);
  const street =
    streetEdit && streetEdit.address === search.address ? streetEdit.value : (search.address?.streetAddress ?? '');
  const setStreet = (value: string) => {
    if (search.address) setStreetEdit({ address: search.address, value });
  };
  const address = search.address ? withStreet(search.address, street) : null;
  const streetMissing = search.address !== null && street.trim() === '';

  // Routes from each delivering store to the address (driving with Google, estimated without).
  const [routes, setRoutes] = useState<{ key: string; routes: Map<number, Route | null> } | null>(null);
  const routeKey = search.address
    ? `${search.address.location.latitude},${search.address.location.longitude}|${delivering.map((v) => v.id).join(',')}`
    : null;
  useEffect(() => {
    if (!routeKey || !search.address || delivering.length === 0) return;
    let live = true;
    const destination = search.address.location;
    service
      .routes(
        delivering.map((v) => v.geoLocation),
        destination,
      )
      .catch(() => delivering.map(() => null))
      .then((found) => {
        if (!live) return;
        setRoutes({ key: routeKey, routes: new Map(delivering.map((v, index) => [v.id, found[index] ?? null])) });
      });
    return () => {
      live = false;
    };
    // routeKey stands for the address and the delivering stores
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [routeKey, service]);
  const currentRoutes = routes && routes.key === routeKey ? routes.routes : null;

  const [timeFor, setTimeFor] = useState<Vendor | null>(null);
  const [conflictWith, setConflictWith] = useState<{ vendor: Vendor; pickedTime: string | null } | null>(null);

  const loaded = vendors.fetchStatus === 'success' || (vendors.data.length > 0 && vendors.fetchStatus !== 'failed');
  const basketEmpty = Object.keys(order.userOrder).length === 0;

  // Spec §2 route guard: no store delivers and the order is empty → discover (or start).
  if (loaded && vendors.data.filter(deliversHome).length === 0 && basketEmpty) {
    return <Navigate to={settings.multiVendor ? PATHS.discoverVendor : PATHS.start} replace />;
  }

  const takesOrders = (vendor: Vendor) => vendorLabel(vendor, now) === null;
  const verdict =
    address && currentRoutes
      ? deliveryVerdict(delivering, currentRoutes, singleVendor ? () => true : takesOrders)
      : null;
  // The stores (or 'Proceed to Order') wait for the street line; a reason the place cannot be served
  // ('we can't deliver to your address') does not, so a customer far away is told at once.
  const options = verdict?.kind === 'options' && !streetMissing ? verdict.options : null;

  const tts = singleVendor ? singleVendor.tts : shortestOpenTts(delivering, now);
  const timeToService = settings.showTimeToService && tts !== null ? timeToServiceLabel(tts) : null;

  const commit = (pickedTime: string | null) => {
    if (!address) return;
    dispatch(serviceModeSelected('HomeDelivery'));
    dispatch(deliveryAddressSet(address));
    dispatch(pickedTimeSet(pickedTime));
    void navigate(PATHS.placeOrder);
  };

  const chooseStore = (vendor: Vendor, pickedTime: string | null) => {
    if (dispatch(chooseVendor(vendor)) === 'conflict') {
      setConflictWith({ vendor, pickedTime });
      return;
    }
    commit(pickedTime);
  };

  const pickUpInstead = () => {
    dispatch(serviceModeSelected('TakeAway'));
    void navigate(settings.multiVendor ? PATHS.discoverVendor : PATHS.placeOrder);
  };

  // Single-vendor: 'We are closed', 'Enter Address Above' or 'Proceed to Order'.
  let action = null;
  if (singleVendor) {
    const open = vendorOpenToOrder(singleVendor, now, order.pickedTime) && !singleVendor.isPaused;
    const ready = options !== null;
    const label = !open
      ? DELIVERY_BUTTON_LABELS.closed
      : ready
        ? DELIVERY_BUTTON_LABELS.proceed
        : DELIVERY_BUTTON_LABELS.enterAddress;
    action = (
      <Button
        block
        disabled={!open || !ready}
        onClick={() => {
          dispatch(vendorSelected(toSelectedVendor(singleVendor)));
          commit(order.pickedTime);
        }}
      >
        {label}
      </Button>
    );
  }

  const pickedLabel =
    order.pickedTime && singleVendor ? formatClockTime(Date.parse(order.pickedTime), singleVendor.timeZone) : 'ASAP';

  return (
    <FlowScreen action={action}>
      <h1 className={styles.title}>Home delivery</h1>

      {!loaded && vendors.fetchStatus !== 'failed' && (
        <div role="status" aria-label="Loading the stores">
          <Skeleton height={120} radius={16} />
        </div>
      )}
      {vendors.fetchStatus === 'failed' && vendors.data.length === 0 && (
        <div className={styles.problem} role="alert">
          <p>We couldn't load the stores. Please try again.</p>
          <Button variant="secondary" onClick={() => void load()}>
            Try again
          </Button>
        </div>
      )}

      <section className={styles.card} aria-label="Delivery address">
        <AddressCombobox
          label="Delivery address"
          hint="Start with your suburb or postcode, e.g. 12 Smith St, Parramatta"
          value={search.text}
          onChange={search.setText}
          suggestions={search.suggestions}
          searching={search.searching}
          onSelect={search.choose}
          message={search.noMatch ? NO_ADDRESS_MATCH_MESSAGE : null}
        />
        {search.searching && <p className={styles.searching}>Searching…</p>}
        {search.resolving && <Loader label="Finding your address…" />}
        {search.address && (
          <div className={styles.field}>
            <label htmlFor="delivery-street" className={styles.label}>
              Street address
            </label>
            <input
              id="delivery-street"
              className={styles.input}
              type="text"
              autoComplete="address-line1"
              placeholder="Unit, number and street"
              value={street}
              onChange={(event) => setStreet(event.target.value)}
            />
          </div>
        )}
        {timeToService && (
          <p className={styles.note}>
            <span>Time to service:</span> <span>{timeToService}</span>
          </p>
        )}
        <div className={styles.time}>
          <span>
            Deliver time <strong>{pickedLabel}</strong>
          </span>
          {singleVendor && (
            <Button variant="quiet" onClick={() => setTimeFor(singleVendor)}>
              Change
            </Button>
          )}
        </div>
      </section>

      {search.problem && (
        <p className={styles.problem} role="alert">
          {search.problem}
        </p>
      )}
      {verdict?.kind === 'problem' && (
        <div className={styles.problem} role="alert">
          <p>{verdict.message}</p>
          {verdict.message.includes('pick up') && (
            <Button variant="secondary" onClick={pickUpInstead}>
              Order &amp; Collect instead
            </Button>
          )}
        </div>
      )}
      {address && !currentRoutes && <Loader label="Checking delivery…" />}

      {options && singleVendor && options[0] && (
        <p className={styles.note}>
          {`Estimated delivery: ${deliveryTimeLabel(options[0].deliveryTimeMs)} (${distanceLabel(options[0].route.distance)})`}
        </p>
      )}
      {options && !singleVendor && <DeliveringStores options={options} onChoose={(vendor) => setTimeFor(vendor)} />}

      {timeFor && (
        <PickupTimeModal
          open
          mode="delivery"
          vendorId={timeFor.id}
          timeZone={timeFor.timeZone}
          loadSlots={getTimeSlots}
          onCancel={() => setTimeFor(null)}
          onChoose={(pickedTime) => {
            const vendor = timeFor;
            setTimeFor(null);
            if (singleVendor) dispatch(pickedTimeSet(pickedTime));
            else chooseStore(vendor, pickedTime);
          }}
        />
      )}
      <ExistingSessionModal
        open={conflictWith !== null}
        onContinue={() => {
          setConflictWith(null);
          void navigate(PATHS.placeOrder);
        }}
        onStartNew={() => {
          const chosen = conflictWith;
          setConflictWith(null);
          if (!chosen) return;
          dispatch(startNewSession(chosen.vendor.id, chosen.vendor));
          commit(chosen.pickedTime);
        }}
      />
    </FlowScreen>
  );
}

/** Multi-vendor: the stores that can deliver to the address, soonest first. */
function DeliveringStores({ options, onChoose }: { options: DeliveryOption[]; onChoose: (vendor: Vendor) => void }) {
  return (
    <section aria-labelledby="delivering-stores">
      <h2 id="delivering-stores" className={styles.subtitle}>
        Stores that deliver to you
      </h2>
      <ul className={styles.list}>
        {options.map(({ vendor, route, deliveryTimeMs }) => (
          <li key={vendor.id}>
            <button type="button" className={styles.vendor} onClick={() => onChoose(vendor)}>
              <VendorLogo assetId={vendor.displayAssets.thumbnailAssetId} storeName={vendor.storeName} />
              <span className={styles.vendorText}>
                <span className={styles.vendorName}>{vendor.storeName}</span>
                <span className={styles.vendorDetails}>
                  Delivery {deliveryTimeLabel(deliveryTimeMs).toLowerCase()} · {distanceLabel(route.distance)}
                </span>
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
