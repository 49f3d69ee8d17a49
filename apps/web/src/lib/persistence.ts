/** The whole client state in localStorage (spec §3, §4 Persistence). */

export const STORAGE_KEY = 'state';
/** Spec §9: state save throttle 1000 ms. */
export const SAVE_THROTTLE_MS = 1000;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const STATUS_KEYS = new Set(['fetchStatus', 'status']);

/**
 * A fetch that was running when the page went away never finishes: every 'fetching' status in the
 * tree comes back as 'failed', so screens offer a retry instead of waiting forever.
 */
export function failInterruptedFetches<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item) => failInterruptedFetches(item)) as T;
  if (value === null || typeof value !== 'object') return value;
  const result: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    result[key] = STATUS_KEYS.has(key) && child === 'fetching' ? 'failed' : failInterruptedFetches(child);
  }
  return result as T;
}

/** The saved state, with interrupted fetches failed; undefined when nothing usable is stored. */
export function loadState(
  storage: Pick<Storage, 'getItem'> | undefined = safeLocalStorage(),
): Record<string, unknown> | undefined {
  if (!storage) return undefined;
  try {
    const text = storage.getItem(STORAGE_KEY);
    if (!text) return undefined;
    const parsed = JSON.parse(text) as Json;
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return undefined;
    return failInterruptedFetches(parsed);
  } catch {
    // Corrupt JSON or a storage the browser refuses to read: start fresh.
    return undefined;
  }
}

export interface PersistableStore {
  getState(): unknown;
  subscribe(listener: () => void): () => void;
}

/**
 * Saves the state after changes, at most once per `intervalMs`: the first change is saved at once,
 * later ones in the same window together at its end. A pending save is written when the page is hidden.
 * Returns a function that stops saving.
 */
export function persistState(
  store: PersistableStore,
  storage: Pick<Storage, 'setItem'> | undefined = safeLocalStorage(),
  intervalMs = SAVE_THROTTLE_MS,
): () => void {
  if (!storage) return () => undefined;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let lastSavedAt = Number.NEGATIVE_INFINITY;
  let lastSaved: unknown;

  const save = () => {
    timer = null;
    lastSavedAt = Date.now();
    const state = store.getState();
    if (state === lastSaved) return;
    lastSaved = state;
    try {
      storage.setItem(STORAGE_KEY, JSON.stringify(state));
    } catch {
      // Storage full or blocked (private mode): the app keeps working without persistence.
    }
  };

  const unsubscribe = store.subscribe(() => {
    if (timer !== null) return;
    timer = setTimeout(save, Math.max(0, lastSavedAt + intervalMs - Date.now()));
  });

  const flush = () => {
    if (timer === null) return;
    clearTimeout(timer);
    save();
  };
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') flush();
  };
  const hasWindow = typeof window !== 'undefined';
  if (hasWindow) {
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onVisibility);
  }

  return () => {
    unsubscribe();
    if (timer !== null) clearTimeout(timer);
    if (hasWindow) {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onVisibility);
    }
  };
}

function safeLocalStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}
