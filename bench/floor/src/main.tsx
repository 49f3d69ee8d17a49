/**
 * The floor page of the pages benchmark: the least a page of our stack costs (React, React Router,
 * one heading and one button), built by the customer app's Vite configuration and served by the
 * same server, so each customer screen is measured against it (bench/lib/floor.ts).
 */
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';

function Floor() {
  const [taps, setTaps] = useState(0);
  return (
    <main>
      <h1>Order at the venue</h1>
      <button type="button" onClick={() => setTaps((count) => count + 1)}>
        {taps === 0 ? 'Start order' : `Tapped ${taps}`}
      </button>
    </main>
  );
}

const router = createBrowserRouter([{ path: '*', element: <Floor /> }]);
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
