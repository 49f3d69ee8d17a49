import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, createAppRouter } from './app/app';
import { whenRouterReady } from './app/render-when-ready';
import { createAppStore, isFreshState } from './app/store';
import { isProductionBuild } from './config/settings';
import { afterFirstPaint } from './lib/first-paint';
import { linkManifest } from './lib/manifest-link';
import { nextTask } from './lib/next-task';
import { registerServiceWorker } from './lib/service-worker';
import './styles/global.css';

/**
 * Starts the app in steps, each a task of its own (the store, the router, then React), so on a
 * slow phone none of them holds the main thread for long while the prerendered screen is already
 * showing (docs/decisions/042-start-up-work.md).
 */
async function start(container: HTMLElement): Promise<void> {
  await nextTask();
  const store = createAppStore();
  await nextTask();
  const router = createAppRouter(store);
  const app = (
    <StrictMode>
      <App store={store} router={router} />
    </StrictMode>
  );
  const prerendered = container.childElementCount > 0;
  if (!prerendered) {
    // Nothing on the page yet: the loading spinner shows until the screen's code has arrived.
    startTransition(() => createRoot(container).render(app));
    return;
  }
  await whenRouterReady(router);
  await nextTask();
  // The prerendered screen is the app on a fresh store (src/app/prerender.tsx). A visitor whose
  // store is fresh too gets the same screen, so React takes over its markup (hydrates it) instead
  // of building it again; a visitor with saved state gets their own screen rendered over it.
  // Either way as a transition: React works in slices of a few milliseconds, not one long task.
  startTransition(() => {
    if (isFreshState(store.getState())) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
void start(container);

if (isProductionBuild) {
  registerServiceWorker();
  afterFirstPaint(() => linkManifest());
}
