import { Suspense, useEffect, useRef, useState } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { signOut, signOutEverywhere } from '../api/accounts';
import { messageOf } from '../api/admin-client';
import { Dialog } from '../components/dialog';
import { ROLE_LABELS } from '../lib/labels';
import { isAdmin, useSession } from '../lib/session';

interface NavItem {
  to: string;
  label: string;
  adminOnly?: boolean;
}

export const NAV_ITEMS: NavItem[] = [
  { to: '/today', label: 'Today' },
  { to: '/orders', label: 'Orders' },
  { to: '/takings', label: 'Takings' },
  { to: '/menu', label: 'Menu' },
  { to: '/staff-tokens', label: 'Staff tokens' },
  { to: '/catalogue', label: 'Catalogue', adminOnly: true },
  { to: '/managers', label: 'Managers', adminOnly: true },
];

/**
 * The signed-in frame: the venue's name and who is signed in across the top, the screens down the
 * left (across the top on a tablet held upright), the screen itself beside them.
 */
export function Shell({ onSignedOut }: { onSignedOut: (notice: string | null) => void }) {
  const { manager } = useSession();
  const [confirmEverywhere, setConfirmEverywhere] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { pathname } = useLocation();
  const shown = useRef(pathname);

  // A new screen: focus goes to it (as a page load would put it at the top), not left on the link.
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    window.scrollTo(0, 0);
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname]);

  const leave = async (everywhere: boolean) => {
    setBusy(true);
    setProblem(null);
    try {
      if (everywhere) await signOutEverywhere();
      else await signOut();
      onSignedOut(everywhere ? 'You are signed out on every device.' : 'You are signed out.');
    } catch (error) {
      setProblem(messageOf(error));
      setBusy(false);
    }
  };

  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to the screen
      </a>
      <header className="topbar">
        <p className="brand">Back office</p>
        <div className="who">
          <p>
            <span className="who-name">{manager.name}</span>
            <span className="who-role">{ROLE_LABELS[manager.role]}</span>
          </p>
          <button type="button" className="button button-quiet" disabled={busy} onClick={() => void leave(false)}>
            Sign out
          </button>
          <button
            type="button"
            className="button button-quiet"
            disabled={busy}
            onClick={() => setConfirmEverywhere(true)}
          >
            Sign out everywhere
          </button>
        </div>
      </header>
      {problem && (
        <p className="notice notice-error shell-problem" role="alert">
          Could not sign out: {problem}
        </p>
      )}
      <nav className="sidenav" aria-label="Back office">
        <ul>
          {NAV_ITEMS.filter((item) => !item.adminOnly || isAdmin(manager)).map((item) => (
            <li key={item.to}>
              <NavLink to={item.to}>{item.label}</NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <main id="main" className="content" tabIndex={-1}>
        <Suspense
          fallback={
            <p className="loading" role="status">
              Loading…
            </p>
          }
        >
          <Outlet />
        </Suspense>
      </main>
      {confirmEverywhere && (
        <Dialog title="Sign out everywhere?" onClose={() => setConfirmEverywhere(false)}>
          <p>Every device signed in as {manager.email} is signed out at once, this one too.</p>
          <div className="dialog-actions">
            <button type="button" className="button" autoFocus onClick={() => setConfirmEverywhere(false)}>
              Stay signed in
            </button>
            <button type="button" className="button button-danger" disabled={busy} onClick={() => void leave(true)}>
              Sign out everywhere
            </button>
          </div>
        </Dialog>
      )}
    </div>
  );
}
