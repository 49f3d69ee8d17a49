import { describe, expect, it, vi } from 'vitest';
import { serviceWorkerSource } from './pwa.ts';

// The worker's push and notificationclick handlers (docs/decisions/023-web-push.md), run on a
// stand-in of the worker's global scope. e2e/web-push.e2e.ts runs them in Chromium.
const ORIGIN = 'https://order.venue.example';
const BUILD = {
  version: 'v1',
  precache: ['/index.html', '/assets/icon-192-abc123.png'],
  pages: {},
  shell: '/index.html',
};

interface FakeWindow {
  url: string;
  navigate: ReturnType<typeof vi.fn>;
  focus: ReturnType<typeof vi.fn>;
}

function worker(windows: FakeWindow[] = []) {
  const handlers = new Map<string, (event: unknown) => void>();
  const shown: { title: string; options: Record<string, unknown> }[] = [];
  const self = {
    location: new URL(`${ORIGIN}/sw.js`),
    addEventListener: (type: string, handler: (event: unknown) => void) => handlers.set(type, handler),
    registration: {
      showNotification: vi.fn(async (title: string, options: Record<string, unknown>) => {
        shown.push({ title, options });
      }),
    },
    clients: {
      matchAll: vi.fn(async () => windows),
      openWindow: vi.fn(async () => null),
    },
  };
  new Function('self', 'caches', serviceWorkerSource(BUILD))(self, {});
  /** Dispatches an event and waits for what it handed to waitUntil. */
  const dispatch = async (type: string, event: Record<string, unknown>) => {
    let pending: Promise<unknown> = Promise.resolve();
    handlers.get(type)?.({ ...event, waitUntil: (promise: Promise<unknown>) => (pending = promise) });
    await pending;
  };
  const push = (data: unknown) =>
    dispatch('push', {
      data: {
        json: () => (typeof data === 'string' ? JSON.parse(data) : data),
      },
    });
  return { self, shown, dispatch, push };
}

const openWindow = (url: string, navigates = true): FakeWindow => {
  const client: FakeWindow = {
    url,
    navigate: vi.fn(async () => (navigates ? client : null)),
    focus: vi.fn(async () => client),
  };
  return client;
};

describe('the service worker and Web Push', () => {
  it("shows the server's message with its tag, the app's icon and the order's address", async () => {
    const sw = worker();
    await sw.push({
      title: 'Your order is ready!',
      body: 'Order 012 is ready to collect from Grill & Bun.',
      tag: 'order-12',
      url: '/order-flow/alert-order',
    });
    expect(sw.shown).toEqual([
      {
        title: 'Your order is ready!',
        options: expect.objectContaining({
          body: 'Order 012 is ready to collect from Grill & Bun.',
          tag: 'order-12',
          renotify: true,
          icon: '/assets/icon-192-abc123.png',
          data: { url: `${ORIGIN}/order-flow/alert-order` },
        }),
      },
    ]);
  });

  it("always shows something, and never keeps another site's address", async () => {
    const sw = worker();
    await sw.push('not json');
    await sw.push({ title: 'Hi', body: 'x', tag: 't', url: 'https://evil.example/phish' });
    expect(sw.shown[0]?.title).toBe('News about your order');
    expect(sw.shown[0]?.options.data).toEqual({ url: `${ORIGIN}/` });
    expect(sw.shown[1]?.options.data).toEqual({ url: `${ORIGIN}/` });
  });

  it("a tap closes the notification and moves the app's open window to the order, then focuses it", async () => {
    const app = openWindow(`${ORIGIN}/order-flow/wait-order`);
    const other = openWindow('https://elsewhere.example/');
    const sw = worker([other, app]);
    const close = vi.fn();
    await sw.dispatch('notificationclick', {
      notification: { close, data: { url: `${ORIGIN}/order-flow/alert-order` } },
    });
    expect(close).toHaveBeenCalled();
    expect(app.navigate).toHaveBeenCalledWith(`${ORIGIN}/order-flow/alert-order`);
    expect(app.focus).toHaveBeenCalled();
    expect(other.navigate).not.toHaveBeenCalled();
    expect(sw.self.clients.openWindow).not.toHaveBeenCalled();
  });

  it('with no window of the app it can move, a tap opens one at the order; a foreign address opens the start', async () => {
    const uncontrolled = openWindow(`${ORIGIN}/start`, false);
    const sw = worker([uncontrolled]);
    await sw.dispatch('notificationclick', {
      notification: { close: vi.fn(), data: { url: `${ORIGIN}/order-flow/alert-order` } },
    });
    expect(sw.self.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/order-flow/alert-order`);

    const empty = worker([]);
    await empty.dispatch('notificationclick', {
      notification: { close: vi.fn(), data: { url: 'https://evil.example/' } },
    });
    expect(empty.self.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/`);
  });
});
