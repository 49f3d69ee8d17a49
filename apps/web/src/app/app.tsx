import { useState } from 'react';
import { Provider } from 'react-redux';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import type { AppStore } from './store';
import { createRoutes } from './router';

/** The app: the store around the router (whose guards read the same store). */
export function App({ store }: { store: AppStore }) {
  const [router] = useState(() => createBrowserRouter(createRoutes(store)));
  return (
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>
  );
}
