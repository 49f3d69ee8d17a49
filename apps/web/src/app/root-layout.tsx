import { useEffect } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { settings } from '../config/settings';
import { ConnectionModal } from '../features/network/components/connection-modal';
import { useNetworkCheck } from '../features/network/hooks/use-network-check';
import { connectionModalClosed } from '../features/network/store/network-slice';
import { useAppDispatch, useAppSelector } from './hooks';
import { OrderSessionWatch } from './order-flow/session-watch';
import styles from './root-layout.module.css';

/** Spec §2: the page scrolls to top on each location change. */
export function ScrollToTop() {
  const location = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location.key, location.pathname, location.search]);
  return null;
}

/** A thin bar at the top while the next screen's guard loads the store and menu. */
function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return <div className={styles.progress} role="progressbar" aria-label="Loading" />;
}

/** Around every screen: scroll reset, the /time network check, the order session check and the 'Connection troubles!' modal. */
export function RootLayout() {
  const dispatch = useAppDispatch();
  const connectionModalOpen = useAppSelector((state) => state.network.connectionModalOpen);
  useNetworkCheck();

  return (
    <>
      <ScrollToTop />
      <NavigationProgress />
      <Outlet />
      <OrderSessionWatch />
      <ConnectionModal
        open={connectionModalOpen}
        venueName={settings.venueName}
        onClose={() => dispatch(connectionModalClosed())}
      />
    </>
  );
}
