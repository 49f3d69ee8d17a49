import type { BrowserContext, Page, Worker } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectWaitOrder, savedOrderId } from '@venue/test-harness/checkout';
import { ops } from '@venue/test-harness/ops';
import { orderAndPayByCard } from '@venue/test-harness/paid-order';
import { startPushService, type PushServiceStandIn } from '../apps/server/src/test/push-service.ts';
import { screenshot } from './support/screenshots.ts';
import { setupSuite } from './support/suite.ts';
import { action, eventually, visible, waitForPath } from './support/ui.ts';

// Issue 15 part 2: the ready alert reaches a locked phone by Web Push. No real push service is
// reachable here, so the browser side gets its push through the DevTools protocol
// (ServiceWorker.deliverPushMessage), and the server side sends to a stand-in push service on
// 127.0.0.1 that checks the VAPID signature and decrypts what it gets (PUSH_ALLOW_LOOPBACK=on).
const STORE = 'Slice Pizza Co.';
const ITEM = 'Garlic Bread';
const VENDOR_ID = 3;
const NOTIFY = 'Notify me when ready';
const HOME_SCREEN_HINT =
  'On iPhone, add this app to your Home Screen (Share → Add to Home Screen) to be notified when your order is ready.';
const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

interface ShownNotification {
  title: string;
  body: string;
  tag: string;
  data: { url?: string } | null;
}

/** Waits until the app's service worker controls the page. */
async function waitForWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', undefined, {
    timeout: 60_000,
  });
}

/** The notifications the app's service worker is showing. */
function shownNotifications(page: Page): Promise<ShownNotification[]> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    const list = (await registration?.getNotifications()) ?? [];
    return list.map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data as { url?: string } | null }));
  });
}

/**
 * Delivers a push message to the page's service worker as a push service would, through the
 * DevTools protocol: the registration is found with ServiceWorker.enable's registration events.
 */
async function deliverPush(context: BrowserContext, page: Page, origin: string, data: string): Promise<void> {
  const cdp = await context.newCDPSession(page);
  const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => registrations.push(...event.registrations));
  await cdp.send('ServiceWorker.enable');
  const live = await eventually(
    async () => registrations.filter((r) => !r.isDeleted && r.scopeURL === `${origin}/`),
    (found) => found.length > 0,
  );
  expect(live.length, 'a live service worker registration').toBeGreaterThan(0);
  await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: live.at(-1)!.registrationId, data });
  await cdp.detach();
}

/**
 * Delivers a push message and waits until a notification with its tag is shown. A message
 * delivered through the DevTools protocol while the browser is still settling the permission just
 * granted, or restarting an idle worker, can be dropped on a busy machine: it is delivered again
 * (same tag, so a second delivery replaces the first notification rather than adding one).
 */
async function pushUntilShown(
  context: BrowserContext,
  page: Page,
  origin: string,
  message: { tag: string; [field: string]: unknown },
): Promise<ShownNotification[]> {
  let shown: ShownNotification[] = [];
  for (let attempt = 0; attempt < 3; attempt += 1) {
    await deliverPush(context, page, origin, JSON.stringify(message));
    shown = await eventually(
      () => shownNotifications(page),
      (list) => list.some((n) => n.tag === message.tag),
      15_000,
    );
    if (shown.some((n) => n.tag === message.tag)) break;
  }
  return shown;
}

/** The app's service worker, as playwright-core sees it. */
async function appWorker(context: BrowserContext): Promise<Worker> {
  const found = await eventually(
    async () => context.serviceWorkers().find((worker) => worker.url().endsWith('/sw.js')),
    (worker) => worker !== undefined,
    60_000,
  );
  if (!found) throw new Error('the app has no service worker');
  return found;
}

describe('Web Push: the ready alert on a locked phone', () => {
  const suite = setupSuite({ build: 'multi-vendor', env: { PUSH_ALLOW_LOOPBACK: 'on' } });
  let push: PushServiceStandIn;
  beforeAll(async () => {
    push = await startPushService();
  });
  afterAll(async () => push?.close());

  test('the start log warns that loopback push endpoints are taken (tests only)', () => {
    expect(suite.server.logs()).toContain('PUSH_ALLOW_LOOPBACK is on');
  });

  test('the service worker shows a pushed message as a notification, and a tap on it opens alert-order', async () => {
    const page = await suite.newPage({ serviceWorkers: 'allow' });
    const origin = suite.server.url;
    await orderAndPayByCard(page, { store: STORE, item: ITEM });
    const ticket = await expectWaitOrder(page);
    await waitForWorker(page);
    // Before consent: the button, and no iPhone line in this (non-Apple) browser.
    await visible(action(page, NOTIFY));
    expect(await page.getByTestId('home-screen-hint').count()).toBe(0);
    await screenshot(page, 'web-push-wait-order-notify-button');

    await page.context().grantPermissions(['notifications'], { origin });
    const message = {
      title: 'Your order is ready!',
      body: `Order ${ticket} is ready to collect from ${STORE}.`,
      tag: 'order-test',
      url: '/order-flow/alert-order',
      orderId: 0,
      status: 'PendingAlerted',
    };
    const shown = await pushUntilShown(page.context(), page, origin, message);
    expect(shown).toEqual([
      {
        title: message.title,
        body: message.body,
        tag: 'order-test',
        data: { url: `${origin}/order-flow/alert-order` },
      },
    ]);

    // Another site's address in a message is never opened: the notification goes to the app instead.
    const both = await pushUntilShown(page.context(), page, origin, {
      ...message,
      tag: 'order-elsewhere',
      url: 'https://evil.example/phish',
    });
    expect(both.map((n) => n.tag).sort()).toEqual(['order-elsewhere', 'order-test']);
    expect(both.find((n) => n.tag === 'order-elsewhere')?.data).toEqual({ url: `${origin}/` });

    // The tap: a notificationclick for the shown notification, dispatched in the worker.
    const worker = await appWorker(page.context());
    await worker.evaluate(async () => {
      // The worker's own globals (not in this file's DOM types).
      const scope = self as unknown as EventTarget & {
        registration: ServiceWorkerRegistration;
        NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
      };
      const [notification] = await scope.registration.getNotifications({ tag: 'order-test' });
      if (!notification) throw new Error('no notification to tap');
      scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification }));
    });
    await waitForPath(page, '/order-flow/alert-order', undefined, 60_000);
    // The tapped notification is closed; the other stays.
    const left = await eventually(
      () => shownNotifications(page),
      (list) => list.every((n) => n.tag !== 'order-test'),
    );
    expect(left.map((n) => n.tag)).toEqual(['order-elsewhere']);
    expect(suite.pageErrors).toEqual([]);
  });

  test('with consent the app stores its push subscription, and the kitchen marking the order ready pushes store and ticket, signed and encrypted', async () => {
    const browserSubscription = push.subscription();
    const context = await suite.browser.newContext({
      serviceWorkers: 'allow',
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      locale: 'en-AU',
      timezoneId: 'Australia/Sydney',
      baseURL: suite.server.url,
      permissions: ['notifications'],
    });
    try {
      context.setDefaultTimeout(30_000);
      // Chromium here cannot reach a real push service: subscribe() answers the stand-in's subscription.
      await context.addInitScript((subscription) => {
        const record = window as unknown as { __pushServerKey?: string };
        const fake = {
          endpoint: subscription.endpoint,
          expirationTime: null,
          options: { userVisibleOnly: true, applicationServerKey: null as ArrayBuffer | null },
          toJSON: () => subscription,
          unsubscribe: async () => true,
          getKey: () => null,
        };
        PushManager.prototype.getSubscription = async () => null;
        PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
          const key = options?.applicationServerKey as Uint8Array;
          fake.options.applicationServerKey = key.buffer as ArrayBuffer;
          record.__pushServerKey = btoa(String.fromCharCode(...key))
            .replace(/\+/g, '-')
            .replace(/\//g, '_')
            .replace(/=+$/, '');
          return fake as unknown as PushSubscription;
        };
      }, browserSubscription);
      const page = await context.newPage();
      page.on('pageerror', (error) => suite.pageErrors.push(String(error)));
      const stored = page.waitForResponse((response) => /\/push-subscription$/.test(new URL(response.url()).pathname), {
        timeout: 120_000,
      });
      await orderAndPayByCard(page, { store: STORE, item: ITEM });
      const ticket = await expectWaitOrder(page);
      // Consent given: no button, the promise instead, and the subscription stored for the order.
      await visible(page.getByText('We will notify you on this phone when your order is ready.'));
      expect(await action(page, NOTIFY).count()).toBe(0);
      const response = await stored;
      expect(response.request().method()).toBe('PUT');
      expect(response.status()).toBe(204);
      const publicKey = (
        (await (await fetch(`${suite.server.url}/v1/push/public-key`)).json()) as { publicKey: string }
      ).publicKey;
      expect(await page.evaluate(() => (window as unknown as { __pushServerKey?: string }).__pushServerKey)).toBe(
        publicKey,
      );

      // The app saves its state at most once a second (spec §4): wait for the saved order.
      const orderId = await savedOrderId(page);
      const before = push.received.length;
      await ops(suite.server, 'POST', `/vendor/${VENDOR_ID}/order/${orderId}/status`, { status: 'PendingAlerted' });
      const [received] = (await push.waitFor(before + 1, 60_000)).slice(before);
      expect(received?.problems).toEqual([]);
      expect(received?.vapidPublicKey).toBe(publicKey);
      expect(received?.headers.urgency).toBe('high');
      const message = JSON.parse(received?.payload ?? 'null') as { title: string; body: string; url: string };
      expect(message).toMatchObject({
        title: 'Your order is ready!',
        body: `Order ${ticket} is ready to collect from ${STORE}.`,
        url: '/order-flow/alert-order',
      });

      // What the push service would hand the browser: that very message, shown by the worker.
      await waitForWorker(page);
      const delivered = JSON.parse(received!.payload!) as { tag: string };
      const shown = await pushUntilShown(context, page, suite.server.url, delivered);
      expect(shown.find((n) => n.body === message.body)?.title).toBe('Your order is ready!');
      expect(suite.pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('an iPhone browser tab is told, in one line by the button, to add the app to the Home Screen', async () => {
    const page = await suite.newPage({ userAgent: IPHONE_UA });
    await orderAndPayByCard(page, { store: STORE, item: ITEM });
    await expectWaitOrder(page);
    const hint = await visible(page.getByTestId('home-screen-hint'));
    expect((await hint.innerText()).trim()).toBe(HOME_SCREEN_HINT);
    await screenshot(page, 'web-push-wait-order-iphone-home-screen-hint');
    expect(suite.pageErrors).toEqual([]);
  });
});
