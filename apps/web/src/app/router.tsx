import type { ComponentType } from 'react';
import { redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { Loader } from '../components/ui/loader';
import { requireOrder } from './order-flow/require-order';
import { orderStatusGuard } from './order-flow/status-guard';
import { requireTrackingConsumer } from './order-flow/tracking-guard';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';
import { ORDER_FLOW_BASE, PATHS } from './routes';
import type { AppStore } from './store';

/** Root and unknown paths: home, keeping the query string (spec §2). */
export function redirectHomeKeepingQuery({ request }: LoaderFunctionArgs) {
  return redirect(`${PATHS.home}${new URL(request.url).search}`);
}

/** Unknown order-flow paths: home (spec §2). */
export function redirectHome() {
  return redirect(PATHS.home);
}

const flowSegment = (path: string) => path.slice(ORDER_FLOW_BASE.length + 1);

/** A route module whose loader (a transition guard) needs the store. */
interface GuardedModule {
  Component: ComponentType;
  createLoader: (store: AppStore) => (args: LoaderFunctionArgs) => unknown;
}

type Guard = (args: LoaderFunctionArgs) => Response | null;

/** Loads a guarded screen's chunk, with its loader bound to the store and run after `first`. */
function guarded(store: AppStore, first: Guard, load: () => Promise<GuardedModule>) {
  return async () => {
    const module = await load();
    const loader = module.createLoader(store);
    return { Component: module.Component, loader: (args: LoaderFunctionArgs) => first(args) ?? loader(args) };
  };
}

/**
 * Every route of spec §2; each screen is its own lazily loaded chunk. Loaders are the transition
 * guards: every screen but the tracking ones first follows the placed order's status (a paid order
 * is tracked on wait-order, a finished one shown on alert-order); place-order and confirm-order
 * check the store and the menu on entry; confirm-contact and payment need an order in progress.
 */
export function createRoutes(store: AppStore): RouteObject[] {
  const byStatus = orderStatusGuard(store);
  const needsOrder = requireOrder(store);
  const byStatusThenOrder: Guard = (args) => byStatus(args) ?? needsOrder();
  const trackingConsumer = requireTrackingConsumer(store);
  return [
    {
      path: '/',
      element: <RootLayout />,
      errorElement: <RouteError />,
      // shown while the first screen's chunk loads
      hydrateFallbackElement: <Loader label="Loading…" />,
      children: [
        { index: true, loader: redirectHomeKeepingQuery },
        { path: PATHS.start.slice(1), loader: byStatus, lazy: () => import('./routes/start') },
        {
          path: ORDER_FLOW_BASE.slice(1),
          children: [
            { index: true, loader: redirectHome },
            { path: flowSegment(PATHS.delivery), loader: byStatus, lazy: () => import('./routes/delivery') },
            {
              path: flowSegment(PATHS.discoverVendor),
              loader: byStatus,
              lazy: () => import('./routes/discover-vendor'),
            },
            {
              path: flowSegment(PATHS.placeOrder),
              lazy: guarded(store, byStatus, () => import('./routes/menu')),
            },
            {
              path: flowSegment(PATHS.confirmOrder),
              lazy: guarded(store, byStatus, () => import('./routes/confirm-order')),
            },
            {
              path: flowSegment(PATHS.confirmContact),
              loader: byStatusThenOrder,
              lazy: () => import('./routes/confirm-contact'),
            },
            { path: flowSegment(PATHS.payment), loader: byStatusThenOrder, lazy: () => import('./routes/payment') },
            // The tracking routes need the consumer; they follow the order's status themselves.
            {
              path: flowSegment(PATHS.waitOrder),
              loader: trackingConsumer,
              lazy: () => import('./routes/wait-order'),
            },
            {
              path: flowSegment(PATHS.alertOrder),
              loader: trackingConsumer,
              lazy: () => import('./routes/alert-order'),
            },
            { path: '*', loader: redirectHome },
          ],
        },
        { path: '*', loader: redirectHomeKeepingQuery },
      ],
    },
  ];
}
