/**
 * The takings (issue 26 §4): a day or a range of days in the venue's time zone, per store, item or
 * hour. Paid orders count on the day they were paid, refunds on the day they were given. GST is
 * included in prices: each order's GST is the taxable part of what it paid (items not marked
 * GST-free, after the coupon's share, plus service charges) times rate / (1 + rate); a refund
 * takes back its order's share. Rows are rounded to the cent once each, and the totals are the sums
 * of the rows, so the figures on screen and in the CSV add up.
 */
import type { TakingsQuery, Takings, TakingsFigures, Today } from '@venue/contract/admin-reports';
import { estimateReadyAt } from '@venue/domain/kitchen-queue';
import { zonedParts, zoneOffsetMs } from '@venue/domain/time-zone';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { csvMoney, toCsv, type CsvValue } from '../../lib/csv.ts';
import { dayEndMs as dayEnd, dayStartMs as dayStart } from '../order-records/order-records.service.ts';
import { readQueueFacts } from '../orders/order-changes.ts';
import { parseRefundLines } from '../payments/refunds.service.ts';
import { listVendors } from '../vendors/vendors.service.ts';
import { findFirstVenueId, installationVenue } from '../venues/venues.service.ts';
import {
  listExportPayments,
  listExportRefunds,
  listItemSales,
  listLineItems,
  listOrderLinesForExport,
  listRefundsWithSums,
  listStoreNames,
  sumPaidOrders,
  BUCKET_MS,
  type TakingsRange,
} from './takings.repository.ts';

/** null: every store */
type Scope = readonly number[] | null;

/** Sums before rounding: GST is kept exact until a row is rounded. */
interface Tally {
  orders: number;
  gross: number;
  discounts: number;
  charges: number;
  refunds: number;
  gst: number;
}

const emptyTally = (): Tally => ({ orders: 0, gross: 0, discounts: 0, charges: 0, refunds: 0, gst: 0 });

function figures(tally: Tally): TakingsFigures {
  const sales = tally.gross - tally.discounts + tally.charges;
  return {
    orders: tally.orders,
    grossMinor: tally.gross,
    discountsMinor: tally.discounts,
    serviceChargesMinor: tally.charges,
    refundsMinor: tally.refunds,
    netMinor: sales - tally.refunds,
    gstMinor: Math.round(tally.gst),
    averageOrderMinor: tally.orders === 0 ? 0 : Math.round(sales / tally.orders),
  };
}

function addFigures(total: TakingsFigures, row: TakingsFigures): TakingsFigures {
  const sum = {
    orders: total.orders + row.orders,
    grossMinor: total.grossMinor + row.grossMinor,
    discountsMinor: total.discountsMinor + row.discountsMinor,
    serviceChargesMinor: total.serviceChargesMinor + row.serviceChargesMinor,
    refundsMinor: total.refundsMinor + row.refundsMinor,
    netMinor: total.netMinor + row.netMinor,
    gstMinor: total.gstMinor + row.gstMinor,
    averageOrderMinor: 0,
  };
  const sales = sum.grossMinor - sum.discountsMinor + sum.serviceChargesMinor;
  return { ...sum, averageOrderMinor: sum.orders === 0 ? 0 : Math.round(sales / sum.orders) };
}

const ZERO: TakingsFigures = figures(emptyTally());

/** The GST included in an amount of which `taxable` was taxable, exactly (rate in basis points). */
export function gstOf(taxable: number, rateBp: number): number {
  return (taxable * rateBp) / (10_000 + rateBp);
}

/** The GST a refund takes back: its order's taxable share of the refund. */
export function refundGst(
  refund: { amount_minor: number; total_minor: number; taxable: number | string },
  rateBp: number,
) {
  if (refund.total_minor <= 0) return 0;
  return gstOf((refund.amount_minor * Number(refund.taxable)) / refund.total_minor, rateBp);
}

/** The days a query names: one day when only one is given, today (the venue's) when neither is. */
function daysOf(query: { from?: string | undefined; to?: string | undefined }, nowMs: number, timeZone: string) {
  const today = localDay(nowMs, timeZone);
  return { from: query.from ?? query.to ?? today, to: query.to ?? query.from ?? today };
}

/** The range of instants of a from/to pair of venue days. */
function rangeOf(days: { from: string; to: string }, timeZone: string, scope: Scope): TakingsRange {
  return { fromMs: dayStart(days.from, timeZone), toMs: dayEnd(days.to, timeZone), vendorIds: scope };
}

/** How long after a moment a payment or refund made before it may still be committing. */
const SETTLE_MS = 5 * 60_000;
const PAST_CACHE_ENTRIES = 64;
const PAST_CACHE_MS = 60 * 60_000;
/** Per database (a process has one; tests have several). */
const pastCaches = new WeakMap<object, Map<string, { at: number; rows: Promise<unknown[]> }>>();

/**
 * Rows of a query over a range, the part before the venue's day began read once and remembered:
 * orders count when paid and refunds when given, both stamped with the moment they were written,
 * so the figures of days gone by never change (a change of GST rate or zone is part of the key).
 * Only today is read again, so a month's report asked every second costs today's orders, not the
 * month's. The past is remembered a while only, in this process.
 */
async function pastAndToday<T>(
  db: Kysely<Database>,
  key: string,
  range: TakingsRange,
  timeZone: string,
  nowMs: number,
  read: (range: TakingsRange) => Promise<T[]>,
): Promise<T[]> {
  let todayStart = dayStart(localDay(nowMs, timeZone), timeZone);
  // Just after midnight the last moments of yesterday may still be committing: read them live.
  if (nowMs - todayStart < SETTLE_MS) todayStart = dayStart(localDay(todayStart - 1, timeZone), timeZone);
  if (range.fromMs >= todayStart) return read(range);
  const pastEnd = Math.min(range.toMs, todayStart);
  let pastCache = pastCaches.get(db);
  if (!pastCache) pastCaches.set(db, (pastCache = new Map()));
  const cache = pastCache;
  const cacheKey = `${key}|${timeZone}|${range.fromMs}|${pastEnd}|${range.vendorIds?.join(',') ?? '*'}`;
  let past = pastCache.get(cacheKey);
  if (!past || nowMs - past.at > PAST_CACHE_MS || nowMs < past.at) {
    past = { at: nowMs, rows: read({ ...range, toMs: pastEnd }) };
    past.rows.catch(() => cache.delete(cacheKey));
    pastCache.delete(cacheKey);
    pastCache.set(cacheKey, past);
    if (pastCache.size > PAST_CACHE_ENTRIES) pastCache.delete(pastCache.keys().next().value!);
  }
  const pastRows = (await past.rows) as T[];
  if (range.toMs <= todayStart) return pastRows;
  return [...pastRows, ...(await read({ ...range, fromMs: todayStart }))];
}

/** GET /admin/v1/reports/takings */
export async function takings(
  db: Kysely<Database>,
  scope: Scope,
  query: TakingsQuery,
  nowMs: number,
): Promise<Takings> {
  const { timeZone, gstRateBp } = await installationVenue(db);
  const stores =
    query.vendorId !== undefined ? (scope && !scope.includes(query.vendorId) ? [] : [query.vendorId]) : scope;
  const days = daysOf(query, nowMs, timeZone);
  const range = rangeOf(days, timeZone, stores);
  const by = query.by ?? 'store';
  const [sums, refunds, names] = await Promise.all([
    pastAndToday(db, `sums:${by === 'hour'}`, range, timeZone, nowMs, (part) => sumPaidOrders(db, part, by === 'hour')),
    pastAndToday(db, 'refunds', range, timeZone, nowMs, (part) => listRefundsWithSums(db, part)),
    listStoreNames(db, stores),
  ]);
  const storeName = new Map(names.map((row) => [row.id, row.store_name]));

  // Per store always (the totals are their sum); per hour when asked.
  const byStore = new Map<number, Tally>();
  const byHour = new Map<number, Tally>();
  const tallyOf = (map: Map<number, Tally>, key: number) => {
    let tally = map.get(key);
    if (!tally) map.set(key, (tally = emptyTally()));
    return tally;
  };
  for (const sum of sums) {
    const tallies = [tallyOf(byStore, sum.vendor_id)];
    if (by === 'hour' && sum.bucket !== null)
      tallies.push(tallyOf(byHour, localHour(Number(sum.bucket) * BUCKET_MS, timeZone)));
    for (const tally of tallies) {
      tally.orders += Number(sum.orders);
      tally.gross += Number(sum.gross);
      tally.discounts += Number(sum.discounts);
      tally.charges += Number(sum.charges);
      tally.gst += gstOf(Number(sum.taxable), gstRateBp);
    }
  }
  const refundsByMethod = new Map<string, number>();
  for (const refund of refunds) {
    const gst = refundGst(refund, gstRateBp);
    const hour = localHour(Number(refund.created_at), timeZone);
    for (const tally of [tallyOf(byStore, refund.vendor_id), ...(by === 'hour' ? [tallyOf(byHour, hour)] : [])]) {
      tally.refunds += refund.amount_minor;
      tally.gst -= gst;
    }
    refundsByMethod.set(refund.method, (refundsByMethod.get(refund.method) ?? 0) + refund.amount_minor);
  }

  const storeRows = [...byStore]
    .sort(([a], [b]) => a - b)
    .map(([vendorId, tally]) => ({
      vendorId,
      storeName: storeName.get(vendorId) ?? `Store ${vendorId}`,
      ...figures(tally),
    }));
  const totals = storeRows.reduce<TakingsFigures>((sum, row) => addFigures(sum, row), ZERO);

  let rows: Takings['rows'];
  if (by === 'store') rows = storeRows;
  else if (by === 'hour')
    rows = [...byHour].sort(([a], [b]) => a - b).map(([hour, tally]) => ({ hour, ...figures(tally) }));
  else
    rows = await itemRows(
      db,
      await pastAndToday(db, 'items', range, timeZone, nowMs, (part) => listItemSales(db, part)),
      refunds,
      storeName,
    );

  return {
    from: days.from,
    to: days.to,
    timeZone,
    gstRate: gstRateBp,
    by,
    totals,
    rows,
    byMethod: methodRows(sums, refundsByMethod),
  };
}

const METHOD_NAMES: Record<string, string> = {
  card: 'card',
  token: 'savedCard',
  'wallet:APPLEPAYWEB': 'applePay',
  'wallet:GOOGLE': 'googlePay',
  coupon: 'coupon',
};

function methodRows(
  sums: ReadonlyArray<{ paid_method: string | null; orders: number | string; paid: number | string | null }>,
  refundsByMethod: Map<string, number>,
): Takings['byMethod'] {
  const rows = new Map<string, Takings['byMethod'][number]>();
  for (const sum of sums) {
    const method = METHOD_NAMES[sum.paid_method ?? 'card'] ?? sum.paid_method ?? 'card';
    const current = rows.get(method) ?? { method, payments: 0, amountMinor: 0, refundsMinor: 0 };
    current.payments += Number(sum.orders);
    current.amountMinor += Number(sum.paid ?? 0);
    rows.set(method, current);
  }
  // Refunds name where the money went: card (a saved card too), Apple Pay, Google Pay, coupon.
  for (const [method, amount] of refundsByMethod) {
    const current = rows.get(method) ?? { method, payments: 0, amountMinor: 0, refundsMinor: 0 };
    current.refundsMinor += amount;
    rows.set(method, current);
  }
  return [...rows.values()].sort((a, b) => b.amountMinor - a.amountMinor);
}

async function itemRows(
  db: Kysely<Database>,
  parts: Awaited<ReturnType<typeof listItemSales>>,
  refunds: Awaited<ReturnType<typeof listRefundsWithSums>>,
  storeName: Map<number, string>,
): Promise<Takings['rows']> {
  // The past's rows and today's name the same item twice: one row each.
  const merged = new Map<string, (typeof parts)[number]>();
  for (const part of parts) {
    const key = `${part.vendor_id}|${part.item_id}`;
    const seen = merged.get(key);
    if (!seen) merged.set(key, { ...part });
    else {
      seen.quantity = Number(seen.quantity) + Number(part.quantity);
      seen.gross = Number(seen.gross) + Number(part.gross);
      seen.name ??= part.name;
    }
  }
  const sales = [...merged.values()];
  const refundedLines = new Map<number, number>();
  for (const refund of refunds)
    for (const line of parseRefundLines(refund.lines))
      refundedLines.set(line.lineId, (refundedLines.get(line.lineId) ?? 0) + line.quantity);
  const refundedItems = new Map<number, number>();
  for (const line of await listLineItems(db, [...refundedLines.keys()])) {
    if (line.menu_item_id === null) continue;
    refundedItems.set(
      line.menu_item_id,
      (refundedItems.get(line.menu_item_id) ?? 0) + (refundedLines.get(line.id) ?? 0),
    );
  }
  return sales
    .map((row) => ({
      vendorId: row.vendor_id,
      storeName: storeName.get(row.vendor_id) ?? `Store ${row.vendor_id}`,
      menuItemId: row.item_id === null ? null : Number(row.item_id),
      name: row.name ?? 'Item',
      quantity: Number(row.quantity),
      grossMinor: Number(row.gross),
      refundedQuantity: row.item_id === null ? 0 : (refundedItems.get(Number(row.item_id)) ?? 0),
    }))
    .sort((a, b) => b.grossMinor - a.grossMinor || a.name.localeCompare(b.name));
}

const FIGURE_HEADERS = [
  'Orders',
  'Gross sales',
  'Coupon discounts',
  'Service charges',
  'Refunds',
  'Net',
  'GST included',
  'Average order',
];
const figureCells = (row: TakingsFigures): CsvValue[] => [
  row.orders,
  csvMoney(row.grossMinor),
  csvMoney(row.discountsMinor),
  csvMoney(row.serviceChargesMinor),
  csvMoney(row.refundsMinor),
  csvMoney(row.netMinor),
  csvMoney(row.gstMinor),
  csvMoney(row.averageOrderMinor),
];

/** The takings as CSV: one row per store, item or hour, then the totals. */
export function takingsCsv(report: Takings): string {
  if (report.by === 'item') {
    const rows = report.rows as Array<Extract<Takings['rows'][number], { menuItemId: unknown }>>;
    return toCsv(
      ['From', 'To', 'Store', 'Item', 'Quantity', 'Gross sales', 'Refunded quantity'],
      rows.map((row) => [
        report.from,
        report.to,
        row.storeName,
        row.name,
        row.quantity,
        csvMoney(row.grossMinor),
        row.refundedQuantity,
      ]),
    );
  }
  const label = report.by === 'store' ? 'Store' : 'Hour';
  const rows = report.rows.map((row) => {
    const key = 'storeName' in row ? row.storeName : `${String((row as { hour: number }).hour).padStart(2, '0')}:00`;
    return [report.from, report.to, key, ...figureCells(row as TakingsFigures)];
  });
  return toCsv(
    ['From', 'To', label, ...FIGURE_HEADERS],
    [...rows, [report.from, report.to, 'Total', ...figureCells(report.totals)]],
  );
}

const EXPORT_CHUNK = 500;

/** GET /admin/v1/orders.csv: one row per order line of the orders paid in the range (a coupon's discount is a line of its own), so each order's lines add up to what it paid. */
export async function ordersCsv(
  db: Kysely<Database>,
  scope: Scope,
  query: { from?: string | undefined; to?: string | undefined; vendorId?: number | undefined },
  nowMs: number,
): Promise<string> {
  const { timeZone } = await installationVenue(db);
  const stores =
    query.vendorId !== undefined ? (scope && !scope.includes(query.vendorId) ? [] : [query.vendorId]) : scope;
  const range = rangeOf(daysOf(query, nowMs, timeZone), timeZone, stores);
  const lines = await listOrderLinesForExport(db, range);
  const orderIds = [...new Set(lines.map((line) => line.order_id))];
  const payments = new Map<number, string>();
  const refunded = new Map<number, number>();
  for (let start = 0; start < orderIds.length; start += EXPORT_CHUNK) {
    const chunk = orderIds.slice(start, start + EXPORT_CHUNK);
    const [paid, given] = await Promise.all([listExportPayments(db, chunk), listExportRefunds(db, chunk)]);
    for (const payment of paid) {
      const words =
        payment.method === 'coupon'
          ? 'Coupon'
          : payment.card_last_four
            ? `${payment.card_brand ?? 'Card'} ending ${payment.card_last_four}`
            : (METHOD_NAMES[payment.method] ?? payment.method);
      payments.set(payment.order_id, [payments.get(payment.order_id), words].filter(Boolean).join(' + '));
    }
    for (const row of given) refunded.set(row.order_id, Number(row.amount));
  }
  const header = [
    'Date',
    'Time',
    'Order',
    'Store',
    'Status',
    'Service',
    'Customer',
    'Mobile',
    'Email',
    'Payment',
    'Line',
    'Item',
    'Option of',
    'Quantity',
    'Unit price',
    'Line total',
    'GST-free',
    'Note',
    'Order total',
    'Order refunded',
  ];
  const rows: CsvValue[][] = [];
  let lastOrder = -1;
  let owner = '';
  const discountRow = (order: (typeof lines)[number]) => {
    const when = localClock(Number(order.paid_at), timeZone);
    rows.push([
      ...orderCells(order, when, payments, refunded).slice(0, 10),
      'Discount',
      order.coupon_code ? `Coupon ${order.coupon_code}` : 'Coupon',
      null,
      1,
      csvMoney(-order.discount_minor),
      csvMoney(-order.discount_minor),
      null,
      null,
      csvMoney(order.total_minor),
      csvMoney(refunded.get(order.order_id) ?? 0),
    ]);
  };
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index]!;
    const when = localClock(Number(line.paid_at), timeZone);
    const kind =
      line.item_type === 'ServiceCharge' ? 'Service charge' : line.parent_item_id !== null ? 'Option' : 'Item';
    if (line.order_id !== lastOrder) owner = '';
    if (kind === 'Item') owner = line.name;
    lastOrder = line.order_id;
    const cells = orderCells(line, when, payments, refunded);
    rows.push([
      ...cells.slice(0, 10),
      kind,
      line.name,
      kind === 'Option' ? owner : null,
      line.quantity,
      csvMoney(line.per_item_minor),
      csvMoney(line.price_minor),
      kind === 'Service charge' ? null : line.gst_free === 1 ? 'yes' : 'no',
      line.note,
      ...cells.slice(10),
    ]);
    const next = lines[index + 1];
    if ((!next || next.order_id !== line.order_id) && line.discount_minor > 0) discountRow(line);
  }
  return toCsv(header, rows);
}

function orderCells(
  line: Awaited<ReturnType<typeof listOrderLinesForExport>>[number],
  when: LocalClock,
  payments: Map<number, string>,
  refunded: Map<number, number>,
): CsvValue[] {
  const pad = (n: number) => String(n).padStart(2, '0');
  return [
    `${when.year}-${pad(when.month)}-${pad(when.day)}`,
    `${pad(when.hour)}:${pad(when.minute)}`,
    line.claim_ticket ?? String(line.order_id),
    line.store_name,
    line.order_status,
    line.service_mode,
    line.customer_name,
    line.customer_mobile,
    line.customer_email,
    payments.get(line.order_id) ?? null,
    csvMoney(line.total_minor),
    csvMoney(refunded.get(line.order_id) ?? 0),
  ];
}

interface LocalClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

/** The venue's calendar and clock at an instant, from the zone's remembered offset (a CSV has thousands of them). */
function localClock(instantMs: number, timeZone: string): LocalClock {
  const local = new Date(instantMs + zoneOffsetMs(instantMs, timeZone));
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
  };
}

/** The hour (0–23) of the venue's clocks at an instant, from the zone's offset (remembered per quarter hour). */
export function localHour(instantMs: number, timeZone: string): number {
  return Math.floor((instantMs + zoneOffsetMs(instantMs, timeZone)) / 3_600_000) % 24;
}

/** The venue day (YYYY-MM-DD) at an instant. */
export function localDay(nowMs: number, timeZone: string): string {
  const { year, month, day } = zonedParts(nowMs, timeZone);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** GET /admin/v1/reports/today: today's figures so far, and each store as it stands. */
export async function today(db: Kysely<Database>, scope: Scope, nowMs: number): Promise<Today> {
  const { timeZone } = await installationVenue(db);
  const day = localDay(nowMs, timeZone);
  const report = await takings(db, scope, { from: day, by: 'store' }, nowMs);
  const venueId = await findFirstVenueId(db);
  const vendors = venueId === null ? [] : await listVendors(db, venueId, nowMs);
  const own = vendors.filter((vendor) => !scope || scope.includes(vendor.id));
  const rows = new Map(
    (report.rows as Array<{ vendorId: number; orders: number; netMinor: number }>).map((r) => [r.vendorId, r]),
  );
  const stores = await Promise.all(
    own.map(async (vendor) => {
      const facts = await readQueueFacts(db, vendor.id, nowMs);
      const next = vendor.nextServiceTime === null ? null : Date.parse(vendor.nextServiceTime);
      const state = vendor.isPaused ? 'paused' : !vendor.isOpen || (next !== null && next > nowMs) ? 'closed' : 'open';
      const readyAt = estimateReadyAt({ queuedAt: nowMs, position: facts.waiting + 1, nowMs, pace: facts.pace });
      return {
        vendorId: vendor.id,
        storeName: vendor.storeName,
        state: state as 'open' | 'paused' | 'closed',
        queueLength: facts.waiting,
        waitSeconds: state === 'closed' ? null : Math.max(0, Math.round((readyAt - nowMs) / 1000)),
        orders: rows.get(vendor.id)?.orders ?? 0,
        netMinor: rows.get(vendor.id)?.netMinor ?? 0,
      };
    }),
  );
  return { day, timeZone, totals: report.totals, stores };
}
