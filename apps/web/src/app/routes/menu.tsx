import { useEffect, useMemo, useState } from 'react';
import { useLoaderData, useNavigate } from 'react-router';
import type { MenuItem, Modifier } from '@venue/contract/menu';
import { MAX_ITEM_COUNT } from '@venue/domain/limits';
import { formatClockTime } from '@venue/domain/time-zone';
import { settings } from '../../config/settings';
import { MenuList, type ItemInBasket } from '../../features/menu/components/menu-list';
import { MenuTabs } from '../../features/menu/components/menu-tabs';
import { OptionsModal } from '../../features/menu/components/options-modal';
import { menuSections, optionGroupsOf } from '../../features/menu/lib/menu-view';
import { BasketBar } from '../../features/order/components/basket-bar';
import { LimitModal, SoldOutModal, type LimitNotice } from '../../features/order/components/limit-modals';
import { ExistingSessionModal } from '../../features/order/components/session-modals';
import { basketCount, basketTotalMinor } from '../../features/order/lib/basket';
import { confirmButton } from '../../features/order/lib/confirm-button';
import { addToBasket, type AddToBasketResult } from '../../features/order/store/add-to-basket';
import {
  itemRemoved,
  storeConfirmed,
  type BasketModifier,
  type UserOrder,
} from '../../features/order/store/order-slice';
import { fetchVendors } from '../../features/vendors/api/get-vendors';
import { ConfirmStoreModal } from '../../features/vendors/components/confirm-store-modal';
import { StoreClosedModal } from '../../features/vendors/components/store-closed-modal';
import { VendorHeader } from '../../features/vendors/components/vendor-header';
import { VENDOR_REFRESH_MS, vendorOpenToOrder } from '../../lib/vendor-status';
import { FlowScreen } from '../flow-screen';
import { useAppDispatch, useAppSelector } from '../hooks';
import { enterOrderStep, type StepData } from '../order-flow/enter-step';
import { startNewSession } from '../order-flow/vendor-choice';
import { PATHS } from '../routes';
import { StepFailed } from '../step-failed';
import type { AppStore } from '../store';
import styles from './place-order.module.css';

/** The transition guard of place-order (spec §2). */
export const createLoader = (store: AppStore) => enterOrderStep(store, 'place-order');

/** /order-flow/place-order: the store's menu and the basket. */
export function Component() {
  const data = useLoaderData() as StepData;
  if (data.kind === 'failed') return <StepFailed title="Menu unavailable" message={data.message} />;
  if (data.kind === 'conflict') return <SessionConflict requestedVendorId={data.requestedVendorId} />;
  return <PlaceOrder data={data} />;
}

/** A `vendorId` query naming another store than the basket's: 'Existing Order Session' decides. */
function SessionConflict({ requestedVendorId }: { requestedVendorId: number }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return (
    <FlowScreen>
      <h1 className={styles.pending}>Place your order</h1>
      <ExistingSessionModal
        open
        onContinue={() => void navigate(PATHS.placeOrder, { replace: true })}
        onStartNew={() => {
          dispatch(startNewSession(requestedVendorId));
          void navigate(PATHS.placeOrder, { replace: true });
        }}
      />
    </FlowScreen>
  );
}

/** An item's lines in the basket, with their option keys. */
function linesOf(userOrder: UserOrder, name: string) {
  return Object.entries(userOrder[name] ?? {}).map(([key, entry]) => ({ key, entry }));
}

function toBasketModifier(modifier: Modifier): BasketModifier {
  return { id: modifier.id, name: modifier.name, price: modifier.price, groupId: modifier.groupId, count: 1 };
}

function PlaceOrder({ data }: { data: Extract<StepData, { kind: 'ready' }> }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const vendor = useAppSelector((state) => state.venue.vendors.data.find((v) => v.id === data.vendorId) ?? null);
  const menu = useAppSelector((state) => state.menu.data);
  const order = useAppSelector((state) => state.order);
  const [now, setNow] = useState(Date.now);
  const [soldOutSeen, setSoldOutSeen] = useState<StepData | null>(null);
  const [optionsFor, setOptionsFor] = useState<MenuItem | null>(null);
  const [notice, setNotice] = useState<LimitNotice | null>(null);

  // Open, paused and closed change while the customer browses: the button follows.
  const venueId = vendor?.venueId;
  useEffect(() => {
    if (venueId === undefined) return;
    const timer = setInterval(() => {
      setNow(Date.now());
      void dispatch(fetchVendors({ venueId, background: true }));
    }, VENDOR_REFRESH_MS);
    return () => clearInterval(timer);
  }, [dispatch, venueId]);

  const { userOrder, pickedTime } = order;
  const instant = pickedTime ? Date.parse(pickedTime) : now;
  const sections = useMemo(
    () => (menu && vendor ? menuSections(menu, instant, vendor.timeZone) : []),
    [menu, vendor, instant],
  );
  const withOptions = useMemo(() => {
    const ids = new Set<number>();
    if (menu) for (const item of menu.items) if (optionGroupsOf(item, menu).length > 0) ids.add(item.id);
    return ids;
  }, [menu]);

  const basket = useMemo(() => {
    const view = new Map<string, ItemInBasket>();
    for (const [name, lines] of Object.entries(userOrder)) {
      const entries = Object.values(lines);
      const only = entries.length === 1 ? entries[0] : undefined;
      view.set(name, {
        count: entries.reduce((sum, entry) => sum + entry.count, 0),
        // a choice of several opens the options modal, where the line's own limit applies
        canIncrease: !only || only.count < MAX_ITEM_COUNT,
        choices: entries.map(
          (entry) =>
            `${entry.count} × ${entry.modifiers.length > 0 ? entry.modifiers.map((m) => m.name).join(', ') : 'No options'}`,
        ),
      });
    }
    return view;
  }, [userOrder]);

  if (!vendor || !menu) return null;

  const isDelivery = order.orderConfiguration.selectedServiceMode === 'HomeDelivery';
  const openToOrder = vendorOpenToOrder(vendor, now, pickedTime);
  const itemCount = basketCount(userOrder);
  const totalMinor = basketTotalMinor(userOrder);
  const button = confirmButton({
    openToOrder,
    isPaused: vendor.isPaused,
    itemCount,
    serviceMode: order.orderConfiguration.selectedServiceMode,
    basketTotalMinor: totalMinor,
    deliveryMinMinor: vendor.vendorOrderConfiguration.deliveryMinAmount?.minorAmount ?? null,
  });

  const showResult = (result: AddToBasketResult) => {
    if (result.added) return;
    if (result.refusal === 'inventory') setNotice({ kind: 'soldOut', items: result.soldOut });
    else if (result.refusal === 'burden') setNotice({ kind: 'burden' });
    else if (result.refusal === 'restricted') setNotice({ kind: 'restricted' });
  };

  const add = (item: MenuItem, modifiers: BasketModifier[]) =>
    showResult(
      dispatch(addToBasket({ item, modifiers, maxBurdenPerOrder: vendor.vendorOrderConfiguration.maxBurdenPerOrder })),
    );

  // '+' repeats an item's only choice; with no choice yet, or several, the options modal asks.
  const onIncrease = (item: MenuItem) => {
    const lines = linesOf(userOrder, item.name);
    const only = lines.length === 1 ? lines[0] : undefined;
    if (withOptions.has(item.id) && !only) setOptionsFor(item);
    else add(item, only?.entry.modifiers ?? []);
  };
  const onDecrease = (item: MenuItem) => {
    const last = linesOf(userOrder, item.name).at(-1);
    if (last) dispatch(itemRemoved({ name: item.name, key: last.key }));
  };

  const guardOpen = data.guard !== null;
  const soldOutOpen = !guardOpen && data.soldOut.length > 0 && soldOutSeen !== data;
  const confirmStoreOpen = !guardOpen && !soldOutOpen && !order.vendorConfirmed;
  const timeLabel = isDelivery ? 'Deliver time' : 'Pickup time';

  return (
    <FlowScreen
      toolbar={<MenuTabs itemTypes={sections.map((section) => section.itemType)} />}
      action={
        <BasketBar
          itemCount={itemCount}
          totalMinor={totalMinor}
          button={button}
          onReview={() => void navigate(PATHS.confirmOrder)}
        />
      }
    >
      <VendorHeader
        storeName={vendor.storeName}
        location={vendor.location}
        logoAssetId={vendor.displayAssets.thumbnailAssetId}
      >
        <p className={styles.time}>
          <span>{timeLabel}</span>{' '}
          <strong>{pickedTime ? formatClockTime(Date.parse(pickedTime), vendor.timeZone) : 'ASAP'}</strong>
        </p>
      </VendorHeader>

      {sections.length === 0 ? (
        <p className={styles.empty}>There is nothing on the menu right now. Please check back soon.</p>
      ) : (
        <MenuList
          sections={sections}
          basket={basket}
          hasOptions={(item) => withOptions.has(item.id)}
          onIncrease={onIncrease}
          onDecrease={onDecrease}
          onOptions={setOptionsFor}
          disabled={!openToOrder || vendor.isPaused}
        />
      )}

      <OptionsModal
        item={optionsFor}
        groups={optionsFor ? optionGroupsOf(optionsFor, menu) : []}
        onClose={() => setOptionsFor(null)}
        onAdd={(modifiers) => {
          const item = optionsFor;
          setOptionsFor(null);
          if (item) add(item, modifiers.map(toBasketModifier));
        }}
      />
      <LimitModal notice={notice} storeName={vendor.storeName} onClose={() => setNotice(null)} />
      <SoldOutModal items={soldOutOpen ? data.soldOut : []} onClose={() => setSoldOutSeen(data)} />
      <ConfirmStoreModal
        open={confirmStoreOpen}
        storeName={vendor.storeName}
        location={vendor.location}
        logoAssetId={vendor.displayAssets.thumbnailAssetId}
        onConfirm={() => dispatch(storeConfirmed())}
        // A single-vendor build has no other store: 'Choose another store' would only lead back to start.
        onChooseAnother={settings.multiVendor ? () => void navigate(PATHS.discoverVendor) : null}
      />
      <StoreClosedModal guard={data.guard} storeName={vendor.storeName} onOk={() => void navigate(PATHS.home)} />
    </FlowScreen>
  );
}
