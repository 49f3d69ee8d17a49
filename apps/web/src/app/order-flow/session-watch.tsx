import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { settings } from '../../config/settings';
import { SessionExpiredModal } from '../../features/order/components/session-modals';
import { orderReset } from '../../features/order/store/order-slice';
import { useAppDispatch, useAppSelector } from '../hooks';
import { PATHS } from '../routes';
import { sessionExpired } from './guards';

/** Spec §9: session check 1000 ms. */
export const SESSION_CHECK_MS = 1000;

/**
 * Spec §4 order session: every second, checks whether the session started more than the configured
 * time ago while the placed order has no status or is Pending; then 'Order Session Expired' shows,
 * and 'Start Again' resets the order and goes home.
 */
export function OrderSessionWatch() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const startTime = useAppSelector((state) => state.order.orderSessionStartTime);
  const orderStatus = useAppSelector((state) => state.placedOrder.orderStatus);
  const [expired, setExpired] = useState(false);

  useEffect(() => {
    if (startTime === null) return;
    const timer = setInterval(() => {
      setExpired(
        sessionExpired({ startTime, nowMs: Date.now(), expiryMs: settings.orderSessionExpiryMs, orderStatus }),
      );
    }, SESSION_CHECK_MS);
    return () => clearInterval(timer);
  }, [startTime, orderStatus]);

  return (
    <SessionExpiredModal
      open={expired && startTime !== null}
      onStartAgain={() => {
        setExpired(false);
        dispatch(orderReset());
        void navigate(PATHS.home);
      }}
    />
  );
}
