/**
 * The refund email (issue 23): when the venue cancels a paid order and its payment goes back, the
 * customer is told by email too, at the address given with the order (or given later for its
 * receipt), in the same words as on the phone. Sent at most once per order, and counted with the
 * receipts against the recipient's daily limit: the address was never verified.
 */
import { refundGivenSentence, refundSentence } from '@venue/domain/order-refund';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { findRefundById, type RefundListener } from '../payments/refunds.service.ts';
import { findOrderById, refundOf, type OrderRow } from '../orders/orders.service.ts';
import type { Mailer } from './mailer.ts';
import { countReceiptsSince, findReceiptPlace } from './receipts.repository.ts';
import {
  callStoreSentence,
  escapeHtml,
  formatWhen,
  mailSender,
  MAX_RECEIPTS_PER_RECIPIENT_DAY,
  orderMobileLine,
  RECEIPT_DAY_MS,
  sendCounted,
} from './receipts.service.ts';

export interface RefundEmailDeps {
  db: Kysely<Database>;
  mailer: Mailer;
  publicUrl: string;
  clock: () => number;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

interface RefundEmailFacts {
  venueName: string;
  storeName: string;
  /** '' when the store gave none */
  storePhone: string;
  timeZone: string;
  order: OrderRow;
  /** the sentence saying what went back where (refundSentence) */
  refund: string;
  cancelledAt: number;
}

/** The refund email as plain text and HTML. */
export function composeRefundEmail(facts: RefundEmailFacts, publicUrl: string) {
  const { order } = facts;
  const ticket = order.claim_ticket ?? String(order.id);
  const when = formatWhen(facts.cancelledAt, facts.timeZone);
  const customer = orderMobileLine(order);
  const cancelled = `${facts.storeName} could not complete your order.`;
  const call = callStoreSentence(facts.storeName, facts.storePhone, 'Questions about your refund?');
  const text = [
    `Refund from ${facts.storeName} at ${facts.venueName}`,
    '',
    `Order number: ${ticket}`,
    `Cancelled: ${when}`,
    ...(customer ? [customer] : []),
    '',
    cancelled,
    facts.refund,
    '',
    ...(call ? [call] : []),
    publicUrl,
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1a1a1a">
<h1 style="font-size:20px">Refund from ${escapeHtml(facts.storeName)}</h1>
<p>${escapeHtml(facts.venueName)}</p>
<p>Order number: <strong>${escapeHtml(ticket)}</strong><br>Cancelled: ${escapeHtml(when)}${customer ? `<br>${escapeHtml(customer)}` : ''}</p>
<p>${escapeHtml(cancelled)}</p>
<p><strong>${escapeHtml(facts.refund)}</strong></p>
${call ? `<p>${escapeHtml(call)}</p>\n` : ''}</body></html>`;
  return { subject: `Your refund from ${facts.storeName}, order ${ticket}`, text, html };
}

/** Why a refund email was not sent, or 'sent'. */
export type RefundEmailResult = 'sent' | 'no refund' | 'no email' | 'already sent' | 'recipient limit';

/** Sends the refund email of a cancelled order whose payment went back. */
export async function sendRefundEmail(deps: RefundEmailDeps, orderId: number): Promise<RefundEmailResult> {
  const { db } = deps;
  const order = await findOrderById(db, orderId);
  const refund = order && refundOf(order);
  if (!order || !refund) return 'no refund';
  const email = order.customer_email?.trim();
  if (!email) return 'no email';
  const nowMs = deps.clock();
  if ((await countReceiptsSince(db, { order_id: orderId }, 0, 'refund')) > 0) return 'already sent';
  const recipient = email.toLowerCase();
  if ((await countReceiptsSince(db, { email: recipient }, nowMs - RECEIPT_DAY_MS)) >= MAX_RECEIPTS_PER_RECIPIENT_DAY)
    return 'recipient limit';
  const place = await findReceiptPlace(db, order.vendor_id);
  const mail = composeRefundEmail(
    {
      venueName: place.venue_name,
      storeName: place.store_name,
      storePhone: place.phone_number,
      timeZone: place.time_zone,
      order,
      refund: refundSentence(refund),
      cancelledAt: order.updated_at,
    },
    deps.publicUrl,
  );
  await sendCounted(
    deps,
    { order_id: orderId, email: recipient, message_id: null, sent_at: nowMs, client_address: null, kind: 'refund' },
    { from: mailSender(place.venue_name, deps.publicUrl), to: email, ...mail },
  );
  return 'sent';
}

/** The email of a refund the venue gave (back office): what went back, where, and why. */
export function composeGivenRefundEmail(
  facts: Omit<RefundEmailFacts, 'cancelledAt'> & { reason: string; refundedAt: number },
  publicUrl: string,
) {
  const { order } = facts;
  const ticket = order.claim_ticket ?? String(order.id);
  const when = formatWhen(facts.refundedAt, facts.timeZone);
  const customer = orderMobileLine(order);
  const call = callStoreSentence(facts.storeName, facts.storePhone, 'Questions about your refund?');
  const text = [
    `Refund from ${facts.storeName} at ${facts.venueName}`,
    '',
    `Order number: ${ticket}`,
    `Refunded: ${when}`,
    ...(customer ? [customer] : []),
    '',
    facts.refund,
    `Reason: ${facts.reason}`,
    '',
    ...(call ? [call] : []),
    publicUrl,
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1a1a1a">
<h1 style="font-size:20px">Refund from ${escapeHtml(facts.storeName)}</h1>
<p>${escapeHtml(facts.venueName)}</p>
<p>Order number: <strong>${escapeHtml(ticket)}</strong><br>Refunded: ${escapeHtml(when)}${customer ? `<br>${escapeHtml(customer)}` : ''}</p>
<p><strong>${escapeHtml(facts.refund)}</strong></p>
<p>Reason: ${escapeHtml(facts.reason)}</p>
${call ? `<p>${escapeHtml(call)}</p>\n` : ''}</body></html>`;
  return { subject: `Your refund from ${facts.storeName}, order ${ticket}`, text, html };
}

/** Sends the email of one refund the venue gave, once, within the recipient's daily limit. */
export async function sendGivenRefundEmail(deps: RefundEmailDeps, refundId: number): Promise<RefundEmailResult> {
  const { db } = deps;
  const refund = await findRefundById(db, refundId);
  const order = refund && refund.status === 'Succeeded' ? await findOrderById(db, refund.order_id) : undefined;
  if (!refund || !order) return 'no refund';
  const email = order.customer_email?.trim();
  if (!email) return 'no email';
  const nowMs = deps.clock();
  const kind = `refund:${refundId}` as const;
  if ((await countReceiptsSince(db, { order_id: order.id }, 0, kind)) > 0) return 'already sent';
  const recipient = email.toLowerCase();
  if ((await countReceiptsSince(db, { email: recipient }, nowMs - RECEIPT_DAY_MS)) >= MAX_RECEIPTS_PER_RECIPIENT_DAY)
    return 'recipient limit';
  const place = await findReceiptPlace(db, order.vendor_id);
  const mail = composeGivenRefundEmail(
    {
      venueName: place.venue_name,
      storeName: place.store_name,
      storePhone: place.phone_number,
      timeZone: place.time_zone,
      order,
      refund: refundGivenSentence({
        amountMinor: refund.amount_minor,
        method: refund.method as 'card' | 'applePay' | 'googlePay' | 'coupon',
        cardLastFour: refund.card_last_four,
        couponCode: refund.coupon_code,
      }),
      reason: refund.reason,
      refundedAt: Number(refund.created_at),
    },
    deps.publicUrl,
  );
  await sendCounted(
    deps,
    { order_id: order.id, email: recipient, message_id: null, sent_at: nowMs, client_address: null, kind },
    { from: mailSender(place.venue_name, deps.publicUrl), to: email, ...mail },
  );
  return 'sent';
}

/**
 * Told of each refunded order by the cancel (FulfilmentDeps.refunds): sends its email in the
 * background, so the kitchen never waits on the mail server; a failure is logged. `idle` waits for
 * the emails under way (before the database closes).
 */
export class RefundMailer implements RefundListener {
  private readonly sending = new Set<Promise<unknown>>();

  constructor(private readonly deps: RefundEmailDeps) {}

  refunded(orderId: number): void {
    this.track(
      sendRefundEmail(this.deps, orderId).catch((error: unknown) => {
        this.deps.log.warn({ err: error, orderId }, 'refund email not sent');
      }),
    );
  }

  refundGiven(refundId: number): void {
    this.track(
      sendGivenRefundEmail(this.deps, refundId).catch((error: unknown) => {
        this.deps.log.warn({ err: error, refundId }, 'refund email not sent');
      }),
    );
  }

  private track(sending: Promise<unknown>): void {
    this.sending.add(sending);
    void sending.finally(() => this.sending.delete(sending));
  }

  async idle(): Promise<void> {
    await Promise.allSettled([...this.sending]);
  }
}
