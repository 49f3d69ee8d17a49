import { Provider } from 'react-redux';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import type { AppStore } from './store';
import { routes } from './router';

const router = createBrowserRouter(routes);

/** The app: the store around the router. */
export function App({ store }: { store: AppStore }) {
  return (
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>
  );
}
