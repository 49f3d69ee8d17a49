// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { base64UrlToBytes, subscribeOrderToPush } from './push-subscription';

const KEY = { consumerId: 'c-1', hmacKey: 'secret' };
const SERVER_KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';
const SUBSCRIPTION = {
  endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
  expirationTime: null,
  keys: { p256dh: 'p', auth: 'a' },
};

/** A window with notifications allowed and a service worker whose PushManager does `subscribe`. */
function browser(subscribe: () => Promise<unknown>) {
  const pushManager = { getSubscription: vi.fn(async () => null), subscribe: vi.fn(subscribe) };
  const win = window as unknown as Record<string, unknown>;
  vi.stubGlobal('Notification', { permission: 'granted' });
  vi.stubGlobal('PushManager', function PushManager() {});
  Object.defineProperty(window.navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: vi.fn(async () => ({ pushManager })), ready: new Promise(() => undefined) },
  });
  return { win: win as unknown as Window, pushManager };
}

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(window.navigator, 'serviceWorker');
});

describe('subscribing the order to Web Push', () => {
  it("subscribes with the server's key and PUTs the subscription for the order, signed", async () => {
    const fetch = vi.fn(async (url: string, init?: RequestInit) => {
      if (url.endsWith('/push/public-key')) return Response.json({ publicKey: SERVER_KEY });
      expect(init?.method).toBe('PUT');
      return new Response(null, { status: 204 });
    });
    vi.stubGlobal('fetch', fetch);
    const { win, pushManager } = browser(async () => ({ ...SUBSCRIPTION, toJSON: () => SUBSCRIPTION }));

    expect(await subscribeOrderToPush(KEY, 42, win)).toBe(true);
    const options = pushManager.subscribe.mock.calls[0] as unknown as [PushSubscriptionOptionsInit];
    expect(options[0].userVisibleOnly).toBe(true);
    expect(options[0].applicationServerKey).toEqual(base64UrlToBytes(SERVER_KEY));
    const [url, init] = fetch.mock.calls[1]!;
    expect(url).toMatch(/\/v1\/current-consumer\/order\/42\/push-subscription$/);
    expect(JSON.parse(String(init?.body))).toEqual(SUBSCRIPTION);
    expect(
      (init?.headers as Record<string, string>).Authorization ??
        (init?.headers as Record<string, string>).authorization,
    ).toMatch(/^HMAC c-1:/);
  });

  it('answers false, and never throws, when the push service cannot be reached or the browser has no push', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ publicKey: SERVER_KEY })),
    );
    const { win } = browser(async () => {
      throw new DOMException('Registration failed - push service error', 'AbortError');
    });
    expect(await subscribeOrderToPush(KEY, 42, win)).toBe(false);

    vi.stubGlobal('PushManager', undefined);
    Reflect.deleteProperty(window, 'PushManager');
    expect(await subscribeOrderToPush(KEY, 42, window)).toBe(false);
  });

  it('does nothing until notifications are allowed', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const { win } = browser(async () => SUBSCRIPTION);
    vi.stubGlobal('Notification', { permission: 'default' });
    expect(await subscribeOrderToPush(KEY, 42, win)).toBe(false);
    expect(fetch).not.toHaveBeenCalled();
  });
});
