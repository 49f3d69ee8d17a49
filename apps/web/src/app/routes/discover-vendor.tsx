import { useCallback, useDeferredValue, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { Vendor } from '@venue/contract/venue';
import { Skeleton } from '../../components/ui/loader';
import { Notice } from '../../components/ui/notice';
import { settings } from '../../config/settings';
import { ReorderCard } from '../../features/order/components/reorder-card';
import { ExistingSessionModal } from '../../features/order/components/session-modals';
import { basketLines } from '../../features/order/lib/basket';
import { fetchVendors } from '../../features/vendors/api/get-vendors';
import { VendorList, type VendorCard } from '../../features/vendors/components/vendor-list';
import { timeToServiceLabel } from '../../lib/time-to-service';
import { VENDOR_REFRESH_MS, vendorLabel } from '../../lib/vendor-status';
import { discoverVenueId } from '../../lib/venue';
import { FlowScreen } from '../flow-screen';
import { useAppDispatch, useAppSelector } from '../hooks';
import { chooseVendor, reorder, startNewSession } from '../order-flow/vendor-choice';
import { queryVendorId } from '../order-flow/guards';
import { PATHS } from '../routes';
import styles from './discover-vendor.module.css';

const RANK = { available: 0, 'Back Soon': 1, Closed: 2 } as const;

/** The list's cards: stores taking orders first, then paused ('Back Soon'), then closed ('Closed'), each in the API's order. */
export function vendorCards(vendors: readonly Vendor[], nowMs: number, showTimeToService: boolean): VendorCard[] {
  return vendors
    .map((vendor) => ({
      vendor,
      label: vendorLabel(vendor, nowMs),
      timeToService: showTimeToService ? timeToServiceLabel(vendor.tts) : null,
    }))
    .sort((a, b) => RANK[a.label ?? 'available'] - RANK[b.label ?? 'available']);
}

/** /order-flow/discover-vendor: 'Select Your Option Below', the venue's stores, refreshed every 30 s. */
export function Component() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { search } = useLocation();
  // The list is rendered again as a transition when the stores arrive: React builds the cards in
  // slices of a few milliseconds instead of one long task (docs/decisions/042-start-up-work.md).
  const vendors = useDeferredValue(useAppSelector((state) => state.venue.vendors));
  const order = useAppSelector((state) => state.order);
  const [now, setNow] = useState(Date.now);
  const [conflictWith, setConflictWith] = useState<Vendor | null>(null);
  const [reordering, setReordering] = useState(false);
  const [reorderFailed, setReorderFailed] = useState(false);

  const venueId = discoverVenueId();
  const load = useCallback(
    (background: boolean) => dispatch(fetchVendors({ venueId, background })),
    [dispatch, venueId],
  );
  useEffect(() => {
    let request = load(false);
    const timer = setInterval(() => {
      setNow(Date.now());
      request = load(true);
    }, VENDOR_REFRESH_MS);
    return () => {
      clearInterval(timer);
      request.abort();
    };
  }, [load]);

  const cards = vendorCards(vendors.data, now, settings.showTimeToService);
  const available = cards.filter((card) => card.label === null);
  const preselectedId = queryVendorId(`/${search}`, true);
  const firstLoad = vendors.data.length === 0 && vendors.fetchStatus !== 'success' && vendors.fetchStatus !== 'failed';
  const failed = vendors.data.length === 0 && vendors.fetchStatus === 'failed';

  const goToMenu = () => void navigate(PATHS.placeOrder);
  const onChoose = (vendor: Vendor) => {
    if (dispatch(chooseVendor(vendor)) === 'conflict') setConflictWith(vendor);
    else goToMenu();
  };

  const basketEmpty = Object.keys(order.userOrder).length === 0;
  const lastOrderVendor =
    order.lastOrder && basketEmpty
      ? (available.find((card) => card.vendor.id === order.lastOrder?.vendorId) ?? null)
      : null;

  return (
    <FlowScreen>
      <h1 className={styles.title}>Select Your Option Below</h1>

      {lastOrderVendor && order.lastOrder && (
        <ReorderCard
          storeName={lastOrderVendor.vendor.storeName}
          lines={basketLines(order.lastOrder.userOrder).map(({ entry }) => `${entry.count} × ${entry.name}`)}
          busy={reordering}
          onReorder={async () => {
            setReordering(true);
            setReorderFailed(false);
            const ready = await dispatch(reorder(lastOrderVendor.vendor));
            setReordering(false);
            if (ready) goToMenu();
            else setReorderFailed(true);
          }}
        />
      )}
      {reorderFailed && <Notice>Sorry, your last order can't be repeated right now.</Notice>}

      {firstLoad && (
        <div className={styles.skeletons} role="status" aria-label="Loading the stores">
          {[0, 1, 2].map((key) => (
            <Skeleton key={key} height={80} radius={16} />
          ))}
        </div>
      )}
      {failed && (
        <Notice action={{ label: 'Try again', onClick: () => void load(false) }}>
          We couldn't load the stores. Please try again.
        </Notice>
      )}
      {!firstLoad && !failed && available.length === 0 && (
        <p className={styles.empty}>None of our outlets are currently available for ordering. Please try later!</p>
      )}
      {cards.length > 0 && <VendorList cards={cards} preselectedId={preselectedId} onChoose={onChoose} />}

      <ExistingSessionModal
        open={conflictWith !== null}
        onContinue={() => {
          setConflictWith(null);
          goToMenu();
        }}
        onStartNew={() => {
          if (conflictWith) dispatch(startNewSession(conflictWith.id, conflictWith));
          setConflictWith(null);
          goToMenu();
        }}
      />
    </FlowScreen>
  );
}
