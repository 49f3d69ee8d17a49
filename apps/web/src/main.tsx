import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, createAppRouter } from './app/app';
import { renderWhenReady } from './app/render-when-ready';
import { createAppStore } from './app/store';
import { isProductionBuild } from './config/settings';
import { afterFirstPaint } from './lib/first-paint';
import { linkManifest } from './lib/manifest-link';
import { registerServiceWorker } from './lib/service-worker';
import './styles/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const store = createAppStore();
const router = createAppRouter(store);
const root = createRoot(container);
// As a transition, the first render yields to the browser every few milliseconds instead of
// holding the main thread for its whole length, so a tap or scroll meanwhile is not kept waiting.
renderWhenReady(container, router, () =>
  startTransition(() =>
    root.render(
      <StrictMode>
        <App store={store} router={router} />
      </StrictMode>,
    ),
  ),
);

if (isProductionBuild) {
  registerServiceWorker();
  afterFirstPaint(() => linkManifest());
}
