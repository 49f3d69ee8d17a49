import { useEffect } from 'react';
import { useLocation, useNavigate, useRouteError } from 'react-router';
import { Button } from '../components/ui/button';
import { Layout } from '../components/ui/layout';
import { STORAGE_KEY } from '../lib/persistence';
import { PATHS } from './routes';

/**
 * Spec §2: a render error resets to '/'. If the home screen itself fails there is nowhere to reset
 * to, so it offers a fresh start (saved state cleared) instead of looping.
 */
export function RouteError() {
  const error = useRouteError();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const atHome = pathname === '/' || pathname === PATHS.home;

  useEffect(() => {
    console.error(error);
    if (!atHome) void navigate('/', { replace: true });
  }, [atHome, error, navigate]);

  if (!atHome) return null;
  return (
    <Layout>
      <div role="alert" style={{ display: 'grid', gap: 16, paddingTop: 48, textAlign: 'center' }}>
        <h1>Something went wrong</h1>
        <p>Sorry, the page could not be shown. Starting again usually fixes it.</p>
        <Button
          block
          onClick={() => {
            try {
              localStorage.removeItem(STORAGE_KEY);
            } catch {
              // storage unavailable: a reload is still worth trying
            }
            window.location.assign('/');
          }}
        >
          Start again
        </Button>
      </div>
    </Layout>
  );
}
