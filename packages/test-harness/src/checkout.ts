import type { Locator, Page, Response, Route } from 'playwright-core';
import { ops } from './ops.ts';
import type { TestServer } from './server.ts';
import { action, dialog, eventually, hidden, visible, waitForPath } from './ui.ts';

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Steps of the checkout (spec §2 Confirm contact, Payment) as a customer takes them, and what a
 * test reads back about the order it paid. Free of test-runner imports, so the page benchmark can
 * use them too: steps wait for what the customer sees and throw when it does not come.
 */

/** A card as the customer types it into the new-card form. */
export interface TestCard {
  holder: string;
  number: string;
  cvv: string;
}

/** The sandbox gateway's always-successful card (architecture page: any other CVV → 1). */
export const GOOD_CARD: TestCard = { holder: 'Sam Lee', number: '4242424242424242', cvv: '123' };

/** Spec §8 card messages, word for word. */
export const CARD_MESSAGES = {
  declined: 'Your card has been declined by the bank, please check the details below.',
  retry: 'The payment should be attempted again. If it still cannot be processed, try again later.',
  checkDetails: 'Please check credit card details.',
  switchCard: 'Sorry, please switch to new card.',
  temporaryProblem: "Temporary problem, you haven't been charged for this order. Please check your card details below.",
} as const;

/** Spec §8 wallets. */
export const WALLET_ERROR = 'Error Processing payment. Please try again later or use an alternative form of payment.';

/**
 * The sandbox gateway's failing cards (architecture page, "Sandbox payment gateway"): the result
 * code each gives and the card notice spec §8 names for it.
 */
export const FAILING_CARDS: {
  label: string;
  card: TestCard;
  code: number;
  message: string;
  /**
   * The number the gateway receives instead of the typed one. The app refuses a number failing the
   * Luhn check before paying, so the gateway's own check (the authority) is reached by changing the
   * request on its way, as a client skipping the app's check would send it.
   */
  sentNumber?: string;
}[] = [
  { label: 'declined (CVV 200)', card: { ...GOOD_CARD, cvv: '200' }, code: 2, message: CARD_MESSAGES.declined },
  { label: '96 (CVV 960)', card: { ...GOOD_CARD, cvv: '960' }, code: 96, message: CARD_MESSAGES.retry },
  { label: '97 (CVV 970)', card: { ...GOOD_CARD, cvv: '970' }, code: 97, message: CARD_MESSAGES.checkDetails },
  { label: '98 (CVV 980)', card: { ...GOOD_CARD, cvv: '980' }, code: 98, message: CARD_MESSAGES.switchCard },
  { label: '99 (CVV 990)', card: { ...GOOD_CARD, cvv: '990' }, code: 99, message: CARD_MESSAGES.temporaryProblem },
  {
    label: '999 (CVV 999)',
    card: { ...GOOD_CARD, cvv: '999' },
    code: 999,
    message: CARD_MESSAGES.temporaryProblem,
  },
  {
    label: 'a number failing the Luhn check',
    card: GOOD_CARD,
    sentNumber: '4242424242424241',
    code: 97,
    message: CARD_MESSAGES.checkDetails,
  },
];

/** Contact details as the customer enters them on confirm-contact. */
export interface Contact {
  mobile: string;
  fullName: string;
  email?: string;
}

/** A take-away basket: `count` of one item without required options, at a store. */
export interface TakeAwayBasket {
  store: string;
  item: string;
  count?: number;
}

/** Start → 'Order & Collect' → discover-vendor → the store → its confirm-store modal confirmed. */
export async function chooseStore(page: Page, store: string): Promise<void> {
  await page.goto('/start');
  await (await visible(action(page, 'Order & Collect'))).click();
  await waitForPath(page, '/order-flow/discover-vendor');
  const name = new RegExp(escapeRegExp(store));
  await (await visible(page.getByRole('button', { name }).or(page.getByRole('link', { name })))).click();
  await waitForPath(page, '/order-flow/place-order');
  const confirm = await visible(page.locator('[role="dialog"], dialog[open]').filter({ hasText: 'Ordering from' }));
  await action(confirm, 'Confirm Store').click();
  await confirm.waitFor({ state: 'hidden' });
}

/** Adds `count` of a menu item (one without required options) with its plus counter. */
export async function addItem(page: Page, item: string, count = 1): Promise<void> {
  const row = page
    .getByRole('listitem')
    .filter({ has: page.getByText(item, { exact: true }) })
    .first();
  const plus = row.getByRole('button', { name: /^(add one|add|increase|more|plus|\+)\b|^\+$/i }).first();
  const counter = row.locator('output, [role="status"], [aria-live]').first();
  const read = async () => Number((await counter.innerText().catch(() => '0')).trim()) || 0;
  for (let i = 0; i < count; i += 1) {
    const before = await read();
    await (await visible(plus)).click();
    const after = await eventually(read, (value) => value === before + 1);
    if (after !== before + 1) throw new Error(`the counter of ${item} did not go from ${before} to ${before + 1}`);
  }
}

/** Place-order → 'Confirm my order' → confirm-order → 'Proceed to Pay' → confirm-contact, policy accepted. */
export async function reviewAndProceed(page: Page): Promise<void> {
  await (await visible(page.getByRole('button', { name: 'Confirm my order', exact: true }))).click();
  await proceedToContact(page);
}

/** A full name no other test uses, so the venue's order list tells this customer's orders apart. */
export function uniqueName(label: string): string {
  return `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
}

/** The refund and data policy modal of confirm-contact (the dialog offering Accept and Reject). */
export function policyModal(page: Page): Locator {
  return page
    .locator('[role="dialog"], [role="alertdialog"], dialog[open]')
    .filter({ has: page.getByRole('button', { name: 'Accept', exact: true }) })
    .filter({ has: page.getByRole('button', { name: 'Reject', exact: true }) });
}

/** Accepts the refund and data policy when it asks (it asks on every visit to confirm-contact). */
export async function acceptPolicy(page: Page, timeout = 5_000): Promise<void> {
  const modal = policyModal(page).first();
  const shown = await modal
    .waitFor({ state: 'visible', timeout })
    .then(() => true)
    .catch(() => false);
  if (!shown) return;
  await action(modal, 'Accept').click();
  await hidden(modal);
}

/** From confirm-order ('Proceed to Pay') to confirm-contact with the policy accepted. */
export async function proceedToContact(page: Page): Promise<void> {
  await waitForPath(page, '/order-flow/confirm-order');
  await (await visible(action(page, 'Proceed to Pay'))).click();
  await waitForPath(page, '/order-flow/confirm-contact');
  await visible(page.getByRole('heading', { name: 'Enter Contact Details' }));
  await acceptPolicy(page);
}

/** From the start screen to confirm-contact (policy accepted) with a take-away basket. */
export async function orderToContact(page: Page, basket: TakeAwayBasket): Promise<void> {
  await chooseStore(page, basket.store);
  await addItem(page, basket.item, basket.count ?? 1);
  await reviewAndProceed(page);
}

/** From the start screen to the payment screen: the basket, the contact details, 'Card'. */
export async function orderToPayment(page: Page, basket: TakeAwayBasket, contact: Contact): Promise<void> {
  await orderToContact(page, basket);
  await fillContact(page, contact);
  await payWithCard(page);
}

/** Types the contact details into confirm-contact (e-mail left as it is unless given). */
export async function fillContact(page: Page, contact: Contact): Promise<void> {
  await (await visible(page.getByLabel('Mobile'))).fill(contact.mobile);
  if (contact.email !== undefined) await page.getByLabel('Email (optional)').fill(contact.email);
  await page.getByLabel('Full name').fill(contact.fullName);
}

/** The 'Pay With' button of a method ('Card', 'Apple Pay', 'Google Pay'). */
export function payWithButton(page: Page, method: 'Card' | 'Apple Pay' | 'Google Pay'): Locator {
  return page.getByRole('group', { name: 'Pay With' }).getByRole('button', { name: method, exact: true });
}

/** Confirm-contact → 'Card' → the payment screen with its card form ready. */
export async function payWithCard(page: Page): Promise<void> {
  await (await visible(payWithButton(page, 'Card'))).click();
  await waitForPath(page, '/order-flow/payment', undefined, 60_000);
  await visible(page.getByRole('heading', { name: 'Enter Payment Details' }));
}

/** Types a card into the new-card form: expiry December of next year. */
export async function fillCard(page: Page, card: TestCard): Promise<void> {
  await (await visible(page.getByLabel('Name on card'))).fill(card.holder);
  await page.getByLabel('Card number').fill(card.number);
  await page.getByLabel('Month').selectOption('12');
  await page.getByLabel('Year').selectOption({ index: 2 });
  await page.getByLabel('CVN').fill(card.cvv);
}

/** The 'Pay by Card Now' button of the payment screen. */
export function payNowButton(page: Page): Locator {
  return page.getByRole('button', { name: 'Pay by Card Now', exact: true });
}

/** Taps 'Pay by Card Now' once it can be tapped (the payment is initiated first). */
export async function payNow(page: Page): Promise<void> {
  const button = await visible(payNowButton(page));
  await eventually(
    () => button.isEnabled(),
    (enabled) => enabled,
  );
  await button.click();
}

/** Waits for the wait-order screen of a paid order and returns the order number it shows. */
export async function expectWaitOrder(page: Page): Promise<string> {
  await waitForPath(page, '/order-flow/wait-order', undefined, 90_000);
  await visible(page.getByText('Wait and keep checking screen', { exact: true }), 60_000);
  const ticket = page.getByTestId('claim-ticket');
  const shown = await eventually(
    async () => ((await ticket.count()) > 0 ? (await ticket.innerText()).trim() : ''),
    (value) => value !== '' && value !== '—',
    60_000,
  );
  if (shown === '' || shown === '—') throw new Error('the wait-order screen shows no order number');
  return shown;
}

/** The card notice of the payment screen (spec §8) once it reads `message`. */
export function cardNotice(page: Page, message: string): Locator {
  return page.getByRole('alert').filter({ hasText: message });
}

/** The placed order's id as the app keeps it (spec §3, saved under 'state'). */
export async function placedOrderId(page: Page): Promise<number | null> {
  return page.evaluate(() => {
    const raw = window.localStorage.getItem('state');
    if (!raw) return null;
    const id = (JSON.parse(raw) as { placedOrder?: { id?: unknown } }).placedOrder?.id;
    return typeof id === 'number' ? id : null;
  });
}

/** Waits until the app has saved a placed order, and returns its id. */
export async function savedOrderId(page: Page): Promise<number> {
  const id = await eventually(
    () => placedOrderId(page),
    (value) => value !== null,
  );
  if (id === null) throw new Error('the app saved no placed order');
  return id;
}

/** An order as the operations API lists it (the fields tests read). */
export interface VenueOrder {
  id: number;
  vendorId: number;
  claimTicket: string | null;
  orderStatus: string;
  positionInQueue: number | null;
  customerName: string | null;
  total: { minorAmount: number };
  paidAt: string | null;
}

const EVERY_STATUS = 'Pending,Paid,Waiting,PendingAlerted,Alerted,Serviced,Cancelled,VendorSupportRequired,Scheduled';

/** A vendor's orders as the venue sees them (operations API), in the given statuses (default: all). */
export function venueOrders(
  server: TestServer,
  vendorId: number,
  status: string = EVERY_STATUS,
): Promise<VenueOrder[]> {
  return ops<VenueOrder[]>(server, 'GET', `/vendor/${vendorId}/orders?status=${status}&limit=500`);
}

/** The orders of one customer (by the full name they gave) at a vendor, in any status. */
export async function customerOrders(server: TestServer, vendorId: number, fullName: string): Promise<VenueOrder[]> {
  return (await venueOrders(server, vendorId)).filter((order) => order.customerName === fullName);
}

/**
 * The customer's only order at the vendor, paid (optionally: the order with this id). Throws,
 * naming the orders found, when there is another order or it is unpaid: one order, paid once.
 */
export async function onlyPaidOrder(
  server: TestServer,
  vendorId: number,
  fullName: string,
  orderId?: number,
): Promise<VenueOrder> {
  const orders = await customerOrders(server, vendorId, fullName);
  const [order] = orders;
  if (orders.length !== 1 || !order || order.paidAt === null || (orderId !== undefined && order.id !== orderId)) {
    const found = orders.map((o) => `#${o.id} ${o.orderStatus}${o.paidAt ? ' paid' : ''}`).join(', ') || 'none';
    throw new Error(
      `expected ${fullName}'s one paid order${orderId ? ` #${orderId}` : ''} at vendor ${vendorId}, found: ${found}`,
    );
  }
  return order;
}

/** Moves an order as the venue's kitchen would (operations API). */
export async function moveOrder(server: TestServer, vendorId: number, orderId: number, status: string): Promise<void> {
  await ops(server, 'POST', `/vendor/${vendorId}/order/${orderId}/status`, { status });
}

/** The answers of the sandbox gateway's card endpoint the page received, by result code. */
export interface GatewayLog {
  /** every result code answered so far, in order */
  readonly codes: number[];
  /** waits for the answers received so far to be read, then says how many charged the card (r = 1) */
  charged(): Promise<number>;
}

/** The sandbox gateway's card endpoint, as the page requests it. */
const GATEWAY_CARD_URL = /\/sandbox-gateway\/v1\/card(\?|$)/;

/**
 * Sends `cardNumber` to the gateway in place of whatever the page typed, until the returned
 * function is called: how a test reaches the gateway's checks the app's own checks stand before.
 */
export async function replaceGatewayCardNumber(page: Page, cardNumber: string): Promise<() => Promise<void>> {
  const handler = async (route: Route) => {
    const url = new URL(route.request().url());
    url.searchParams.set('card_number', cardNumber);
    await route.continue({ url: url.toString() });
  };
  await page.route(GATEWAY_CARD_URL, handler);
  return () => page.unroute(GATEWAY_CARD_URL, handler);
}

/** Records the result code of every card request the page sends to the gateway (spec §7: field r). */
export function watchGateway(page: Page): GatewayLog {
  const codes: number[] = [];
  const pending: Promise<void>[] = [];
  page.on('response', (response: Response) => {
    if (!new URL(response.url()).pathname.endsWith('/sandbox-gateway/v1/card')) return;
    pending.push(
      response
        .text()
        .then((body) => {
          const match = /"r":\s*(\d+)/.exec(body);
          if (match) codes.push(Number(match[1]));
        })
        .catch(() => undefined),
    );
  });
  return {
    codes,
    charged: async () => {
      await Promise.all(pending);
      return codes.filter((code) => code === 1).length;
    },
  };
}

/** Opens the coupon modal of the payment screen and returns it. */
export async function openCouponModal(page: Page): Promise<Locator> {
  await (await visible(action(page, 'Use a coupon'))).click();
  return visible(dialog(page, 'Use a coupon'));
}

/** Types a code into the open coupon modal and taps Apply. */
export async function applyCoupon(modal: Locator, code: string): Promise<void> {
  await modal.getByLabel('Coupon code').fill(code);
  await action(modal, 'Apply').click();
}

/** The text of the 'Grand Total' line of the current screen, e.g. "$12.50". */
export async function grandTotal(page: Page): Promise<string> {
  const label = await visible(page.getByText('Grand Total', { exact: true }));
  return label.evaluate((element) => {
    const row = element.parentElement;
    const match = /\$\d[\d,]*\.\d{2}/.exec(row?.textContent ?? '');
    return match ? match[0] : '';
  });
}

/** The payment options of spec §3 vendorOrderConfiguration that decide which buttons show. */
export interface VendorPaymentOptions {
  allowApplePay?: boolean;
  allowGooglePay?: boolean;
  isCouponPaymentAllowed?: boolean;
}

/**
 * Changes a vendor's payment options in the server's database, as the venue's back office would:
 * the operations API does not set them. SQLite test databases only; the server reads vendors
 * afresh on every request.
 */
export async function setVendorPaymentOptions(
  server: TestServer,
  vendorId: number,
  options: VendorPaymentOptions,
): Promise<void> {
  if (/^postgres(ql)?:\/\//.test(server.databaseUrl)) throw new Error('setVendorPaymentOptions: SQLite only');
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(server.databaseUrl);
  try {
    db.pragma('busy_timeout = 10000');
    const columns: Record<keyof VendorPaymentOptions, string> = {
      allowApplePay: 'allow_apple_pay',
      allowGooglePay: 'allow_google_pay',
      isCouponPaymentAllowed: 'is_coupon_payment_allowed',
    };
    for (const [key, value] of Object.entries(options) as [keyof VendorPaymentOptions, boolean | undefined][]) {
      if (value === undefined) continue;
      db.prepare(`UPDATE vendors SET ${columns[key]} = ? WHERE id = ?`).run(value ? 1 : 0, vendorId);
    }
  } finally {
    db.close();
  }
}
