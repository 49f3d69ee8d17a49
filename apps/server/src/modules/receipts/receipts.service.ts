/**
 * POST /v1/current-consumer/issue-receipt: the receipt of a paid order, e-mailed to the address
 * the consumer gave. Written from the order as it was priced and paid, in the venue's time zone.
 */
import type { PaymentSummary } from '@venue/contract/order-payment';
import { formatMoney } from '@venue/domain/money';
import { summaryView } from '@venue/domain/payment-summary';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { HttpError, notFound, unprocessable } from '../../lib/http-error.ts';
import { findConsumer } from '../consumers/consumers.repository.ts';
import type { SignedConsumer } from '../consumers/consumers.service.ts';
import { findConsumerOrder } from '../orders/orders.repository.ts';
import { summaryWithDiscount, type OrderRow } from '../orders/orders.service.ts';
import type { Mailer } from './mailer.ts';
import {
  countReceiptsSince,
  deleteReceipt,
  findReceiptPlace,
  insertReceipt,
  setReceiptMessageId,
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
  storePhone: string;
  timeZone: string;
  order: OrderRow;
  summary: PaymentSummary;
  customerName: string | null;
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
  const lineText = (name: string, quantity: number, price: string, indent = '') =>
    `${indent}${quantity} × ${name}`.padEnd(40) + price.padStart(10);
  const textLines = [
    `Receipt from ${facts.storeName} at ${facts.venueName}`,
    '',
    `Order number: ${ticket}`,
    `Paid: ${paidAt}`,
    order.service_mode === 'HomeDelivery' ? 'Home delivery' : 'Pick up',
    '',
    ...items.map((i) => lineText(i.name, i.quantity, formatMoney(i.priceMinor), i.isModifier ? '    ' : '')),
    '',
    ...view.lines.map((line) => line.name.padEnd(40) + formatMoney(line.minor).padStart(10)),
    'Grand Total'.padEnd(40) + formatMoney(view.totalMinor).padStart(10),
    '',
    `Questions about your order? Call ${facts.storeName} on ${facts.storePhone}.`,
    publicUrl,
  ];
  const row = (cells: string[], bold = false) =>
    `<tr>${cells.map((c, i) => `<td style="padding:4px 8px;${i > 0 ? 'text-align:right;' : ''}${bold ? 'font-weight:bold;' : ''}">${c}</td>`).join('')}</tr>`;
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1a1a1a">
<h1 style="font-size:20px">Receipt from ${escapeHtml(facts.storeName)}</h1>
<p>${escapeHtml(facts.venueName)}</p>
<p>Order number: <strong>${escapeHtml(ticket)}</strong><br>Paid: ${escapeHtml(paidAt)}<br>${order.service_mode === 'HomeDelivery' ? 'Home delivery' : 'Pick up'}</p>
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
<p>Questions about your order? Call ${escapeHtml(facts.storeName)} on ${escapeHtml(facts.storePhone)}.</p>
</body></html>`;
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
  const order = await findConsumerOrder(db, consumer.id, orderId);
  if (!order) throw notFound(`Order ${orderId} not found`);
  if (order.paid_at === null) throw unprocessable(NOT_PAID_MESSAGE);
  // The consumer's contact as it is now (it may have changed since the order).
  const contact = await findConsumer(db, consumer.id);
  const email = contact?.email?.trim();
  if (!email) throw unprocessable(NO_EMAIL_MESSAGE);
  if ((await countReceiptsSince(db, { order_id: orderId }, nowMs - RESEND_WINDOW_MS)) >= MAX_RECEIPTS_PER_WINDOW)
    throw new HttpError(429, TOO_MANY_MESSAGE);
  const recipient = email.toLowerCase();
  const today = nowMs - RECEIPT_DAY_MS;
  if ((await countReceiptsSince(db, { email: recipient }, today)) >= MAX_RECEIPTS_PER_RECIPIENT_DAY) {
    throw new HttpError(429, RECIPIENT_LIMIT_MESSAGE);
  }
  if ((await countReceiptsSince(db, { client_address: clientAddress }, today)) >= MAX_RECEIPTS_PER_CLIENT_DAY) {
    throw new HttpError(429, CLIENT_LIMIT_MESSAGE);
  }
  const place = await findReceiptPlace(db, order.vendor_id);
  const receipt = composeReceipt(
    {
      venueName: place.venue_name,
      storeName: place.store_name,
      storePhone: place.phone_number,
      timeZone: place.time_zone,
      order,
      summary: summaryWithDiscount(order),
      customerName: contact?.full_name ?? null,
    },
    deps.publicUrl,
  );
  // Counted before it is sent, so requests arriving together see each other; a failed send is not counted.
  const row = await insertReceipt(db, {
    order_id: orderId,
    email: recipient,
    message_id: null,
    sent_at: nowMs,
    client_address: clientAddress,
  });
  const host = new URL(deps.publicUrl).hostname;
  let sent: { messageId: string | null };
  try {
    sent = await deps.mailer.send({
      from: `"${place.venue_name.replace(/["\\\r\n]/g, '')}" <receipts@${host === 'localhost' ? 'localhost.localdomain' : host}>`,
      to: email,
      ...receipt,
    });
  } catch (error) {
    await deleteReceipt(db, row.id);
    throw error;
  }
  await setReceiptMessageId(db, row.id, sent.messageId);
  return { orderId, email, sent: true as const };
}
