import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { settings } from '../config/settings';
import { ConnectionModal } from '../features/network/components/connection-modal';
import { useNetworkCheck } from '../features/network/hooks/use-network-check';
import { connectionModalClosed } from '../features/network/store/network-slice';
import { useAppDispatch, useAppSelector } from './hooks';

/** Spec §2: the page scrolls to top on each location change. */
export function ScrollToTop() {
  const location = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location.key, location.pathname, location.search]);
  return null;
}

/** Around every screen: scroll reset, the /time network check and the 'Connection troubles!' modal. */
export function RootLayout() {
  const dispatch = useAppDispatch();
  const connectionModalOpen = useAppSelector((state) => state.network.connectionModalOpen);
  useNetworkCheck();

  return (
    <>
      <ScrollToTop />
      <Outlet />
      <ConnectionModal
        open={connectionModalOpen}
        venueName={settings.venueName}
        onClose={() => dispatch(connectionModalClosed())}
      />
    </>
  );
}
