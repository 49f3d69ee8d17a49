/**
 * Undoing 'Collected' / 'Delivered' (the staff display's undo): Serviced is otherwise final, so the
 * way back is narrow. Asking for PendingAlerted (ready) on a Serviced order puts it back to the
 * ready status it had (PendingAlerted, or Alerted when the customer had seen the ready alert) only
 * when the same credential (the store's staff token, or the admin token) collected it, from ready,
 * within COLLECTED_UNDO_WINDOW_MS. The customer is not alerted again. changeOrderStatus asks this
 * of a Serviced order asked to be PendingAlerted, with the order it read.
 */
import type { OpsOrder } from '@venue/contract/ops-orders';
import { COLLECTED_UNDO_WINDOW_MS } from '@venue/domain/kitchen-board';
import { READY_ORDER_STATUSES, type OrderStatus } from '@venue/domain/order-status';
import { conflict } from '../../lib/http-error.ts';
import { lastOrderStatusChange, recordOrderStatusChange, type Actor } from '../audit/audit.service.ts';
import { markOrderEventDue, publishOrderChanged, toOpsOrders } from '../orders/order-views.ts';
import { moveOrderIfStatus } from '../orders/order-changes.ts';
import { findOrderById, type OrderRow } from '../orders/orders.service.ts';
import type { PaymentDeps } from '../payments/payment-common.ts';

/**
 * The undo of the collection of `row`, a Serviced order of its vendor: the order back as it was
 * before, or a 409 saying why it cannot be.
 */
export async function undoCollected(
  deps: Pick<PaymentDeps, 'db' | 'events'>,
  row: OrderRow,
  actor: Actor,
  nowMs: number,
): Promise<OpsOrder> {
  const { db } = deps;
  const { id: orderId, vendor_id: vendorId } = row;

  const collected = await lastOrderStatusChange(db, orderId);
  const before = collected?.to === 'Serviced' ? collected.from : null;
  if (!collected || !before || !(READY_ORDER_STATUSES as readonly string[]).includes(before))
    throw conflict(`Order ${orderId} is Serviced; it cannot become PendingAlerted.`);
  if (collected.actor !== actor)
    throw conflict(`Order ${orderId} was collected on another device; only that device can undo it.`);
  if (nowMs - collected.at > COLLECTED_UNDO_WINDOW_MS)
    throw conflict(
      `Order ${orderId} was collected more than ${COLLECTED_UNDO_WINDOW_MS / 1000} s ago; it can no longer be undone.`,
    );

  await db.transaction().execute(async (trx) => {
    const moved = await moveOrderIfStatus(trx, orderId, 'Serviced', {
      order_status: before as OrderStatus,
      time_serviced: null,
      updated_at: nowMs,
    });
    if (moved !== 1) throw conflict(`Order ${orderId} changed at the same time; read it again and retry.`);
    await recordOrderStatusChange(trx, { at: nowMs, actor, orderId, from: 'Serviced', to: before, undo: true });
    await markOrderEventDue(deps.events, trx, vendorId, orderId);
  });
  const published = await publishOrderChanged(deps.events, vendorId, orderId, nowMs);
  if (published) return published;
  const [view] = await toOpsOrders(db, [(await findOrderById(db, orderId)) ?? row], nowMs);
  return view!;
}
