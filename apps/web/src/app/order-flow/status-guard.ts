/**
 * Spec §2 route guards by the placed order's status, for the screens that do not track the order
 * themselves (wait-order and alert-order guard on their own). Small: it is in the first download.
 */
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { activeOrderRedirect, finishedOrderRedirect } from '@venue/domain/route-guards';
import { PATHS, ROUTE_GROUPS } from '../routes';
import type { AppStore } from '../store';

/** The final route, and the tracking routes that stay reachable with a finished order. */
const STATUS_ROUTES = { final: PATHS.alertOrder, fallback: PATHS.start, tracking: ROUTE_GROUPS.tracking };

/**
 * Where a screen sends the customer because of the placed order's status: Paid, Scheduled or
 * Waiting → wait-order (every route but wait-order); PendingAlerted, Alerted, Serviced, Cancelled or
 * VendorSupportRequired → alert-order (every route but the tracking routes). Null to stay.
 */
export function orderStatusRedirect(pathname: string, orderStatus: string | null): string | null {
  return (
    activeOrderRedirect(pathname, orderStatus, PATHS.waitOrder) ??
    finishedOrderRedirect(pathname, orderStatus, STATUS_ROUTES)
  );
}

/** The status guard as a loader step: a redirect, or null to let the route's own loader run. */
export function orderStatusGuard(store: AppStore) {
  return ({ request }: LoaderFunctionArgs): Response | null => {
    const to = orderStatusRedirect(new URL(request.url).pathname, store.getState().placedOrder.orderStatus);
    return to ? redirect(to) : null;
  };
}
