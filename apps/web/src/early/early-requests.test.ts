// @vitest-environment jsdom
import { createNextState } from '@reduxjs/toolkit';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeMenu, makeVendor } from '../test/fixtures';
import { createStore, type RootState } from '../app/store';
import { toSelectedVendor } from '../features/vendors/store/venue-slice';
import { apiRequest, setNetworkListener } from '../lib/api-client';
import { EARLY_REQUESTS_GLOBAL } from '../lib/early-responses';
import { STORAGE_KEY } from '../lib/persistence';

const registry = () =>
  (globalThis as Record<string, unknown>)[EARLY_REQUESTS_GLOBAL] as Map<string, unknown> | undefined;

/** The app's state changed by `edit`, saved where the app saves it. */
function save(edit: (draft: RootState) => void): void {
  localStorage.setItem(STORAGE_KEY, JSON.stringify(createNextState(createStore().getState(), edit)));
}

/** The page script as the browser runs it: loaded afresh, at `path`. */
async function runScriptAt(path: string): Promise<void> {
  history.replaceState(null, '', path);
  vi.resetModules();
  await import('./early-requests');
}

const images: string[] = [];
class RecordingImage {
  set src(value: string) {
    images.push(value);
  }
}

const VENDORS = [makeVendor()];
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fetchMock = vi.fn(async (input: RequestInfo | URL) =>
    String(input).endsWith('/current-menu') ? Response.json(makeMenu()) : Response.json(VENDORS),
  );
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('Image', RecordingImage);
});

afterEach(() => {
  localStorage.clear();
  images.length = 0;
  delete (globalThis as Record<string, unknown>)[EARLY_REQUESTS_GLOBAL];
  vi.unstubAllGlobals();
  setNetworkListener(null);
  history.replaceState(null, '', '/');
});

describe('the early script (src/early/early-requests.ts)', () => {
  it('on place-order, starts the vendor list and menu GETs and leaves them for the app', async () => {
    save((s) => {
      s.order.vendorId = 1;
      s.venue.selectedVendor = toSelectedVendor(makeVendor({ id: 1, venueId: 0 }));
    });
    await runScriptAt('/order-flow/place-order');
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/v1/venue/0/vendors', '/v1/vendor/1/current-menu']);
    for (const [, init] of fetchMock.mock.calls) {
      expect((init as RequestInit).headers).toEqual({ Accept: 'application/json' });
    }
    expect([...(registry()?.keys() ?? [])]).toEqual(['GET /v1/venue/0/vendors', 'GET /v1/vendor/1/current-menu']);
    expect(images).toEqual([]);

    // The app's own GETs take the answers instead of asking again.
    fetchMock.mockClear();
    await expect(apiRequest('/vendor/1/current-menu')).resolves.toEqual(makeMenu());
    await expect(apiRequest('/venue/0/vendors')).resolves.toEqual(VENDORS);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(registry()?.size).toBe(0);
  });

  it("on wait-order, loads the location picture of the order's vendor and starts no GET", async () => {
    save((s) => {
      s.placedOrder.id = 500;
      s.placedOrder.vendorId = 1;
      s.placedOrder.serviceMode = 'TakeAway';
      s.venue.vendors.data = [makeVendor({ id: 1, displayAssets: { thumbnailAssetId: 7, locationImageAssetId: 8 } })];
    });
    await runScriptAt('/order-flow/wait-order');
    expect(images).toEqual(['/v1/displayassets/8/transformed/350x']);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('does nothing without a saved state, or on another screen', async () => {
    await runScriptAt('/order-flow/place-order');
    save((s) => {
      s.order.vendorId = 1;
    });
    await runScriptAt('/order-flow/confirm-order');
    await runScriptAt('/start');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(images).toEqual([]);
    expect(registry()?.size ?? 0).toBe(0);
  });

  it('a saved state it cannot read (corrupt, or an older shape) starts nothing and throws nothing', async () => {
    localStorage.setItem(STORAGE_KEY, '{not json');
    await expect(runScriptAt('/order-flow/place-order')).resolves.toBeUndefined();
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ order: { vendorId: 1 } }));
    await expect(runScriptAt('/order-flow/place-order')).resolves.toBeUndefined();
    localStorage.setItem(STORAGE_KEY, 'null');
    await expect(runScriptAt('/order-flow/wait-order')).resolves.toBeUndefined();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(images).toEqual([]);
  });
});
