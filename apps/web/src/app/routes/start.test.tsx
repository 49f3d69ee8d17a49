// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { buildEnv } from '../../test/build-settings';
import { freshEachTest } from '../../test/fresh-each-test';
import { burgers, closedBar, serve } from '../../test/start-screen';
import { fakeFetch, makeVendor } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

// The build settings are fixed per build; each test picks the build it stands for.
vi.mock('../../config/settings', async () => (await import('../../test/build-settings')).settingsModule);

freshEachTest();

describe('start screen, multi-vendor build', () => {
  it('shows the venue name, the terms footer and both buttons when a vendor delivers', async () => {
    serve();
    renderApp('/start');
    await screen.findByRole('heading', { level: 1, name: 'Harbourside Stadium' });
    await screen.findByRole('button', { name: 'Order Home Delivery' });
    expect(screen.getByRole('button', { name: 'Order & Collect' })).toBeTruthy();
    // the shortest time to service among open vendors (the closed bar's 30 s does not count)
    expect(screen.getByText('About 15 min wait')).toBeTruthy();
  });

  it("hides 'Order Home Delivery' when no vendor offers it", async () => {
    serve([burgers]);
    renderApp('/start');
    await screen.findByText('About 15 min wait');
    expect(screen.queryByRole('button', { name: 'Order Home Delivery' })).toBeNull();
  });

  it("'Order & Collect' goes to discover-vendor keeping the vendorId query", async () => {
    serve();
    const { location, store } = renderApp('/start?vendorId=3');
    fireEvent.click(await screen.findByRole('button', { name: 'Order & Collect' }));
    await waitFor(() => expect(location()).toBe('/order-flow/discover-vendor?vendorId=3'));
    expect(store.getState().order.orderConfiguration.selectedServiceMode).toBe('TakeAway');
  });

  it("'Order Home Delivery' goes to the delivery route", async () => {
    serve();
    const { location, store } = renderApp('/start');
    fireEvent.click(await screen.findByRole('button', { name: 'Order Home Delivery' }));
    await waitFor(() => expect(location()).toBe('/order-flow/delivery'));
    expect(store.getState().order.orderConfiguration.selectedServiceMode).toBe('HomeDelivery');
  });

  it('opens the terms dated 13 April 2020; Reject and Accept both close them', async () => {
    serve();
    renderApp('/start');
    for (const choice of ['Accept', 'Reject']) {
      fireEvent.click(await screen.findByRole('button', { name: 'Terms and Conditions' }));
      const terms = screen.getByRole('dialog', { name: 'Terms and conditions' });
      expect(terms.textContent).toContain('13 April 2020');
      expect(terms.textContent).toMatch(/no-shows/);
      fireEvent.click(within(terms).getByRole('button', { name: choice }));
      expect(screen.queryByRole('dialog')).toBeNull();
    }
  });

  it("says the shortest wait among the open, not paused stores: 'No waiting' only when one of them serves within a minute", async () => {
    // the demo venue: 5, 12 and 15 minute stores open, a paused and a closed one much quicker
    const waits = [5, 12, 15].map((minutes, index) =>
      makeVendor({ id: 10 + index, storeName: `Store ${index}`, tts: minutes * 60_000 }),
    );
    const paused = makeVendor({ id: 20, storeName: 'Paused', tts: 0, isPaused: true });
    serve([...waits, paused, closedBar]);
    renderApp('/start');
    await screen.findByText('About 5 min wait');
    expect(screen.queryByText('No waiting')).toBeNull();
  });

  it("shows no tag, and never 'No waiting', while the stores are unknown or none is open", async () => {
    // the list has not answered yet: the tag's place is held empty
    let answer: (response: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL) =>
        String(input).includes('/vendors')
          ? new Promise<Response>((resolve) => (answer = resolve))
          : fakeFetch({ '/time': { now: '', epochMs: 0 } })(input),
      ),
    );
    renderApp('/start');
    await screen.findByRole('heading', { level: 1, name: 'Harbourside Stadium' });
    expect(screen.queryByText(/min wait|No waiting/)).toBeNull();
    answer(Response.json([closedBar]));
    await screen.findByRole('button', { name: 'Order & Collect' });
    await waitFor(() => expect(screen.queryByText(/min wait|No waiting/)).toBeNull());
    cleanup();

    // the list could not be loaded
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        String(input).includes('/vendors')
          ? new Response('{}', { status: 500, headers: { 'content-type': 'application/json' } })
          : fakeFetch({ '/time': { now: '', epochMs: 0 } })(input),
      ),
    );
    renderApp('/start');
    await screen.findByText("We couldn't load the stores. Please try again.");
    expect(screen.queryByText(/min wait|No waiting/)).toBeNull();
  });

  it('shows no time-to-service tag when the build turns it off', async () => {
    buildEnv.current = { VITE_SHOW_TIME_TO_SERVICE: 'false' };
    serve();
    renderApp('/start');
    await screen.findByRole('button', { name: 'Order Home Delivery' });
    expect(screen.queryByText(/min wait|No waiting/)).toBeNull();
  });
});
