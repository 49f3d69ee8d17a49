import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { settings } from '../config/settings';
import { PATHS } from './routes';
import { Component as DiscoverVendor } from './routes/discover-vendor';
import { Component as Start } from './routes/start';
import { createStore } from './store';

/**
 * The screens whose first view is the same for every visitor: the home screen (the venue's name and
 * how ordering works, from the build settings), and in a multi-vendor build the store list's
 * heading with its loading placeholders, as it shows until the stores arrive.
 */
function firstView(path: string): { path: string; screen: ReactElement } | null {
  if (path === '/' || path === PATHS.home) return { path: PATHS.home, screen: <Start /> };
  if (path === PATHS.discoverVendor && settings.multiVendor) return { path, screen: <DiscoverVendor /> };
  return null;
}

/**
 * The markup a screen shows before anything is known about the visitor, written into its route
 * page at build time (build/route-pages.ts) so it shows before the scripts have run. The app
 * replaces it with the same screen when it starts. Runs in Node at build time; never shipped.
 */
export function prerender(path: string): string {
  const view = firstView(path);
  if (!view) return '';
  return renderToStaticMarkup(
    <Provider store={createStore()}>
      <MemoryRouter initialEntries={[view.path]}>{view.screen}</MemoryRouter>
    </Provider>,
  );
}
