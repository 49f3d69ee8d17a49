import { redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { Loader } from '../components/ui/loader';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';
import { ORDER_FLOW_BASE, PATHS } from './routes';

/** Root and unknown paths: home, keeping the query string (spec §2). */
export function redirectHomeKeepingQuery({ request }: LoaderFunctionArgs) {
  return redirect(`${PATHS.home}${new URL(request.url).search}`);
}

/** Unknown order-flow paths: home (spec §2). */
export function redirectHome() {
  return redirect(PATHS.home);
}

const flowSegment = (path: string) => path.slice(ORDER_FLOW_BASE.length + 1);

/** Every route of spec §2; each screen is its own lazily loaded chunk. */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteError />,
    // shown while the first screen's chunk loads
    hydrateFallbackElement: <Loader label="Loading…" />,
    children: [
      { index: true, loader: redirectHomeKeepingQuery },
      { path: PATHS.start.slice(1), lazy: () => import('./routes/start') },
      {
        path: ORDER_FLOW_BASE.slice(1),
        children: [
          { index: true, loader: redirectHome },
          { path: flowSegment(PATHS.delivery), lazy: () => import('./routes/delivery') },
          { path: flowSegment(PATHS.discoverVendor), lazy: () => import('./routes/discover-vendor') },
          { path: flowSegment(PATHS.placeOrder), lazy: () => import('./routes/place-order') },
          { path: flowSegment(PATHS.confirmOrder), lazy: () => import('./routes/confirm-order') },
          { path: flowSegment(PATHS.confirmContact), lazy: () => import('./routes/confirm-contact') },
          { path: flowSegment(PATHS.payment), lazy: () => import('./routes/payment') },
          { path: flowSegment(PATHS.waitOrder), lazy: () => import('./routes/wait-order') },
          { path: flowSegment(PATHS.alertOrder), lazy: () => import('./routes/alert-order') },
          { path: '*', loader: redirectHome },
        ],
      },
      { path: '*', loader: redirectHomeKeepingQuery },
    ],
  },
];
