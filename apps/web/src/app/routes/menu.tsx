import { useState } from 'react';
import { useLoaderData, useNavigate } from 'react-router';
import type { MenuItem } from '@venue/contract/menu';
import { formatClockTime } from '@venue/domain/time-zone';
import { settings } from '../../config/settings';
import { MenuList } from '../../features/menu/components/menu-list';
import { MenuTabs } from '../../features/menu/components/menu-tabs';
import { OptionsModal } from '../../features/menu/components/options-modal';
import { useMenuView } from '../../features/menu/hooks/use-menu-view';
import { optionGroupsOf } from '../../features/menu/lib/menu-view';
import { BasketBar } from '../../features/order/components/basket-bar';
import { LimitModal, SoldOutModal } from '../../features/order/components/limit-modals';
import { useBasketActions } from '../../features/order/hooks/use-basket-actions';
import { basketCount, basketTotalMinor } from '../../features/order/lib/basket';
import { confirmButton } from '../../features/order/lib/confirm-button';
import { storeConfirmed } from '../../features/order/store/order-slice';
import { ConfirmStoreModal } from '../../features/vendors/components/confirm-store-modal';
import { StoreClosedModal } from '../../features/vendors/components/store-closed-modal';
import { VendorHeader } from '../../features/vendors/components/vendor-header';
import { useVendorRefresh } from '../../features/vendors/hooks/use-vendor-refresh';
import { vendorOpenToOrder } from '../../lib/vendor-status';
import { FlowScreen } from '../flow-screen';
import { useAppDispatch, useAppSelector } from '../hooks';
import { enterOrderStep, type StepData } from '../order-flow/enter-step';
import { SessionConflict } from '../order-flow/session-conflict';
import { PATHS } from '../routes';
import { StepFailed } from '../step-failed';
import type { AppStore } from '../store';
import styles from './menu.module.css';

/** The transition guard of the menu screen, spec §2 place-order. */
export const createLoader = (store: AppStore) => enterOrderStep(store, 'place-order');

/** /order-flow/place-order: the store's menu and the basket. */
export function Component() {
  const data = useLoaderData() as StepData;
  if (data.kind === 'failed') return <StepFailed title="Menu unavailable" message={data.message} />;
  if (data.kind === 'conflict') return <SessionConflict requestedVendorId={data.requestedVendorId} />;
  return <Menu data={data} />;
}

function Menu({ data }: { data: Extract<StepData, { kind: 'ready' }> }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const vendor = useAppSelector((state) => state.venue.vendors.data.find((v) => v.id === data.vendorId) ?? null);
  const menu = useAppSelector((state) => state.menu.data);
  const order = useAppSelector((state) => state.order);
  const [soldOutSeen, setSoldOutSeen] = useState<StepData | null>(null);
  const [optionsFor, setOptionsFor] = useState<MenuItem | null>(null);

  const now = useVendorRefresh(vendor?.venueId);
  const { userOrder, pickedTime } = order;
  const { sections, hasOptions } = useMenuView(
    menu,
    pickedTime ? Date.parse(pickedTime) : now,
    vendor?.timeZone ?? null,
  );
  const basket = useBasketActions({
    userOrder,
    maxBurdenPerOrder: vendor?.vendorOrderConfiguration.maxBurdenPerOrder ?? null,
    hasOptions,
    chooseOptions: setOptionsFor,
  });

  if (!vendor || !menu) return null;

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

  const guardOpen = data.guard !== null;
  const soldOutOpen = !guardOpen && data.soldOut.length > 0 && soldOutSeen !== data;
  const confirmStoreOpen = !guardOpen && !soldOutOpen && !order.vendorConfirmed;
  const isDelivery = order.orderConfiguration.selectedServiceMode === 'HomeDelivery';

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
          <span>{isDelivery ? 'Deliver time' : 'Pickup time'}</span>{' '}
          <strong>{pickedTime ? formatClockTime(Date.parse(pickedTime), vendor.timeZone) : 'ASAP'}</strong>
        </p>
      </VendorHeader>

      {sections.length === 0 ? (
        <p className={styles.empty}>There is nothing on the menu right now. Please check back soon.</p>
      ) : (
        <MenuList
          sections={sections}
          basket={basket.basket}
          hasOptions={hasOptions}
          onIncrease={basket.onIncrease}
          onDecrease={basket.onDecrease}
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
          if (item) basket.add(item, modifiers);
        }}
      />
      <LimitModal notice={basket.notice} storeName={vendor.storeName} onClose={basket.closeNotice} />
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
