// @vitest-environment jsdom
import { StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { createMemoryRouter } from 'react-router';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildEnv } from '../test/build-settings';
import { fakeFetch, makeVendor } from '../test/fixtures';
import { App } from './app';
import { prerender } from './prerender';
import { whenRouterReady } from './render-when-ready';
import { createRoutes } from './router';
import { createStore, isFreshState, type RootState } from './store';

// The build settings are fixed per build; each test picks the build it stands for.
vi.mock('../config/settings', async () => (await import('../test/build-settings')).settingsModule);

let root: Root | null = null;

beforeEach(() => {
  vi.stubGlobal('fetch', vi.fn(fakeFetch({ '/time': { now: '', epochMs: 0 }, '/venue/0/vendors': [makeVendor()] })));
  vi.stubGlobal('scrollTo', vi.fn());
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  buildEnv.current = {};
  vi.unstubAllGlobals();
});

describe('prerender', () => {
  it('renders the home screen as any visitor first sees it: the venue, how it works, the first action', async () => {
    for (const path of ['/', '/start']) {
      const markup = await prerender(path);
      expect(markup).toContain('Harbourside Stadium</h1>');
      expect(markup).toContain('How it works');
      expect(markup).toContain('Order &amp; Collect');
      // Nothing of a visitor: no basket, no order, no store list yet.
      expect(markup).not.toContain('Reorder');
    }
  });

  it('renders the store list of a multi-vendor build as it shows while the stores load', async () => {
    buildEnv.current = { VITE_MULTI_VENDOR: 'true' };
    const markup = await prerender('/order-flow/discover-vendor');
    expect(markup).toContain('Select Your Option Below</h1>');
    expect(markup).toContain('aria-label="Loading the stores"');
    // No store, no last order, no problem: those come with the visitor and the venue's answer.
    expect(markup).not.toContain('Reorder');
    expect(markup).not.toContain('None of our outlets');
    expect(markup).not.toContain('Try again');
  });

  it('renders nothing for screens that depend on the visitor, nor the store list of a single-vendor build', async () => {
    buildEnv.current = { VITE_MULTI_VENDOR: 'true' };
    for (const path of ['/order-flow/place-order', '/order-flow/wait-order', '/order-flow/confirm-order'])
      expect(await prerender(path)).toBe('');
    buildEnv.current = { VITE_MULTI_VENDOR: 'false' };
    expect(await prerender('/order-flow/discover-vendor')).toBe('');
  });
});

/**
 * The page as the browser gets it (the prerendered screen in #root), then the app started over it as
 * src/main.tsx does: hydrated on `state`. Answers what React reported it had to recover from.
 */
async function hydrateOver(page: string, url: string, state?: RootState): Promise<unknown[]> {
  const container = document.createElement('div');
  container.id = 'root';
  container.innerHTML = await prerender(page);
  document.body.append(container);
  const store = createStore(state);
  const router = createMemoryRouter(createRoutes(store), { initialEntries: [url] });
  await whenRouterReady(router);
  const recovered: unknown[] = [];
  await act(async () => {
    root = hydrateRoot(
      container,
      <StrictMode>
        <App store={store} router={router} />
      </StrictMode>,
      { onRecoverableError: (error) => recovered.push(error) },
    );
  });
  return recovered;
}

describe('the app takes over the prerendered screen', () => {
  it('/start: the same elements stay on the page, and they work', async () => {
    const recovered = await hydrateOver('/start', '/start');
    expect(recovered).toEqual([]);
    const heading = document.querySelector('h1');
    expect(heading?.textContent).toBe('Harbourside Stadium');
    // Hydrated, not rebuilt: the element the page came with is the one the app now drives.
    fireEvent.click(screen.getByRole('button', { name: 'Terms and Conditions' }));
    expect(await screen.findByRole('dialog', { name: 'Terms and conditions' })).toBeTruthy();
    expect(document.querySelector('h1')).toBe(heading);
  });

  it("'/' is the home screen's page too", async () => {
    expect(await hydrateOver('/', '/')).toEqual([]);
    expect(document.querySelector('h1')?.textContent).toBe('Harbourside Stadium');
  });

  it('discover-vendor in a multi-vendor build: the placeholders are taken over, then the stores arrive', async () => {
    buildEnv.current = { VITE_MULTI_VENDOR: 'true' };
    const page = '/order-flow/discover-vendor';
    const recovered = await hydrateOver(page, `${page}?vendorId=1`);
    expect(recovered).toEqual([]);
    expect(await screen.findByRole('heading', { name: 'Select Your Option Below' })).toBeTruthy();
    expect(await screen.findByText(makeVendor().storeName)).toBeTruthy();
  });

  it('a visitor with saved state is not the prerendered screen: src/main.tsx renders it instead of hydrating', async () => {
    const saved = createStore().getState();
    const returning: RootState = {
      ...saved,
      venue: { ...saved.venue, vendors: { data: [makeVendor()], fetchStatus: 'success', error: null } },
    };
    expect(isFreshState(createStore().getState())).toBe(true);
    expect(isFreshState(returning)).toBe(false);
    // Hydrating it anyway would make React throw the page's screen away and start again.
    expect(await hydrateOver('/start', '/start', returning)).not.toEqual([]);
  });
});
