// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterFirstPaint, FIRST_PAINT_FALLBACK_MS, firstPaintDone, useFirstPaintDone } from './first-paint';

/** A window whose PerformanceObserver reports paints when the test says the page painted. */
function paintingWindow({ paintedAlready = false, paintTiming = true } = {}) {
  const observers: Array<(list: { getEntriesByName: (name: string) => unknown[] }) => void> = [];
  const entries = paintedAlready ? [{ name: 'first-contentful-paint' }] : [];
  class FakeObserver {
    static supportedEntryTypes = paintTiming ? ['paint', 'largest-contentful-paint'] : ['mark'];
    disconnected = false;
    constructor(private readonly callback: (list: { getEntriesByName: (name: string) => unknown[] }) => void) {}
    observe() {
      observers.push((list) => {
        if (!this.disconnected) this.callback(list);
      });
    }
    disconnect() {
      this.disconnected = true;
    }
  }
  const win = {
    performance: {
      getEntriesByName: (name: string, type: string) =>
        type === 'paint' ? entries.filter((entry) => entry.name === name) : [],
    },
    PerformanceObserver: FakeObserver,
    setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
    clearTimeout: (id: ReturnType<typeof setTimeout>) => clearTimeout(id),
  } as unknown as Window;
  const paint = (name = 'first-contentful-paint') => {
    for (const observer of observers) observer({ getEntriesByName: (wanted) => (wanted === name ? [{ name }] : []) });
  };
  return { win, paint, observers };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('after the first paint', () => {
  it('waits for the first contentful paint, then runs each callback once', () => {
    const { win, paint } = paintingWindow();
    const first = vi.fn();
    const second = vi.fn();
    afterFirstPaint(first, win);
    afterFirstPaint(second, win);
    expect(firstPaintDone(win)).toBe(false);
    paint('first-paint');
    expect(first).not.toHaveBeenCalled();
    paint();
    paint();
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(1);
    expect(firstPaintDone(win)).toBe(true);
  });

  it('runs at once when the page has painted already', () => {
    const { win } = paintingWindow({ paintedAlready: true });
    const callback = vi.fn();
    afterFirstPaint(callback, win);
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('runs at once where the browser does not report paints', () => {
    const { win } = paintingWindow({ paintTiming: false });
    const callback = vi.fn();
    afterFirstPaint(callback, win);
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('does not run a cancelled callback', () => {
    const { win, paint } = paintingWindow();
    const callback = vi.fn();
    const cancel = afterFirstPaint(callback, win);
    cancel();
    paint();
    expect(callback).not.toHaveBeenCalled();
  });

  it(`goes ahead after ${FIRST_PAINT_FALLBACK_MS} ms without a paint (a hidden tab paints nothing)`, () => {
    vi.useFakeTimers();
    const { win } = paintingWindow();
    const callback = vi.fn();
    afterFirstPaint(callback, win);
    vi.advanceTimersByTime(FIRST_PAINT_FALLBACK_MS - 1);
    expect(callback).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(callback).toHaveBeenCalledTimes(1);
  });
});

describe('useFirstPaintDone', () => {
  it('is false until the page paints, then re-renders the component with true', async () => {
    const { win, paint } = paintingWindow();
    const { result } = renderHook(() => useFirstPaintDone(win));
    expect(result.current).toBe(false);
    await act(async () => paint());
    expect(result.current).toBe(true);
  });

  it('is true at once on a page that has painted, and in a prerender (no window)', () => {
    expect(renderHook(() => useFirstPaintDone(paintingWindow({ paintedAlready: true }).win)).result.current).toBe(true);
    expect(renderHook(() => useFirstPaintDone(null)).result.current).toBe(true);
  });
});
