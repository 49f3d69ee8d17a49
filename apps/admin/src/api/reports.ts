/** The reports API (/admin/v1/reports and the events that say when to read the venue again). */
import type { Takings, TakingsGrouping, Today } from '@venue/contract/admin-reports';
import { apiUrl, call, withQuery } from './admin-client';

export interface TakingsFilters {
  from: string;
  to?: string | undefined;
  by?: TakingsGrouping | undefined;
  vendorId?: string | undefined;
}

export const getTakings = (filters: TakingsFilters, signal?: AbortSignal) =>
  call<Takings>('GET', withQuery('/reports/takings', { ...filters }), signal ? { signal } : {});

/** The same report as CSV (a download link). */
export const takingsCsvUrl = (filters: TakingsFilters) => apiUrl('/reports/takings', { ...filters, format: 'csv' });

/** The venue right now: today's orders and takings, and each store's queue. */
export const getToday = (signal?: AbortSignal) => call<Today>('GET', '/reports/today', signal ? { signal } : {});

/** The back office's event stream: any event means 'read today again'. */
export const EVENTS_URL = apiUrl('/events');
