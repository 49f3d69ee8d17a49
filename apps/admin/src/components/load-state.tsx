import type { ReactNode } from 'react';
import { messageOf } from '../api/admin-client';

/**
 * What a screen shows while its data is read, or when the read failed (with 'Try again'); the
 * data itself once it is there.
 */
export function LoadState<T>({
  data,
  error,
  loading,
  reload,
  what,
  children,
}: {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  reload: () => void;
  /** "the orders": said while loading and on a failure */
  what: string;
  children: (data: T) => ReactNode;
}) {
  if (data !== undefined) {
    return (
      <>
        {error ? (
          <div className="notice notice-error" role="alert">
            <p>
              Could not read {what} again: {messageOf(error)}
            </p>
            <button type="button" className="button" onClick={reload}>
              Try again
            </button>
          </div>
        ) : null}
        {children(data)}
      </>
    );
  }
  if (error && !loading) {
    return (
      <div className="notice notice-error" role="alert">
        <p>
          Could not read {what}: {messageOf(error)}
        </p>
        <button type="button" className="button" onClick={reload}>
          Try again
        </button>
      </div>
    );
  }
  return (
    <p className="loading" role="status">
      Loading {what}…
    </p>
  );
}
