/**
 * The demo venue's kitchen: it makes each Waiting order ready once it has been queued for its
 * vendor's time to service, and marks ready orders collected a few minutes later — through
 * `changeOrderStatus`, exactly as a kitchen display calling the operations API would. `pace`
 * speeds it up (2 = twice as fast) for demonstrations.
 *
 * It acts only on the stores of the venue the database was seeded with as the demo (recorded by
 * the seed): a real venue's order marked ready with nobody at the counter would send its customer
 * to collect nothing. KITCHEN_SIMULATOR unset runs it when there is such a venue; `off` never; `on`
 * runs it, still only for the demo's stores.
 */
import { READY_ORDER_STATUSES } from '@venue/domain/order-status';
import type { KitchenSimulatorSetting } from '../../config.ts';
import type { DemoVenue } from '../catalogue/demo-venue.ts';
import { changeOrderStatus, type FulfilmentDeps } from './fulfilment.service.ts';
import { listOrdersOfVendorsInStatus } from '../orders/order-changes.ts';
import { HttpError } from '../../lib/http-error.ts';

/** How long after an order is ready the simulated customer collects it, at pace 1. */
export const SIMULATED_COLLECTION_MS = 5 * 60_000;
/** The shortest simulated preparation, whatever the pace. */
const MIN_PREPARATION_MS = 5_000;
const BATCH = 200;

export interface SimulatorStepResult {
  ready: number;
  collected: number;
}

export interface KitchenSimulatorPlan {
  /** the stores whose orders it moves; empty: it does not run */
  vendorIds: number[];
  /** the one start-log line saying whether it runs, and why */
  message: string;
}

/** Whether the demo kitchen runs, for which stores, and the start log's line saying so. */
export function planKitchenSimulator(
  setting: KitchenSimulatorSetting,
  demo: DemoVenue | null,
  pace: number,
): KitchenSimulatorPlan {
  const manual = 'orders move only through the operations API and the staff display';
  if (setting === 'off') return { vendorIds: [], message: `Kitchen simulator off: KITCHEN_SIMULATOR=off; ${manual}` };
  if (demo === null || demo.vendorIds.length === 0) {
    const why =
      setting === 'on'
        ? 'KITCHEN_SIMULATOR=on, but no venue here was seeded as the demo'
        : 'no venue here was seeded as the demo';
    return { vendorIds: [], message: `Kitchen simulator off: ${why}; ${manual}` };
  }
  return {
    vendorIds: demo.vendorIds,
    message:
      `Kitchen simulator on for the demo venue ${demo.venueId} (pace ${pace}): its orders become ready after their store's ` +
      `time to service and collected ${SIMULATED_COLLECTION_MS / 60_000 / pace} minutes later; other venues' orders are never touched` +
      (setting === 'auto' ? ' (KITCHEN_SIMULATOR=off turns it off)' : ''),
  };
}

/** One round of the demo kitchen over the given stores' orders (the plan's `vendorIds`). */
export async function kitchenSimulatorStep(
  deps: FulfilmentDeps,
  vendorIds: readonly number[],
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

  for (const order of await listOrdersOfVendorsInStatus(deps.db, ['Waiting'], vendorIds, BATCH)) {
    const preparation = Math.max(MIN_PREPARATION_MS, Number(order.tts_ms) / pace);
    if (order.time_queued !== null && nowMs >= Number(order.time_queued) + preparation) {
      if (await move(order.vendor_id, order.id, 'PendingAlerted')) result.ready += 1;
    }
  }
  for (const order of await listOrdersOfVendorsInStatus(deps.db, READY_ORDER_STATUSES, vendorIds, BATCH)) {
    const readyAt = Number(order.time_ready ?? order.updated_at);
    if (nowMs >= readyAt + SIMULATED_COLLECTION_MS / pace) {
      if (await move(order.vendor_id, order.id, 'Serviced')) result.collected += 1;
    }
  }
  return result;
}
