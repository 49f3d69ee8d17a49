/**
 * The demo venue's kitchen (KITCHEN_SIMULATOR=on): it makes each Waiting order ready once it has
 * been queued for its vendor's time to service, and marks ready orders collected a few minutes
 * later — through `changeOrderStatus`, exactly as a kitchen display calling the operations API
 * would. `pace` speeds it up (2 = twice as fast) for demonstrations.
 */
import { READY_ORDER_STATUSES } from '@venue/domain/order-status';
import { changeOrderStatus, type FulfilmentDeps } from '../modules/orders/fulfilment.service.ts';
import { listOrdersInStatus } from '../modules/orders/orders.repository.ts';
import { HttpError } from '../lib/http-error.ts';

/** How long after an order is ready the simulated customer collects it, at pace 1. */
export const SIMULATED_COLLECTION_MS = 5 * 60_000;
/** The shortest simulated preparation, whatever the pace. */
const MIN_PREPARATION_MS = 5_000;
const BATCH = 200;

export interface SimulatorStepResult {
  ready: number;
  collected: number;
}

export async function kitchenSimulatorStep(
  deps: FulfilmentDeps,
  nowMs: number,
  pace = 1,
): Promise<SimulatorStepResult> {
  const result: SimulatorStepResult = { ready: 0, collected: 0 };
  const move = async (vendorId: number, orderId: number, to: 'PendingAlerted' | 'Serviced') => {
    try {
      await changeOrderStatus(deps, vendorId, orderId, to, 'kitchen-simulator', nowMs);
      return true;
    } catch (error) {
      // Staff (or another process) moved it first: nothing to do.
      if (error instanceof HttpError && (error.statusCode === 409 || error.statusCode === 404)) return false;
      throw error;
    }
  };

  for (const order of await listOrdersInStatus(deps.db, ['Waiting'], BATCH)) {
    const preparation = Math.max(MIN_PREPARATION_MS, Number(order.tts_ms) / pace);
    if (order.time_queued !== null && nowMs >= Number(order.time_queued) + preparation) {
      if (await move(order.vendor_id, order.id, 'PendingAlerted')) result.ready += 1;
    }
  }
  for (const order of await listOrdersInStatus(deps.db, READY_ORDER_STATUSES, BATCH)) {
    const readyAt = Number(order.time_ready ?? order.updated_at);
    if (nowMs >= readyAt + SIMULATED_COLLECTION_MS / pace) {
      if (await move(order.vendor_id, order.id, 'Serviced')) result.collected += 1;
    }
  }
  return result;
}
