import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { useLoaderData, useNavigate } from 'react-router';
import type { CalculateOrderPaymentRequest } from '@venue/contract/order-payment';
import { Button } from '../../components/ui/button';
import { settings } from '../../config/settings';
import { fetchOrderAmount } from '../../features/order/api/calculate-order-payment';
import { SoldOutModal } from '../../features/order/components/limit-modals';
import { OrderReview } from '../../features/order/components/order-review';
import { orderItemsOf } from '../../features/order/lib/basket';
import { orderNoteChanged } from '../../features/order/store/order-slice';
import { StoreClosedModal } from '../../features/vendors/components/store-closed-modal';
import { ORDER_ORIGIN } from '../../lib/order-origin';
import { FlowScreen } from '../flow-screen';
import { useAppDispatch, useAppSelector } from '../hooks';
import { enterOrderStep, type StepData } from '../order-flow/enter-step';
import { PATHS } from '../routes';
import { StepFailed } from '../step-failed';
import type { AppStore } from '../store';
import styles from './confirm-order.module.css';

/** The transition guard of confirm-order (spec §2). */
export const createLoader = (store: AppStore) => enterOrderStep(store, 'confirm-order');

/** Longest special order note the API takes (packages/contract OrderItem.note). */
const NOTE_MAX_LENGTH = 500;

/** /order-flow/confirm-order: 'Please Check Your Order' with the server's totals. */
export function Component() {
  const data = useLoaderData() as StepData;
  if (data.kind === 'failed') return <StepFailed title="Menu unavailable" message={data.message} />;
  if (data.kind !== 'ready') return null;
  return <ConfirmOrder data={data} />;
}

function ConfirmOrder({ data }: { data: Extract<StepData, { kind: 'ready' }> }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const vendor = useAppSelector((state) => state.venue.vendors.data.find((v) => v.id === data.vendorId) ?? null);
  const menuId = useAppSelector((state) => state.menu.data?.id ?? null);
  const order = useAppSelector((state) => state.order);
  const [soldOutSeen, setSoldOutSeen] = useState<StepData | null>(null);
  const noteId = useId();

  const { userOrder, orderNote, pickedTime, orderAmount } = order;
  const serviceMode = order.orderConfiguration.selectedServiceMode;
  // Prices depend on the lines, not on the note: typing a note does not ask the server again.
  const lines = useMemo(() => orderItemsOf(userOrder), [userOrder]);
  const linesKey = JSON.stringify(lines);
  const empty = lines.length === 0;

  const price = useCallback(() => {
    if (lines.length === 0) return undefined;
    const request: CalculateOrderPaymentRequest = {
      orderItems: lines,
      vendorId: data.vendorId,
      orderOrigin: ORDER_ORIGIN,
      serviceMode,
      ...(menuId !== null ? { menuId } : {}),
      ...(pickedTime ? { requestedServiceTime: pickedTime } : {}),
    };
    return dispatch(fetchOrderAmount({ vendorId: data.vendorId, request }));
    // linesKey stands for lines: the same order is not priced twice
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dispatch, data.vendorId, linesKey, serviceMode, menuId, pickedTime]);

  useEffect(() => {
    const request = price();
    return () => request?.abort();
  }, [price]);

  const { paymentSummary } = orderAmount;
  const summary = orderAmount.fetchStatus === 'success' && paymentSummary.total !== null ? paymentSummary : null;
  const priced = summary !== null;
  const soldOutOpen = data.guard === null && data.soldOut.length > 0 && soldOutSeen !== data;

  return (
    <FlowScreen
      action={
        <Button
          block
          disabled={!priced || empty || data.guard !== null}
          onClick={() => void navigate(PATHS.confirmContact)}
        >
          Proceed to Pay
        </Button>
      }
    >
      <div className={styles.heading}>
        <h1 className={styles.title}>Please Check Your Order</h1>
        {vendor && <p className={styles.store}>{vendor.storeName}</p>}
      </div>

      {empty ? (
        <p className={styles.emptyText}>Your order is empty.</p>
      ) : (
        <OrderReview
          summary={summary}
          loading={orderAmount.fetchStatus === 'fetching' || orderAmount.fetchStatus === null}
          error={orderAmount.fetchStatus === 'failed' ? orderAmount.error : null}
          onRetry={() => void price()}
        />
      )}

      <Button variant="secondary" block className={styles.edit} onClick={() => void navigate(PATHS.placeOrder)}>
        Add or remove items
      </Button>

      {settings.dietaryNote && vendor && (
        <p className={styles.note}>
          Dietary requirements or allergies? Please call {vendor.storeName} on{' '}
          <a href={`tel:${vendor.phoneNumber.replace(/[^\d+]/g, '')}`}>{vendor.phoneNumber}</a> before you order.
        </p>
      )}

      {settings.specialOrderNote && (
        <div className={styles.field}>
          <label htmlFor={noteId} className={styles.label}>
            Special order note
          </label>
          <textarea
            id={noteId}
            className={styles.textarea}
            rows={3}
            maxLength={NOTE_MAX_LENGTH}
            value={orderNote}
            placeholder="Anything the store should know about your order"
            onChange={(event) => dispatch(orderNoteChanged(event.target.value))}
          />
        </div>
      )}

      <SoldOutModal items={soldOutOpen ? data.soldOut : []} onClose={() => setSoldOutSeen(data)} />
      <StoreClosedModal
        guard={data.guard}
        storeName={vendor?.storeName ?? 'The store'}
        onOk={() => void navigate(PATHS.home)}
      />
    </FlowScreen>
  );
}
