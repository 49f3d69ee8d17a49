import { useCallback, useEffect, useEffectEvent, useState } from 'react';

export interface Loaded<T> {
  /** the last answer for this key (kept while it is read again), or undefined */
  data: T | undefined;
  /** the last failure for this key, or null */
  error: unknown;
  /** a read for this key is under way */
  loading: boolean;
  /** reads it again, keeping what is shown meanwhile */
  reload: () => void;
}

interface Result<T> {
  key: string;
  version: number;
  data?: T;
  error?: unknown;
}

/**
 * Reads `load` for `key` (the call's inputs, in words: a changed key reads again and drops what the
 * old key read) and on every `reload()`. A read that is overtaken is cancelled; its answer is dropped.
 */
export function useLoad<T>(key: string, load: (signal: AbortSignal) => Promise<T>): Loaded<T> {
  const [version, setVersion] = useState(0);
  const [result, setResult] = useState<Result<T> | null>(null);
  const read = useEffectEvent((signal: AbortSignal) => load(signal));

  useEffect(() => {
    const controller = new AbortController();
    read(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setResult({ key, version, data });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        // a failed read again keeps what was shown, with the failure beside it
        setResult((previous) => ({
          key,
          version,
          error,
          ...(previous?.key === key && 'data' in previous ? { data: previous.data } : {}),
        }));
      },
    );
    return () => controller.abort();
  }, [key, version]);

  const reload = useCallback(() => setVersion((value) => value + 1), []);
  const current = result?.key === key ? result : null;
  return {
    data: current?.data,
    error: current?.error ?? null,
    loading: current === null || current.version !== version,
    reload,
  };
}
