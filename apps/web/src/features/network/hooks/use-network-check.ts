import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { checkNetwork } from '../api/get-time';
import type { NetworkState } from '../store/network-slice';
import { afterFirstPaint } from '../../../lib/first-paint';
import { nextTask } from '../../../lib/next-task';

/** Spec §9 polling default: re-check the connection every 5 s while it is failing. */
export const NETWORK_RECHECK_MS = 5000;

/** Checks the connection with GET /v1/time once the first screen has painted, then every 5 s while the status is failed. */
export function useNetworkCheck(): void {
  const dispatch = useDispatch<ThunkDispatch<unknown, unknown, UnknownAction>>();
  const failed = useSelector((state: { network: NetworkState }) => state.network.status === 'failed');

  // The check waits for the first screen to paint: it must not share a slow line with what that
  // screen is waiting for. It then runs in a task of its own, not in the one that mounts the screen.
  useEffect(() => {
    let cancelled = false;
    const cancelWait = afterFirstPaint(() => {
      void nextTask().then(() => {
        if (!cancelled) void dispatch(checkNetwork());
      });
    });
    return () => {
      cancelled = true;
      cancelWait();
    };
  }, [dispatch]);

  useEffect(() => {
    if (!failed) return;
    const timer = setInterval(() => void dispatch(checkNetwork({ background: true })), NETWORK_RECHECK_MS);
    return () => clearInterval(timer);
  }, [dispatch, failed]);
}
