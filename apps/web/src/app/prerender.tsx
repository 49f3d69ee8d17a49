import { renderToStaticMarkup } from 'react-dom/server';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { PATHS } from './routes';
import { Component as Start } from './routes/start';
import { createStore } from './store';

/**
 * The markup a screen shows before anything is known about the visitor, written into its route
 * page at build time (build/route-pages.ts) so it shows before the scripts have run. Only the home
 * screen qualifies: the venue's name and how ordering works, from the build settings. The app
 * replaces it with the same screen when it starts. Runs in Node at build time; never shipped.
 */
export function prerender(path: string): string {
  if (path !== '/' && path !== PATHS.home) return '';
  return renderToStaticMarkup(
    <Provider store={createStore()}>
      <MemoryRouter initialEntries={[PATHS.home]}>
        <Start />
      </MemoryRouter>
    </Provider>,
  );
}
