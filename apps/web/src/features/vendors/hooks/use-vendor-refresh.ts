import { useEffect, useState } from 'react';
import { useDispatch } from 'react-redux';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { VENDOR_REFRESH_MS } from '../../../lib/vendor-status';
import { fetchVendors } from '../api/get-vendors';

/**
 * Open, paused and closed change while the customer browses: the venue's vendor list is read again
 * every VENDOR_REFRESH_MS in the background. Returns the time of the last refresh (epoch ms), the
 * 'now' that opening hours are judged at.
 */
export function useVendorRefresh(venueId: number | undefined): number {
  const dispatch = useDispatch<ThunkDispatch<unknown, unknown, UnknownAction>>();
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (venueId === undefined) return;
    const timer = setInterval(() => {
      setNow(Date.now());
      void dispatch(fetchVendors({ venueId, background: true }));
    }, VENDOR_REFRESH_MS);
    return () => clearInterval(timer);
  }, [dispatch, venueId]);
  return now;
}
