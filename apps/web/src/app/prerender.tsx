import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter } from 'react-router';
import { settings } from '../config/settings';
import { App, type AppRouter } from './app';
import { whenRouterReady } from './render-when-ready';
import { PATHS } from './routes';
import { createRoutes } from './router';
import { createStore } from './store';

/**
 * The screens whose first view is the same for every visitor: the home screen (the venue's name and
 * how ordering works, from the build settings), and in a multi-vendor build the store list's
 * heading with its loading placeholders, as it shows until the stores arrive.
 */
function hasFirstView(path: string): boolean {
  return path === '/' || path === PATHS.home || (path === PATHS.discoverVendor && settings.multiVendor);
}

/**
 * The markup a screen shows before anything is known about the visitor, written into its route
 * page at build time (build/route-pages.ts) so it shows before the scripts have run. It is the
 * app itself (the same routes, guards and layout as src/main.tsx renders, on a fresh store) in
 * hydratable markup, so the app takes it over where it stands instead of rendering it again
 * (docs/decisions/042-start-up-work.md). Runs in Node at build time; never shipped.
 */
export async function prerender(path: string): Promise<string> {
  if (!hasFirstView(path)) return '';
  const store = createStore();
  // The routes' loaders and lazy screens, as in the browser; '/' is sent on to the home screen.
  const router: AppRouter = createMemoryRouter(createRoutes(store), { initialEntries: [path] });
  await whenRouterReady(router);
  const markup = renderToString(
    <StrictMode>
      <App store={store} router={router} />
    </StrictMode>,
  );
  router.dispose();
  return markup;
}
