import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, createAppRouter } from './app/app';
import { renderWhenReady } from './app/render-when-ready';
import { createAppStore } from './app/store';
import { isProductionBuild } from './config/settings';
import { registerServiceWorker } from './lib/service-worker';
import './styles/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const store = createAppStore();
const router = createAppRouter(store);
const root = createRoot(container);
renderWhenReady(container, router, () =>
  root.render(
    <StrictMode>
      <App store={store} router={router} />
    </StrictMode>,
  ),
);

if (isProductionBuild) registerServiceWorker();
