// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { RouteError } from './route-error';
import { redirectHomeKeepingQuery } from './router';

afterEach(cleanup);

function Boom(): never {
  throw new Error('render failed');
}

function setup(url: string, startThrows = false) {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: <Outlet />,
        errorElement: <RouteError />,
        children: [
          { index: true, loader: redirectHomeKeepingQuery },
          { path: 'start', element: startThrows ? <Boom /> : <h1>Home</h1> },
          { path: 'order-flow/payment', element: <Boom /> },
        ],
      },
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('render errors (spec §2)', () => {
  it("reset to '/' (and so to the home route)", async () => {
    const router = setup('/order-flow/payment');
    await screen.findByRole('heading', { name: 'Home' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/start'));
  });

  it('offer a fresh start instead of looping when the home route itself fails', async () => {
    setup('/start', true);
    await screen.findByRole('heading', { name: 'Something went wrong' });
    expect(screen.getByRole('button', { name: 'Start again' })).toBeTruthy();
  });
});
