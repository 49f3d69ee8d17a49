import { createNextState } from '@reduxjs/toolkit';
import { configure, render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createRoutes } from '../app/router';
import { createStore, type RootState } from '../app/store';
import { networkFailed, networkSucceeded } from '../features/network/store/network-slice';
import { setNetworkListener } from '../lib/api-client';

// Route chunks load lazily and guards fetch before a screen shows: on a busy machine that takes more than 1 s.
configure({ asyncUtilTimeout: 5000 });

/** Renders the whole app (routes, store, network listener) at a URL, as the browser would, from an optional saved state. */
export function renderApp(url: string, preloadedState?: RootState) {
  const store = createStore(preloadedState);
  setNetworkListener({
    networkFailed: (background) => store.dispatch(networkFailed({ background })),
    networkSucceeded: () => store.dispatch(networkSucceeded()),
  });
  const router = createMemoryRouter(createRoutes(store), { initialEntries: [url] });
  const view = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  const location = () => `${router.state.location.pathname}${router.state.location.search}`;
  return { store, router, view, location };
}

/** A fresh app state changed by `edit` (immer draft), as a saved state the app starts from. */
export function stateWith(edit: (draft: RootState) => void): RootState {
  return createNextState(createStore().getState(), edit);
}
