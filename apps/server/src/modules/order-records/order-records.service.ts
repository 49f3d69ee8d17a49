/**
 * The back office's orders: search across the stores a manager runs (order number, the
 * customer's name, mobile or email as given with the order, days in the venue's time zone, store,
 * status; paged newest first), and one order as a manager reads it: lines with options, the
 * customer's details, each payment and refund, and its history with who made each change.
 */
import type {
  AdminOrderDetail,
  AdminOrderList,
  AdminOrderSummary,
  AdminOrdersQuery,
} from '@venue/contract/admin-orders';
import type { DeliveryAddress, OrderStatus } from '@venue/contract/order';
import type { ServiceMode } from '@venue/contract/common';
import { formatMoney } from '@venue/domain/money';
import { addDays, zonedTimeToUtc } from '@venue/domain/time-zone';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { listAudit } from '../audit/audit.service.ts';
import { readOrderLines } from '../orders/order-lines.ts';
import {
  listOrderPayments,
  listRefundsOfOrders,
  parseRefundLines,
  refundRoom,
  type RefundRow,
} from '../payments/refunds.service.ts';
import { OTHER_STORE_MESSAGE } from '../managers/managers.service.ts';
import { installationVenue } from '../venues/venues.service.ts';
import { findOrderRecord, searchOrderRows } from './order-records.repository.ts';

export const ORDERS_PAGE_DEFAULT = 50;

/** Which stores a manager sees: null for every store (an admin); see managers.service storeScope. */
export type StoreScope = readonly number[] | null;

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

/** The instant a venue day (YYYY-MM-DD) begins in a zone. */
export function dayStartMs(day: string, timeZone: string): number {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return zonedTimeToUtc({ year, month, day: date, hour: 0, minute: 0 }, timeZone);
}

/** The instant the day after a venue day begins (the end of the day, exclusive). */
export function dayEndMs(day: string, timeZone: string): number {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const next = addDays({ year, month, day: date }, 1);
  return zonedTimeToUtc({ ...next, hour: 0, minute: 0 }, timeZone);
}

/** Splits a search into digits (order number, mobile) and words (name, email). */
export function searchTerms(q: string | undefined): { text: string | null; digits: string | null } {
  const trimmed = q?.trim() ?? '';
  if (!trimmed) return { text: null, digits: null };
  const compact = trimmed.replace(/[\s()+-]/g, '');
  if (/^\d+$/.test(compact)) return { text: null, digits: compact.replace(/^0+(?=\d{1,3}$)/, '') || '0' };
  return { text: trimmed.toLowerCase(), digits: null };
}

type SearchRow = Awaited<ReturnType<typeof searchOrderRows>>[number];

function toSummary(
  row: SearchRow | NonNullable<Awaited<ReturnType<typeof findOrderRecord>>>,
  refundedMinor: number,
): AdminOrderSummary {
  return {
    id: row.id,
    vendorId: row.vendor_id,
    storeName: row.store_name,
    claimTicket: row.claim_ticket,
    orderStatus: row.order_status as OrderStatus,
    serviceMode: row.service_mode as ServiceMode,
    customerName: row.customer_name,
    customerMobile: row.customer_mobile,
    customerEmail: row.customer_email,
    totalMinor: row.total_minor,
    refundedMinor,
    createdAt: new Date(Number(row.created_at)).toISOString(),
    paidAt: iso(row.paid_at),
  };
}

/** GET /admin/v1/orders: newest first; `next` carries on after the last row (created_at.id). */
export async function searchOrders(
  db: Kysely<Database>,
  scope: StoreScope,
  query: AdminOrdersQuery,
): Promise<AdminOrderList> {
  const { timeZone } = await installationVenue(db);
  const limit = query.limit ?? ORDERS_PAGE_DEFAULT;
  let vendorIds = scope;
  if (query.vendorId !== undefined) vendorIds = scope && !scope.includes(query.vendorId) ? [] : [query.vendorId];
  const [createdAt, id] = query.cursor ? query.cursor.split('.').map(Number) : [];
  const rows = await searchOrderRows(db, {
    vendorIds,
    fromMs: query.from ? dayStartMs(query.from, timeZone) : null,
    toMs: query.to ? dayEndMs(query.to, timeZone) : null,
    statuses: query.status ?? null,
    ...searchTerms(query.q),
    after: createdAt !== undefined && id !== undefined ? { createdAt, id } : null,
    limit: limit + 1,
  });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    orders: page.map((row) => toSummary(row, Number(row.refunded_minor ?? 0))),
    next: rows.length > limit && last ? `${Number(last.created_at)}.${last.id}` : null,
  };
}

const STATUS_WORDS: Record<string, string> = {
  Pending: 'Not paid',
  Paid: 'Paid',
  Scheduled: 'Scheduled',
  Waiting: 'In the queue',
  PendingAlerted: 'Ready',
  Alerted: 'Ready (customer told)',
  Serviced: 'Collected',
  Cancelled: 'Cancelled',
};

/** Who made a change, in words, from the audit log's actor. */
export function actorWords(actor: string): string {
  if (actor === 'ops') return 'Operations API';
  if (actor === 'kitchen-simulator') return 'Kitchen simulator';
  if (actor === 'system') return 'System';
  const manager = /^manager:\d+:(.*)$/s.exec(actor);
  if (manager) return manager[1]!;
  const staff = /^staff:\d+:(.*)$/s.exec(actor);
  if (staff) return `Staff: ${staff[1]}`;
  return actor;
}

function paymentMethod(method: string): AdminOrderDetail['payments'][number]['method'] {
  if (method === 'coupon') return 'coupon';
  if (method === 'token') return 'savedCard';
  if (method === 'wallet:APPLEPAYWEB') return 'applePay';
  if (method === 'wallet:GOOGLE') return 'googlePay';
  return 'card';
}

export function toAdminRefund(refund: RefundRow): AdminOrderDetail['refunds'][number] {
  const lines = parseRefundLines(refund.lines);
  return {
    id: refund.id,
    amountMinor: refund.amount_minor,
    reason: refund.reason,
    lines: refund.lines === null ? null : lines,
    method: refund.method as AdminOrderDetail['refunds'][number]['method'],
    cardLastFour: refund.card_last_four,
    couponCode: refund.coupon_code,
    by: actorWords(refund.actor),
    createdAt: new Date(Number(refund.created_at)).toISOString(),
  };
}

function parseAddress(text: string | null): DeliveryAddress | null {
  if (!text) return null;
  try {
    return JSON.parse(text) as DeliveryAddress;
  } catch {
    return null;
  }
}

const PAYMENT_WORDS: Record<string, string> = {
  card: 'card',
  token: 'saved card',
  'wallet:APPLEPAYWEB': 'Apple Pay',
  'wallet:GOOGLE': 'Google Pay',
  coupon: 'coupon',
};

function parseDetails(text: string | null): Record<string, unknown> {
  try {
    const parsed = text ? (JSON.parse(text) as unknown) : null;
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** What one audit entry of an order says, in words. */
function historySummary(action: string, details: Record<string, unknown>): string {
  if (action === 'order.status') {
    const from = STATUS_WORDS[String(details.from)] ?? String(details.from);
    const to = STATUS_WORDS[String(details.to)] ?? String(details.to);
    return details.undo ? `${from} → ${to} (collection undone)` : `${from} → ${to}`;
  }
  if (action === 'order.paid') {
    const method = PAYMENT_WORDS[String(details.method)] ?? 'card';
    return `Paid ${formatMoney(Number(details.amountMinor ?? 0))} by ${method}`;
  }
  if (action === 'order.refund')
    return `Refunded ${formatMoney(Number(details.amountMinor ?? 0))}: ${String(details.reason ?? '')}`;
  if (action === 'order.refund_refused')
    return `Refund of ${formatMoney(Number(details.amountMinor ?? 0))} refused by the gateway: ${String(details.gateway ?? '')}`;
  return action;
}

/** GET /admin/v1/orders/{orderId}: the order with its lines, payments, refunds and history. */
export async function getOrderRecord(
  db: Kysely<Database>,
  scope: StoreScope,
  orderId: number,
): Promise<AdminOrderDetail> {
  const row = await findOrderRecord(db, orderId);
  if (!row) throw notFound(`Order ${orderId} not found`);
  if (scope && !scope.includes(row.vendor_id)) throw new HttpError(403, OTHER_STORE_MESSAGE);
  const [lines, payments, refunds, audit] = await Promise.all([
    readOrderLines(db, [orderId]),
    listOrderPayments(db, [orderId]),
    listRefundsOfOrders(db, [orderId]),
    listAudit(db, 'order', String(orderId)),
  ]);
  const given = refunds.filter((refund) => refund.status === 'Succeeded');
  const room = refundRoom(payments, given);
  const own = lines.get(orderId) ?? { items: [], charges: [] };
  const history: AdminOrderDetail['history'] = [
    { at: iso(row.created_at)!, by: 'Customer', action: 'order.placed', summary: 'Placed' },
  ];
  for (const entry of audit) {
    const details = parseDetails(entry.details);
    history.push({
      at: iso(Number(entry.at))!,
      by: entry.action === 'order.paid' && entry.actor === 'system' ? 'Customer' : actorWords(entry.actor),
      action: entry.action,
      summary: historySummary(entry.action, details),
    });
  }
  history.sort((a, b) => a.at.localeCompare(b.at));
  return {
    ...toSummary(row, room.paidMinor - room.leftMinor),
    storeTimeZone: row.time_zone,
    deliveryAddress: parseAddress(row.delivery_address),
    requestedServiceTime: iso(row.requested_service_time),
    timeReady: iso(row.time_ready),
    timeServiced: iso(row.time_serviced),
    lines: own.items.map((line) => ({
      lineId: line.lineId,
      menuItemId: line.menuItemId,
      name: line.name,
      quantity: line.quantity,
      perItemMinor: line.perItemMinor,
      priceMinor: line.priceMinor,
      note: line.note,
      options: line.options,
      refundedQuantity: room.refundedQuantities.get(line.lineId) ?? 0,
    })),
    charges: own.charges,
    subtotalMinor: own.items.reduce((sum, line) => sum + line.priceMinor, 0),
    couponCode: row.coupon_code,
    discountMinor: row.discount_minor,
    payments: payments
      .filter((payment) => payment.status !== 'Initiated')
      .map((payment) => ({
        id: payment.id,
        method: paymentMethod(payment.method),
        status: payment.status,
        amountMinor: payment.amount_minor,
        cardBrand: payment.card_brand,
        cardLastFour: payment.card_last_four,
        couponCode: payment.method === 'coupon' ? row.coupon_code : null,
        createdAt: new Date(Number(payment.created_at)).toISOString(),
      })),
    refunds: given.map(toAdminRefund),
    refundableMinor: room.leftMinor,
    history,
  };
}

/** The order a refund is asked for, when the manager may see it (403 for another store's). */
export async function findOrderForRefund(db: Kysely<Database>, scope: StoreScope, orderId: number) {
  const row = await findOrderRecord(db, orderId);
  if (!row) throw notFound(`Order ${orderId} not found`);
  if (scope && !scope.includes(row.vendor_id)) throw new HttpError(403, OTHER_STORE_MESSAGE);
  return row;
}
