import { startTransition, useEffect, useState } from 'react';

/**
 * The page's first contentful paint, as the browser reports it (Paint Timing). Requests the first
 * screen does not need (the network check, pictures, the manifest) wait for it, so on a slow
 * connection they never share the line with the code and data that screen is waiting for.
 */

/** Past this, waiting things go ahead even without a paint entry (a browser without Paint Timing, a hidden tab). */
export const FIRST_PAINT_FALLBACK_MS = 3_000;

type Listener = () => void;

interface PaintWatch {
  painted: boolean;
  listeners: Set<Listener>;
}

const watches = new WeakMap<Window, PaintWatch>();

type PaintObserver = typeof PerformanceObserver;

/** The browser's PerformanceObserver when it reports paints (not in older browsers, nor in jsdom). */
function paintObserver(win: Window): PaintObserver | undefined {
  const Observer = (win as Window & { PerformanceObserver?: PaintObserver }).PerformanceObserver;
  return Observer?.supportedEntryTypes?.includes('paint') ? Observer : undefined;
}

function hasPainted(win: Window): boolean {
  return win.performance.getEntriesByName('first-contentful-paint', 'paint').length > 0;
}

function watchOf(win: Window): PaintWatch {
  const known = watches.get(win);
  if (known) return known;
  const Observer = paintObserver(win);
  // Without Paint Timing nothing can tell when the page painted, so nothing waits.
  const watch: PaintWatch = { painted: !Observer || hasPainted(win), listeners: new Set() };
  watches.set(win, watch);
  if (watch.painted || !Observer) return watch;
  const done = () => {
    if (watch.painted) return;
    watch.painted = true;
    observer.disconnect();
    win.clearTimeout(fallback);
    for (const listener of [...watch.listeners]) listener();
    watch.listeners.clear();
  };
  const observer = new Observer((list) => {
    if (list.getEntriesByName('first-contentful-paint').length > 0) done();
  });
  const fallback = win.setTimeout(done, FIRST_PAINT_FALLBACK_MS);
  observer.observe({ type: 'paint', buffered: true });
  return watch;
}

/** Whether the page has painted content yet. */
export function firstPaintDone(win: Window = window): boolean {
  return watchOf(win).painted;
}

/** Runs `callback` once the page has painted content (at once if it has); answers a cancel function. */
export function afterFirstPaint(callback: () => void, win: Window = window): () => void {
  const watch = watchOf(win);
  if (watch.painted) {
    callback();
    return () => undefined;
  }
  watch.listeners.add(callback);
  return () => watch.listeners.delete(callback);
}

/**
 * Whether the page has painted content yet; re-renders the component once it has, as a transition:
 * React then re-renders what waited (a menu's pictures) in slices of a few milliseconds instead of
 * one long task right after the paint (docs/decisions/042-start-up-work.md). In a prerender there
 * is no page to paint: nothing waits there.
 */
export function useFirstPaintDone(win: Window | null = typeof window === 'undefined' ? null : window): boolean {
  const [painted, setPainted] = useState(() => !win || firstPaintDone(win));
  useEffect(() => {
    if (painted || !win) return undefined;
    return afterFirstPaint(() => startTransition(() => setPainted(true)), win);
  }, [painted, win]);
  return painted;
}
