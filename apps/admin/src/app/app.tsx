import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';
import { getSession } from '../api/accounts';
import { ApiError, messageOf, onSignedOut } from '../api/admin-client';
import { SignInScreen } from '../features/account/sign-in-screen';
import { SessionContext, isAdmin, type Session } from '../lib/session';
import { loadVenue } from '../lib/venue';
import { Shell } from './shell';

const ForgotPasswordScreen = lazy(() => import('../features/account/forgot-password-screen'));
const SetPasswordScreen = lazy(() => import('../features/account/set-password-screen'));
const TodayScreen = lazy(() => import('../features/today/today-screen'));
const OrdersScreen = lazy(() => import('../features/orders/orders-screen'));
const OrderScreen = lazy(() => import('../features/orders/order-screen'));
const TakingsScreen = lazy(() => import('../features/takings/takings-screen'));
const ManagersScreen = lazy(() => import('../features/managers/managers-screen'));
const MenuScreen = lazy(() => import('../features/menu/menu-screen'));
const CouponsScreen = lazy(() => import('../features/menu/coupons-screen'));
const StoreScreen = lazy(() => import('../features/menu/store-screen'));
const StaffTokensScreen = lazy(() => import('../features/staff-tokens/staff-tokens-screen'));
const CatalogueScreen = lazy(() => import('../features/catalogue/catalogue-screen'));

type State =
  | { status: 'checking' }
  | { status: 'failed'; message: string }
  | { status: 'signed-out'; notice: string | null }
  | { status: 'signed-in'; session: Session };

/** What the sign-in says after a session ended on its own. */
export const SESSION_ENDED_MESSAGE = 'Your session has ended. Sign in again to go on.';

/** Where the sign-in goes on to: the page asked for (a path of this app only), else Today. */
export function nextPage(search: string): string {
  const next = new URLSearchParams(search).get('next');
  return next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') ? next : '/today';
}

const Loading = () => (
  <p className="loading" role="status">
    Loading…
  </p>
);

/** Who is signed in, with the venue's zone and the manager's stores; null when no one is. */
async function readSession(signal?: AbortSignal): Promise<Session | null> {
  try {
    const manager = await getSession(signal);
    return { manager, venue: await loadVenue(manager, signal) };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/**
 * The back office: the pages anyone may open (sign-in, a password link), and behind the session
 * the shell with its screens. A call that answers 401 anywhere (signed out on another device,
 * disabled, expired) brings the sign-in back, and after it the page the manager was on.
 */
export function App() {
  const [state, setState] = useState<State>({ status: 'checking' });
  const navigate = useNavigate();
  const location = useLocation();

  const check = useCallback((signal?: AbortSignal) => {
    readSession(signal).then(
      (session) => setState(session ? { status: 'signed-in', session } : { status: 'signed-out', notice: null }),
      (error: unknown) => {
        if (!signal?.aborted) setState({ status: 'failed', message: messageOf(error) });
      },
    );
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    check(controller.signal);
    return () => controller.abort();
  }, [check]);

  useEffect(
    () =>
      onSignedOut(() =>
        setState((current) =>
          current.status === 'signed-in' ? { status: 'signed-out', notice: SESSION_ENDED_MESSAGE } : current,
        ),
      ),
    [],
  );

  // The venue's stores and zone change under a signed-in manager (a catalogue imported, a store
  // added or removed): read them again on each move to another screen, quietly, keeping what is
  // shown when the read fails.
  const signedInManager = state.status === 'signed-in' ? state.session.manager : null;
  const shownPath = useRef<string | null>(null);
  useEffect(() => {
    const previous = shownPath.current;
    shownPath.current = signedInManager ? location.pathname : null;
    // Not on the first screen after signing in: the venue was just read.
    if (!signedInManager || previous === null || previous === location.pathname) return;
    const controller = new AbortController();
    loadVenue(signedInManager, controller.signal).then(
      (venue) =>
        setState((current) =>
          current.status === 'signed-in' && JSON.stringify(current.session.venue) !== JSON.stringify(venue)
            ? { status: 'signed-in', session: { ...current.session, venue } }
            : current,
        ),
      () => undefined,
    );
    return () => controller.abort();
  }, [location.pathname, signedInManager]);

  // the sign-in route, once signed in, goes on to the page asked for (below)
  const signedIn = async () => {
    const session = await readSession();
    if (!session) throw new Error('The session did not start. Check that this browser accepts cookies.');
    setState({ status: 'signed-in', session });
  };

  const signedOut = (notice: string | null) => {
    setState({ status: 'signed-out', notice });
    navigate('/sign-in', { replace: true });
  };

  if (state.status === 'checking') return <Loading />;
  if (state.status === 'failed') {
    return (
      <main className="centered">
        <h1>Back office</h1>
        <div className="notice notice-error" role="alert">
          <p>Could not reach the server: {state.message}</p>
          <button type="button" className="button" onClick={() => check()}>
            Try again
          </button>
        </div>
      </main>
    );
  }

  const session = state.status === 'signed-in' ? state.session : null;
  const here = `${location.pathname}${location.search}`;
  const toSignIn = <Navigate to={`/sign-in?next=${encodeURIComponent(here)}`} replace />;
  const adminOnly = (element: React.ReactNode) =>
    session && isAdmin(session.manager) ? element : <Navigate to="/today" replace />;

  return (
    <Suspense fallback={<Loading />}>
      <Routes>
        <Route path="/forgot-password" element={<ForgotPasswordScreen />} />
        <Route path="/set-password" element={<SetPasswordScreen />} />
        <Route
          path="/sign-in"
          element={
            session ? (
              <Navigate to={nextPage(location.search)} replace />
            ) : (
              <SignInScreen notice={state.status === 'signed-out' ? state.notice : null} onSignedIn={signedIn} />
            )
          }
        />
        {session ? (
          <Route
            element={
              <SessionContext value={session}>
                <Shell onSignedOut={signedOut} />
              </SessionContext>
            }
          >
            <Route path="/today" element={<TodayScreen />} />
            <Route path="/orders" element={<OrdersScreen />} />
            <Route path="/orders/:orderId" element={<OrderScreen />} />
            <Route path="/takings" element={<TakingsScreen />} />
            <Route path="/menu" element={<MenuScreen />} />
            <Route path="/menu/coupons" element={<CouponsScreen />} />
            <Route path="/menu/:vendorId" element={<StoreScreen />} />
            <Route path="/staff-tokens" element={<StaffTokensScreen />} />
            <Route path="/catalogue" element={adminOnly(<CatalogueScreen />)} />
            <Route path="/managers" element={adminOnly(<ManagersScreen />)} />
            <Route path="*" element={<Navigate to="/today" replace />} />
          </Route>
        ) : (
          <Route path="*" element={toSignIn} />
        )}
      </Routes>
    </Suspense>
  );
}
