import { afterEach, beforeEach, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import type { Menu } from '@venue/contract/menu';
import type { Vendor } from '@venue/contract/venue';
import type { RootState } from '../app/store';
import { setNetworkListener } from '../lib/api-client';
import { buildEnv } from './build-settings';
import { fakeFetch, makeMenu, makeVendor } from './fixtures';
import { stateWith } from './render-app';

/** The menu screen's tests (app/routes/menu*.test.tsx): two stores, their answers, a saved basket and the screen's controls. */

export const burgers = makeVendor({ id: 1, storeName: 'Grill & Bun' });
export const bar = makeVendor({ id: 2, storeName: 'The Tap Room' });

export function serve({
  vendors = [burgers, bar],
  menu = makeMenu(),
}: { vendors?: Vendor[]; menu?: Menu | (() => Response) } = {}) {
  const answer = fakeFetch({
    '/time': { now: '', epochMs: 0 },
    '/venue/0/vendors': vendors,
    '/vendor/2/current-menu': { ...makeMenu(), id: 20, vendorId: 2 },
  });
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    if (String(input).endsWith('/vendor/1/current-menu')) {
      return typeof menu === 'function' ? menu() : Response.json(menu);
    }
    return answer(input);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** A saved order at Grill & Bun (vendor 1), store confirmed, with the given lines (item name → count). */
export function savedOrder(items: Record<string, number> = {}): RootState {
  const menu = makeMenu();
  return stateWith((state) => {
    state.order.vendorId = 1;
    state.order.vendorConfirmed = true;
    state.order.orderSessionStartTime = Date.now();
    for (const [name, count] of Object.entries(items)) {
      const item = menu.items.find((i) => i.name === name)!;
      state.order.userOrder[name] = {
        '': {
          id: item.id,
          name,
          count,
          price: item.price,
          itemType: item.itemType,
          burden: item.burden,
          isRestricted: item.isRestricted,
          modifiers: [],
        },
      };
      state.order.orderBurden += item.burden * count;
    }
  });
}

export const row = (name: string) => screen.getByRole('heading', { level: 3, name }).closest('li')!;
export const plus = (name: string) => within(row(name)).getByRole('button', { name: `Add one ${name}` });
export const counter = (name: string) => within(row(name)).getByRole('status').textContent;
export const confirmButton = () =>
  screen.getByRole('button', {
    name: /^(Confirm my order|Select Items Above|Back Soon|We are closed)$/,
  }) as HTMLButtonElement;

/** Each test starts from the default build, an empty storage and a fresh network listener. */
export function freshEachTest() {
  beforeEach(() => {
    buildEnv.current = {};
    vi.stubGlobal('scrollTo', vi.fn());
    localStorage.clear();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.useRealTimers();
    setNetworkListener(null);
  });
}
