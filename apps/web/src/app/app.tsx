import { useState } from 'react';
import { Provider } from 'react-redux';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import type { AppStore } from './store';
import { createRoutes } from './router';

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/** The browser router over every route of spec §2, whose guards read `store`. */
export function createAppRouter(store: AppStore): AppRouter {
  return createBrowserRouter(createRoutes(store));
}

/** The app: the store around the router (whose guards read the same store). */
export function App({ store, router }: { store: AppStore; router?: AppRouter }) {
  const [appRouter] = useState(() => router ?? createAppRouter(store));
  return (
    <Provider store={store}>
      <RouterProvider router={appRouter} />
    </Provider>
  );
}
