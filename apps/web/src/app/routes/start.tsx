import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Notice } from '../../components/ui/notice';
import { settings } from '../../config/settings';
import type { StartMode } from '../../features/start/components/pickup-time-modal';
import { StartScreen, type TimePicker } from '../../features/start/components/start-screen';
import { payMethodsText } from '../../features/start/lib/pay-methods';
import { offersHomeDelivery, shortestOpenTts, timeToServiceLabel } from '../../lib/time-to-service';
import { vendorLabel } from '../../lib/vendor-status';
import { appVenueId } from '../../lib/venue';
import { ReorderCard } from '../../features/order/components/reorder-card';
import { basketLines } from '../../features/order/lib/basket';
import { pickedTimeSet, serviceModeSelected } from '../../features/order/store/order-slice';
import { fetchVendors } from '../../features/vendors/api/get-vendors';
import { getTimeSlots } from '../../features/vendors/api/get-time-slots';
import { toSelectedVendor, vendorSelected } from '../../features/vendors/store/venue-slice';
import { useAppDispatch, useAppSelector } from '../hooks';
import { PATHS } from '../routes';

/** /start: wires the start screen to the store, the API and the build settings. */
export function Component() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { search } = useLocation();
  const vendors = useAppSelector((state) => state.venue.vendors);
  const lastOrder = useAppSelector((state) => state.order.lastOrder);
  const basketEmpty = useAppSelector((state) => Object.keys(state.order.userOrder).length === 0);
  const [reordering, setReordering] = useState(false);
  const [reorderFailed, setReorderFailed] = useState(false);

  // A multi-vendor build lists the stores of the discover venue when one is set.
  const venueId = appVenueId();
  const load = useCallback(() => dispatch(fetchVendors({ venueId })), [dispatch, venueId]);
  useEffect(() => {
    const request = load();
    return () => request.abort();
  }, [load]);

  const singleVendor = settings.multiVendor
    ? null
    : (vendors.data.find((vendor) => vendor.id === settings.vendorId) ?? null);
  const loaded = vendors.fetchStatus === 'success';
  const loading = vendors.fetchStatus === 'fetching' && vendors.data.length === 0;

  // A venue with no stores yet (or not in the database yet) is no outage: a calm page, nothing to retry.
  const notOpenYet = loaded && vendors.data.length === 0;
  let error: string | null = null;
  if (vendors.fetchStatus === 'failed' && vendors.data.length === 0)
    error = "We couldn't load the stores. Please try again.";
  else if (!settings.multiVendor && loaded && !singleVendor && !notOpenYet)
    error = 'This store is not taking orders through the app right now.';

  // Opening hours are judged at the moment the screen opened; the list itself refreshes on each visit.
  const [openedAt] = useState(Date.now);
  const tts = settings.multiVendor ? shortestOpenTts(vendors.data, openedAt) : (singleVendor?.tts ?? null);
  const timeToService = settings.showTimeToService && tts !== null ? timeToServiceLabel(tts) : null;
  // Until the stores answer, the tag's place is kept, so the screen does not shift when it appears.
  const timeToServicePending =
    settings.showTimeToService &&
    timeToService === null &&
    (vendors.fetchStatus === null || vendors.fetchStatus === 'fetching');

  const timePicker: TimePicker | null = singleVendor
    ? { vendorId: singleVendor.id, timeZone: singleVendor.timeZone, loadSlots: getTimeSlots }
    : null;

  const onStart = (mode: StartMode, pickedTime: string | null) => {
    dispatch(serviceModeSelected(mode === 'delivery' ? 'HomeDelivery' : 'TakeAway'));
    dispatch(pickedTimeSet(pickedTime));
    if (singleVendor) {
      dispatch(vendorSelected(toSelectedVendor(singleVendor)));
      // The vendorId query parameter is dropped on forward navigation (spec §2).
      void navigate(mode === 'delivery' ? PATHS.delivery : PATHS.placeOrder);
      return;
    }
    // Multi-vendor: the query (vendorId preselects a store) travels on to the next screen.
    void navigate({ pathname: mode === 'delivery' ? PATHS.delivery : PATHS.discoverVendor, search });
  };

  // Single-vendor builds offer the last order again here (multi-vendor builds on discover-vendor).
  const canReorder =
    singleVendor !== null &&
    lastOrder !== null &&
    lastOrder.vendorId === singleVendor.id &&
    basketEmpty &&
    vendorLabel(singleVendor, openedAt) === null;
  const onReorder = async () => {
    if (!singleVendor) return;
    setReordering(true);
    setReorderFailed(false);
    // Loaded on demand: the menu rules are not needed to show the start screen.
    const { reorder } = await import('../order-flow/vendor-choice');
    const ready = await dispatch(reorder(singleVendor));
    setReordering(false);
    if (!ready) {
      setReorderFailed(true);
      return;
    }
    dispatch(serviceModeSelected('TakeAway'));
    dispatch(pickedTimeSet(null));
    void navigate(PATHS.placeOrder);
  };

  return (
    <StartScreen
      reorder={
        <>
          {canReorder && lastOrder && (
            <ReorderCard
              storeName={singleVendor.storeName}
              lines={basketLines(lastOrder.userOrder).map(({ entry }) => `${entry.count} × ${entry.name}`)}
              busy={reordering}
              onReorder={() => void onReorder()}
            />
          )}
          {reorderFailed && <Notice>Sorry, your last order can't be repeated right now.</Notice>}
        </>
      }
      venueName={settings.venueName}
      legalEntityName={settings.legalEntityName}
      businessNumber={settings.businessNumber}
      storeName={singleVendor?.storeName ?? null}
      timeToService={timeToService}
      timeToServicePending={timeToServicePending}
      loading={settings.multiVendor ? false : loading}
      error={error}
      notOpenYet={notOpenYet}
      payMethods={payMethodsText(singleVendor ? [singleVendor] : vendors.data, openedAt)}
      onRetry={() => void load()}
      offerCollect={settings.multiVendor || singleVendor !== null}
      deliveryPending={
        settings.multiVendor &&
        vendors.data.length === 0 &&
        (vendors.fetchStatus === null || vendors.fetchStatus === 'fetching')
      }
      offerDelivery={
        settings.multiVendor
          ? vendors.data.some(offersHomeDelivery)
          : singleVendor !== null && offersHomeDelivery(singleVendor)
      }
      timePicker={timePicker}
      onStart={onStart}
    />
  );
}
