/** Spec §3 fetch statuses; `null` before the first fetch. */
export type FetchStatus = 'fetching' | 'success' | 'failed';

/** A list loaded from the API with its fetch status and last error message. */
export interface Fetched<T> {
  data: T;
  fetchStatus: FetchStatus | null;
  error: string | null;
}
