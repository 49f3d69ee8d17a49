/** Where the build puts the service worker (build/pwa.ts); at the root, so it serves every page. */
export const SERVICE_WORKER_URL = '/sw.js';

/**
 * Registers the service worker that keeps the app shell for offline reloads, once the page has
 * loaded and the browser is idle: it never competes with the first screen for the network.
 */
export function registerServiceWorker(win: Window = window): void {
  if (!('serviceWorker' in win.navigator)) return;
  const register = () => {
    // No worker means no offline reload, nothing worse: the app works the same without it.
    win.navigator.serviceWorker.register(SERVICE_WORKER_URL).catch(() => undefined);
  };
  // Safari has no requestIdleCallback.
  const whenIdle = () =>
    typeof win.requestIdleCallback === 'function'
      ? win.requestIdleCallback(register, { timeout: 5_000 })
      : win.setTimeout(register, 0);
  if (win.document.readyState === 'complete') whenIdle();
  else win.addEventListener('load', whenIdle, { once: true });
}
