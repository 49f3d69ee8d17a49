/** Spec §2 route guards of the order-tracking routes (wait-order, alert-order). */
import { redirect } from 'react-router';
import { activeOrderRedirect, hasConsumerContact, trackingRouteRedirect } from '@venue/domain/route-guards';
import { placedOrderCleared } from '../../entities/placed-order/store/placed-order-slice';
import { CONSUMER_DETAILS_PATH, PATHS, ROUTE_GROUPS } from '../routes';
import type { AppStore } from '../store';

/** No status → the fallback (start); the final route for finished orders. */
const STATUS_ROUTES = { final: PATHS.alertOrder, fallback: PATHS.start, tracking: ROUTE_GROUPS.tracking };

/**
 * Where a tracking screen sends the customer as the order's status stands (checked on every render,
 * as the status changes under it): without a status to the fallback; alert-order with an active
 * status (Paid, Scheduled, Waiting) to wait-order. Wait-order stays with every status: it moves on
 * to alert-order itself (spec §4). Null to stay.
 */
export function trackingRedirect(pathname: string, orderStatus: string | null): string | null {
  const fallback = trackingRouteRedirect(pathname, orderStatus, STATUS_ROUTES);
  if (fallback) return fallback;
  return pathname.replace(/\/+$/, '') === PATHS.alertOrder
    ? activeOrderRedirect(pathname, orderStatus, PATHS.waitOrder)
    : null;
}

/**
 * Spec §2/§6: the tracking routes need the consumer. A tracked order without its consumer cannot
 * be read (only its consumer's key signs for it), so it is let go and the customer goes to the
 * consumer-details route; were it kept, the status guards there would send it straight back. An
 * order without a status is left to `trackingRedirect` (the fallback).
 */
export function requireTrackingConsumer(store: AppStore) {
  return (): Response | null => {
    const state = store.getState();
    if (state.placedOrder.orderStatus === null || hasConsumerContact(state.consumer)) return null;
    store.dispatch(placedOrderCleared());
    return redirect(CONSUMER_DETAILS_PATH);
  };
}
