/**
 * POST /v1/current-consumer/issue-receipt: the receipt of a paid order, e-mailed to the address
 * the consumer gave. Written from the order as it was priced and paid, in the venue's time zone.
 */
import type { PaymentSummary } from '@venue/contract/order-payment';
import { formatMoney } from '@venue/domain/money';
import { summaryView } from '@venue/domain/payment-summary';
import type { Insertable, Kysely } from 'kysely';
import type { Database, ReceiptsTable } from '../../db/schema.ts';
import { HttpError, notFound, unprocessable } from '../../lib/http-error.ts';
import { contactForOrder, type SignedConsumer } from '../consumers/consumers.service.ts';
import { findOwnOrder, giveOrderEmail, summaryWithDiscount, type OrderRow } from '../orders/orders.service.ts';
import type { Mailer, OutgoingMail } from './mailer.ts';
import {
  deleteReceipt,
  findReceiptPlace,
  insertReceipt,
  insertReceiptWithin,
  setReceiptMessageId,
  type MailCountLimit,
} from './receipts.repository.ts';

/** A receipt can be sent this many times per order within RESEND_WINDOW_MS. */
export const MAX_RECEIPTS_PER_WINDOW = 3;
export const RESEND_WINDOW_MS = 60 * 60_000;
export const NO_EMAIL_MESSAGE = 'Add an email address to receive a receipt.';
export const NOT_PAID_MESSAGE = 'A receipt is available once the order is paid.';
export const TOO_MANY_MESSAGE = 'This receipt was sent several times already. Please check your inbox.';

/**
 * Receipts go to an address nobody verified, so the endpoint could mail strangers: a day's
 * receipts are limited per recipient and per client address (docs/decisions/024-security-hardening.md).
 * The client limit is high because a stadium's customers share a few public addresses.
 */
export const RECEIPT_DAY_MS = 24 * 60 * 60_000;
export const MAX_RECEIPTS_PER_RECIPIENT_DAY = 10;
export const MAX_RECEIPTS_PER_CLIENT_DAY = 30;
export const RECIPIENT_LIMIT_MESSAGE =
  'Too many receipts were sent to this email address today. Please try again tomorrow.';
export const CLIENT_LIMIT_MESSAGE =
  'Too many receipts were asked for from this network today. Please try again tomorrow.';
/**
 * One order's receipts go to at most this many different addresses: a typo corrected, a work
 * address; not `victim+1@…`, `victim+2@…`, … each a fresh address to mail.
 */
export const MAX_RECIPIENTS_PER_ORDER = 3;
export const RECIPIENTS_LIMIT_MESSAGE =
  'This receipt has been sent to several addresses already. Please check those inboxes.';

export interface ReceiptDeps {
  db: Kysely<Database>;
  mailer: Mailer;
  publicUrl: string;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function formatWhen(ms: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-AU', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone,
  }).format(new Date(ms));
}

interface ReceiptFacts {
  venueName: string;
  storeName: string;
  /** '' when the store gave none */
  storePhone: string;
  timeZone: string;
  /** the order, with the customer's mobile as given with it */
  order: OrderRow;
  summary: PaymentSummary;
}

/**
 * Whose order it is, for mail about it: the mobile given with the order (the consumer's may have
 * changed since), or null. Never the name: it is free text, and mail to an address nobody verified
 * carries nothing a customer typed (docs/decisions/024-security-hardening.md); a mobile is digits.
 */
export function orderMobileLine(order: Pick<OrderRow, 'customer_mobile'>): string | null {
  const mobile = order.customer_mobile?.replace(/[^\d+]/g, '');
  return mobile ? `Mobile: ${mobile}` : null;
}

/** The sentence naming the store's phone, or null for a store without one (no 'Call … on .'). */
export function callStoreSentence(storeName: string, storePhone: string, lead: string): string | null {
  const phone = storePhone.trim();
  return phone ? `${lead} Call ${storeName} on ${phone}.` : null;
}

export { escapeHtml, formatWhen };

/**
 * Sends mail about an order, counted first (so requests arriving together see each other in the
 * limits); a failed send is not counted.
 */
export async function sendCounted(
  deps: Pick<ReceiptDeps, 'db' | 'mailer'>,
  count: Insertable<ReceiptsTable>,
  mail: OutgoingMail,
): Promise<void> {
  const row = await insertReceipt(deps.db, count);
  await sendReserved(deps, row.id, mail);
}

/** Sends a mail already counted as `receiptId`; a failed send is taken off the count. */
async function sendReserved(deps: Pick<ReceiptDeps, 'db' | 'mailer'>, receiptId: number, mail: OutgoingMail) {
  let sent: { messageId: string | null };
  try {
    sent = await deps.mailer.send(mail);
  } catch (error) {
    await deleteReceipt(deps.db, receiptId);
    throw error;
  }
  await setReceiptMessageId(deps.db, receiptId, sent.messageId);
}

/** The venue's mail sender, at the public address's host. */
export function mailSender(venueName: string, publicUrl: string): string {
  const host = new URL(publicUrl).hostname;
  return `"${venueName.replace(/["\\\r\n]/g, '')}" <receipts@${host === 'localhost' ? 'localhost.localdomain' : host}>`;
}

/** The receipt as plain text and HTML. */
export function composeReceipt(facts: ReceiptFacts, publicUrl: string) {
  const { order, summary } = facts;
  const ticket = order.claim_ticket ?? String(order.id);
  const paidAt = formatWhen(order.paid_at ?? order.created_at, facts.timeZone);
  // One reading of the summary for every receipt and screen: each line once, adding up to the total.
  const view = summaryView(summary);
  const items = view.rows.flatMap((row) => [
    { name: row.name, quantity: row.quantity, priceMinor: row.priceMinor, isModifier: false },
    ...row.modifiers.map((m) => ({ name: m.name, quantity: m.quantity, priceMinor: m.priceMinor, isModifier: true })),
  ]);
  const customer = orderMobileLine(order);
  const call = callStoreSentence(facts.storeName, facts.storePhone, 'Questions about your order?');
  const lineText = (name: string, quantity: number, price: string, indent = '') =>
    `${indent}${quantity} × ${name}`.padEnd(40) + price.padStart(10);
  const textLines = [
    `Receipt from ${facts.storeName} at ${facts.venueName}`,
    '',
    `Order number: ${ticket}`,
    `Paid: ${paidAt}`,
    order.service_mode === 'HomeDelivery' ? 'Home delivery' : 'Pick up',
    ...(customer ? [customer] : []),
    '',
    ...items.map((i) => lineText(i.name, i.quantity, formatMoney(i.priceMinor), i.isModifier ? '    ' : '')),
    '',
    ...view.lines.map((line) => line.name.padEnd(40) + formatMoney(line.minor).padStart(10)),
    'Grand Total'.padEnd(40) + formatMoney(view.totalMinor).padStart(10),
    '',
    ...(call ? [call] : []),
    publicUrl,
  ];
  const row = (cells: string[], bold = false) =>
    `<tr>${cells.map((c, i) => `<td style="padding:4px 8px;${i > 0 ? 'text-align:right;' : ''}${bold ? 'font-weight:bold;' : ''}">${c}</td>`).join('')}</tr>`;
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1a1a1a">
<h1 style="font-size:20px">Receipt from ${escapeHtml(facts.storeName)}</h1>
<p>${escapeHtml(facts.venueName)}</p>
<p>Order number: <strong>${escapeHtml(ticket)}</strong><br>Paid: ${escapeHtml(paidAt)}<br>${order.service_mode === 'HomeDelivery' ? 'Home delivery' : 'Pick up'}${customer ? `<br>${escapeHtml(customer)}` : ''}</p>
<table style="border-collapse:collapse">
${items
  .map((i) =>
    row([
      `${i.isModifier ? '&nbsp;&nbsp;&nbsp;' : ''}${i.quantity} × ${escapeHtml(i.name)}`,
      escapeHtml(formatMoney(i.priceMinor)),
    ]),
  )
  .join('\n')}
${view.lines.map((line) => row([escapeHtml(line.name), escapeHtml(formatMoney(line.minor))])).join('\n')}
${row(['Grand Total', escapeHtml(formatMoney(view.totalMinor))], true)}
</table>
${
  call
    ? `<p>${escapeHtml(call)}</p>
`
    : ''
}</body></html>`;
  return {
    subject: `Your receipt from ${facts.storeName}, order ${ticket}`,
    text: textLines.join('\n'),
    html,
  };
}

/**
 * E-mails the receipt of the consumer's paid order to the consumer's address. The message is
 * written from the order and the catalogue only (nothing the customer typed), so it cannot carry
 * someone else's text to the recipient.
 */
export async function issueReceipt(
  deps: ReceiptDeps,
  consumer: SignedConsumer,
  orderId: number,
  nowMs: number,
  clientAddress: string,
) {
  const { db } = deps;
  const order = await findOwnOrder(db, consumer, orderId);
  if (!order) throw notFound(`Order ${orderId} not found`);
  if (order.paid_at === null) throw unprocessable(NOT_PAID_MESSAGE);
  // The address the customer gave last: the wait screen's 'Email receipt' saves the one typed
  // there before asking, so the receipt goes where they just said; else the one given with the order.
  const current = (await contactForOrder(db, consumer.id)).customer_email?.trim();
  const email = current || order.customer_email?.trim();
  if (!email) throw unprocessable(NO_EMAIL_MESSAGE);
  const recipient = email.toLowerCase();
  const place = await findReceiptPlace(db, order.vendor_id);
  const receipt = composeReceipt(
    {
      venueName: place.venue_name,
      storeName: place.store_name,
      storePhone: place.phone_number,
      timeZone: place.time_zone,
      order,
      summary: summaryWithDiscount(order),
    },
    deps.publicUrl,
  );
  // Counted before it is sent, in one step with the limits' counts (insertReceiptWithin), so
  // requests arriving together cannot all pass a limit that each alone would meet.
  const today = nowMs - RECEIPT_DAY_MS;
  const limits: Array<[MailCountLimit, string]> = [
    [
      {
        match: { order_id: orderId },
        sinceMs: nowMs - RESEND_WINDOW_MS,
        kind: 'receipt',
        max: MAX_RECEIPTS_PER_WINDOW,
      },
      TOO_MANY_MESSAGE,
    ],
    [{ match: { email: recipient }, sinceMs: today, max: MAX_RECEIPTS_PER_RECIPIENT_DAY }, RECIPIENT_LIMIT_MESSAGE],
    [
      { match: { client_address: clientAddress }, sinceMs: today, max: MAX_RECEIPTS_PER_CLIENT_DAY },
      CLIENT_LIMIT_MESSAGE,
    ],
  ];
  const reserved = await insertReceiptWithin(
    db,
    { order_id: orderId, email: recipient, message_id: null, sent_at: nowMs, client_address: clientAddress },
    limits.map(([limit]) => limit),
    { orderId, max: MAX_RECIPIENTS_PER_ORDER },
  );
  if ('exceeded' in reserved) {
    const message = limits.find(([limit]) => limit === reserved.exceeded)?.[1] ?? RECIPIENTS_LIMIT_MESSAGE;
    throw new HttpError(429, message);
  }
  await sendReserved(deps, reserved.id, { from: mailSender(place.venue_name, deps.publicUrl), to: email, ...receipt });
  // An order placed without an email takes the one its receipt went to, so the order's later mail
  // (a refund, if the venue cancels it) reaches the customer too. One given with the order is
  // never replaced: it is what the customer gave for this order, and the receipt went where asked.
  if (!order.customer_email?.trim()) await giveOrderEmail(db, orderId, email);
  return { orderId, email, sent: true as const };
}
