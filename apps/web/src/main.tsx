import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createAppStore } from './app/store';
import { isProductionBuild } from './config/settings';
import { registerServiceWorker } from './lib/service-worker';
import './styles/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App store={createAppStore()} />
  </StrictMode>,
);

if (isProductionBuild) registerServiceWorker();
