import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { failInterruptedFetches, loadState, persistState, SAVE_THROTTLE_MS, STORAGE_KEY } from './persistence';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: vi.fn((key: string, value: string) => void data.set(key, value)),
    data,
  };
}

function fakeStore(initial: unknown) {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(next: unknown) {
      state = next;
      listeners.forEach((listener) => listener());
    },
  };
}

describe('restoring the saved state', () => {
  it("turns every 'fetching' status anywhere in the tree into 'failed'", () => {
    const storage = memoryStorage({
      [STORAGE_KEY]: JSON.stringify({
        venue: { vendors: { data: [], fetchStatus: 'fetching', error: null }, venues: { fetchStatus: 'success' } },
        order: { orderAmount: { fetchStatus: 'fetching' }, userOrder: { Chips: { '': { count: 2 } } } },
        placedOrder: { fetchStatus: 'fetching', orderStatus: 'Waiting' },
        network: { status: 'fetching' },
        list: [{ fetchStatus: 'fetching' }],
      }),
    });
    expect(loadState(storage)).toEqual({
      venue: { vendors: { data: [], fetchStatus: 'failed', error: null }, venues: { fetchStatus: 'success' } },
      order: { orderAmount: { fetchStatus: 'failed' }, userOrder: { Chips: { '': { count: 2 } } } },
      placedOrder: { fetchStatus: 'failed', orderStatus: 'Waiting' },
      network: { status: 'failed' },
      list: [{ fetchStatus: 'failed' }],
    });
  });

  it('ignores corrupt or unusable saved state', () => {
    expect(loadState(memoryStorage({ [STORAGE_KEY]: '{"order": {' }))).toBeUndefined();
    expect(loadState(memoryStorage({ [STORAGE_KEY]: '[1,2]' }))).toBeUndefined();
    expect(loadState(memoryStorage({ [STORAGE_KEY]: 'null' }))).toBeUndefined();
    expect(loadState(memoryStorage())).toBeUndefined();
    const throwing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(loadState(throwing)).toBeUndefined();
  });

  it('leaves other values alone', () => {
    expect(failInterruptedFetches({ note: 'fetching', fetchStatus: 'success' })).toEqual({
      note: 'fetching',
      fetchStatus: 'success',
    });
  });
});

describe('saving the state', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-22T00:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('saves under the key "state" at most once per second, ending with the latest state', () => {
    const storage = memoryStorage();
    const store = fakeStore({ n: 0 });
    persistState(store, storage);

    store.set({ n: 1 });
    vi.advanceTimersByTime(0);
    expect(storage.setItem).toHaveBeenCalledTimes(1);
    expect(JSON.parse(storage.data.get(STORAGE_KEY) ?? '')).toEqual({ n: 1 });

    // a burst of changes inside the same second: nothing more until the second is over
    for (let n = 2; n <= 20; n++) {
      store.set({ n });
      vi.advanceTimersByTime(40);
    }
    expect(storage.setItem).toHaveBeenCalledTimes(1);

    vi.advanceTimersByTime(SAVE_THROTTLE_MS);
    expect(storage.setItem).toHaveBeenCalledTimes(2);
    expect(JSON.parse(storage.data.get(STORAGE_KEY) ?? '')).toEqual({ n: 20 });

    // saves are never closer than a second apart
    const times: number[] = [];
    storage.setItem.mockImplementation(() => void times.push(Date.now()));
    for (let i = 0; i < 50; i++) {
      store.set({ n: 100 + i });
      vi.advanceTimersByTime(100);
    }
    vi.advanceTimersByTime(SAVE_THROTTLE_MS);
    expect(times.length).toBeGreaterThanOrEqual(4);
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(SAVE_THROTTLE_MS);
  });

  it('stops saving when told to', () => {
    const storage = memoryStorage();
    const store = fakeStore({ n: 0 });
    const stop = persistState(store, storage);
    stop();
    store.set({ n: 1 });
    vi.advanceTimersByTime(5000);
    expect(storage.setItem).not.toHaveBeenCalled();
  });
});
