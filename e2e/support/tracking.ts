import type { Locator, Page, Response } from 'playwright-core';
import {
  addItem,
  chooseStore,
  expectWaitOrder,
  fillCard,
  fillContact,
  GOOD_CARD,
  payNow,
  payWithCard,
  reviewAndProceed,
  savedOrderId,
  uniqueName,
} from '@venue/test-harness/checkout';
import { action, dialog, eventually, visible } from './ui.ts';

/**
 * What the tracking suites (spec §2 Wait order, Alert order; §4 wait polling; §9 wait estimate)
 * need beyond the checkout steps: a paid order with its identity, the order reads the page makes,
 * the spec's estimate wording, and a look at the ready alert the page gives when it is not in view.
 */

/** The demo stores the suites order from, with items that need no options. */
export const GRILL = { id: 2, name: 'Grill & Bun', item: 'Onion Rings' } as const;
export const PIZZA = { id: 3, name: 'Slice Pizza Co.', item: 'Garlic Bread' } as const;

/** Spec §2 texts of the tracking screens. */
export const WAIT_HEADING = 'Wait and keep checking screen';
export const DISCUSS_TEXT = 'We need to discuss your order with you at the shop';

/** A paid order as the customer's page knows it. */
export interface TrackedOrder {
  id: number;
  vendorId: number;
  /** the order number (claim ticket) wait-order shows */
  ticket: string;
  /** the full name the customer gave (the venue's order list shows it) */
  customerName: string;
}

export interface PaymentOptions {
  count?: number;
  /** the start of the customer's (unique) full name */
  label?: string;
  email?: string;
  /** already on the store's place-order (a single-vendor build), rather than choosing it on discover */
  fromPlaceOrder?: boolean;
}

/**
 * From the store's place-order (multi-vendor: start → discover → the store) to 'Pay by Card Now'
 * tapped with the sandbox's good card; returns the customer's full name. Where the app goes next
 * is for the caller to see.
 */
export async function payByCard(
  page: Page,
  store: { name: string; item: string },
  options: PaymentOptions = {},
): Promise<{ customerName: string }> {
  const customerName = uniqueName(options.label ?? 'Tracking Customer');
  if (!options.fromPlaceOrder) await chooseStore(page, store.name);
  await addItem(page, store.item, options.count ?? 1);
  await reviewAndProceed(page);
  await fillContact(page, {
    mobile: '0412345678',
    fullName: customerName,
    ...(options.email ? { email: options.email } : {}),
  });
  const takeAway = page.getByRole('radio', { name: /take.?away|collect|pick.?up/i }).first();
  if ((await takeAway.count()) > 0 && !(await takeAway.isChecked())) await takeAway.check();
  await payWithCard(page);
  await fillCard(page, { ...GOOD_CARD, holder: customerName });
  await payNow(page);
  return { customerName };
}

/** A paid order: `payByCard`, then the wait-order screen with its order number. */
export async function payForOrder(
  page: Page,
  store: { id: number; name: string; item: string },
  options: PaymentOptions = {},
): Promise<TrackedOrder> {
  const { customerName } = await payByCard(page, store, options);
  const ticket = await expectWaitOrder(page);
  return { id: await savedOrderId(page), vendorId: store.id, ticket, customerName };
}

/** An order as GET /v1/vendor/{vendorId}/order/{orderId} answered the page (the fields tests read). */
export interface OrderRead {
  orderStatus: string;
  positionInQueue: number | null;
  secsToServiceEstimate: number | null;
  claimTicket: string | null;
  requestedServiceTime: string | null;
  timing: { timeQueued: string | null; timeServiceEstimated: string | null };
  /** when the browser sent the read (epoch ms) */
  sentAt: number;
}

/** Every read of one order the page makes, in the order they were answered. */
export interface OrderReads {
  readonly all: OrderRead[];
  /** the latest answer, or null before the first */
  latest(): OrderRead | null;
  /** waits for a read sent after `since` (epoch ms) that satisfies `accept`, and returns it */
  after(since: number, accept?: (read: OrderRead) => boolean, timeout?: number): Promise<OrderRead>;
}

/** Records the page's reads of its placed order (the wait screen polls it every 5 s, spec §9). */
export function watchOrderReads(page: Page): OrderReads {
  const all: OrderRead[] = [];
  page.on('response', (response: Response) => {
    const request = response.request();
    if (request.method() !== 'GET' || !response.ok()) return;
    if (!/\/v1\/vendor\/\d+\/order\/\d+$/.test(new URL(request.url()).pathname)) return;
    // When the browser started the request (epoch ms), not when the test heard of it.
    const sentAt = request.timing().startTime;
    void response
      .json()
      .then((body: Omit<OrderRead, 'sentAt'>) => all.push({ ...body, sentAt }))
      .catch(() => undefined);
  });
  return {
    all,
    latest: () => all.at(-1) ?? null,
    async after(since, accept = () => true, timeout = 60_000) {
      const found = await eventually(
        async () => all.find((read) => read.sentAt >= since && accept(read)) ?? null,
        (read) => read !== null,
        timeout,
      );
      if (!found) throw new Error(`no read of the order sent after ${new Date(since).toISOString()} matched`);
      return found;
    },
  };
}

/** Spec §9 remaining time in days, hrs, mins, written out here on its own to check the app's. */
function remaining(minutes: number): string {
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  const parts = [
    ...(days ? [`${days} ${days === 1 ? 'day' : 'days'}`] : []),
    ...(hours ? [`${hours} ${hours === 1 ? 'hr' : 'hrs'}`] : []),
  ];
  if (mins || parts.length === 0) parts.push(`${mins} ${mins === 1 ? 'min' : 'mins'}`);
  return parts.join(' ');
}

/**
 * Spec §9 wait estimate: 66 s or less reads 'Very Soon!'; otherwise a range from estimate / 1.1 to
 * estimate × 1.1 (whole minutes, the low end down and the high end up, so it holds the figure).
 */
export function spokenEstimate(secs: number): string {
  if (secs <= 66) return 'Very Soon!';
  // × 10 / 11 and × 11 / 10 in whole numbers: 1.1 is not exact in floating point.
  return `${remaining(Math.floor((secs * 10) / 660))} - ${remaining(Math.ceil((secs * 11) / 600))}`;
}

/** Spec §4 progress stages: the step (1..8) a percent has reached. */
export function progressStepOf(percent: number): number {
  return 1 + [13, 27, 40, 56, 70, 83, 92].filter((stage) => percent >= stage).length;
}

/** The wait screen's progress indicator as assistive technology reads it. */
export async function progressShown(page: Page): Promise<{ percent: number; text: string }> {
  const bar = await visible(page.getByRole('progressbar', { name: 'Order progress' }));
  return {
    percent: Number(await bar.getAttribute('aria-valuenow')),
    text: (await bar.getAttribute('aria-valuetext')) ?? '',
  };
}

/** The text of a test id on the page, or '' while it is not there. */
export async function testIdText(page: Page, id: string): Promise<string> {
  const element = page.getByTestId(id);
  return (await element.count()) > 0 ? (await element.first().innerText()).trim() : '';
}

/** The 'Pick up now' (or "We're on our way") modal of wait-order. */
export function pickUpModal(page: Page, delivery = false): Locator {
  return dialog(page, delivery ? "We're on our way" : 'Pick up now');
}

/** Follows the pick-up modal's link to alert-order. */
export async function followPickUp(page: Page, delivery = false): Promise<void> {
  const modal = await visible(pickUpModal(page, delivery), 60_000);
  await action(modal, delivery ? 'See my order' : 'Collect my order').click();
}

/** What the page did to get the customer's attention, as recorded by `recordReadyAlert`. */
export interface ReadyAlertLog {
  vibrations: unknown[];
  notifications: { title: string; body: string }[];
  tones: number;
}

/**
 * Before the page loads: records the ready alert's calls into the browser (vibration patterns,
 * system notifications, oscillator tones) while letting each call through to the browser.
 */
export async function recordReadyAlert(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const log = { vibrations: [] as unknown[], notifications: [] as { title: string; body: string }[], tones: 0 };
    (window as unknown as { __readyAlert: typeof log }).__readyAlert = log;
    const vibrate = typeof navigator.vibrate === 'function' ? navigator.vibrate.bind(navigator) : null;
    navigator.vibrate = ((pattern: VibratePattern) => {
      log.vibrations.push(pattern);
      try {
        return vibrate ? vibrate(pattern) : false;
      } catch {
        return false;
      }
    }) as Navigator['vibrate'];
    const Native = window.Notification;
    if (Native) {
      const Recorded = function (this: unknown, title: string, options?: NotificationOptions) {
        log.notifications.push({ title, body: options?.body ?? '' });
        return new Native(title, options);
      } as unknown as typeof Notification;
      Object.defineProperty(Recorded, 'permission', { get: () => Native.permission });
      Recorded.requestPermission = Native.requestPermission.bind(Native);
      window.Notification = Recorded;
    }
    const start = OscillatorNode.prototype.start;
    OscillatorNode.prototype.start = function (...args: Parameters<OscillatorNode['start']>) {
      log.tones += 1;
      return start.apply(this, args);
    };
  });
}

export function readyAlertLog(page: Page): Promise<ReadyAlertLog> {
  return page.evaluate(() => (window as unknown as { __readyAlert: ReadyAlertLog }).__readyAlert);
}

/** Makes the page believe it is in a background tab (hidden, without focus), or back in view. */
export async function setPageInView(page: Page, inView: boolean): Promise<void> {
  await page.evaluate((shown) => {
    Object.defineProperty(document, 'visibilityState', {
      configurable: true,
      get: () => (shown ? 'visible' : 'hidden'),
    });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => !shown });
    document.hasFocus = () => shown;
    document.dispatchEvent(new Event('visibilitychange'));
    if (shown) window.dispatchEvent(new Event('focus'));
  }, inView);
}
