import { expect } from 'vitest';
import pg from 'pg';
import { isQueuedStatus } from '@venue/domain/order-status';
import { OPS_TOKEN } from '@venue/test-harness/server';
import type { CheckoutLoad } from './checkout-load.ts';

/**
 * The server's books as stored — orders, their lines, payments, the sandbox gateway's own record of
 * charges, and stock — read straight from the database (SQLite file or PostgreSQL), and the checks
 * that nothing was lost or counted twice, whatever happened to the server meanwhile.
 */
export interface Books {
  orders: Array<{
    id: number;
    consumerId: string;
    status: string;
    totalMinor: number;
    idempotencyKey: string | null;
    claimTicket: string | null;
  }>;
  /** item lines (not options or charges) */
  lines: Array<{ orderId: number; menuItemId: number; quantity: number }>;
  payments: Array<{ id: number; orderId: number; status: string; amountMinor: number; accessCode: string | null }>;
  /** the gateway's transactions */
  charges: Array<{ id: string; accessCode: string | null; resultCode: number; refunded: boolean; amountMinor: number }>;
  /** menu item id → current stock (null: not counted) */
  stock: Map<number, number | null>;
}

type Row = Record<string, unknown>;

async function queryAll(databaseUrl: string, statements: Array<[string, unknown[]]>): Promise<Row[][]> {
  if (/^postgres(ql)?:\/\//.test(databaseUrl)) {
    const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 15_000 });
    await client.connect();
    try {
      const results: Row[][] = [];
      for (const [text, params] of statements) {
        let n = 0;
        results.push(
          (
            await client.query(
              text.replace(/\?/g, () => `$${++n}`),
              params,
            )
          ).rows as Row[],
        );
      }
      return results;
    } finally {
      await client.end();
    }
  }
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(databaseUrl, { readonly: true, fileMustExist: true });
  try {
    db.pragma('busy_timeout = 10000');
    return statements.map(([text, params]) => db.prepare(text).all(...params) as Row[]);
  } finally {
    db.close();
  }
}

export async function readBooks(databaseUrl: string, vendorId: number): Promise<Books> {
  const [orders, lines, payments, charges, items] = await queryAll(databaseUrl, [
    [
      'select id, consumer_id, order_status, total_minor, idempotency_key, claim_ticket from orders where vendor_id = ?',
      [vendorId],
    ],
    [
      'select i.order_id, i.menu_item_id, i.quantity from order_items i join orders o on o.id = i.order_id ' +
        'where o.vendor_id = ? and i.menu_item_id is not null and i.parent_item_id is null',
      [vendorId],
    ],
    [
      'select p.id, p.order_id, p.status, p.amount_minor, p.access_code from payments p ' +
        'join orders o on o.id = p.order_id where o.vendor_id = ?',
      [vendorId],
    ],
    ['select id, access_code, result_code, refunded, amount_minor from gateway_transactions', []],
    ['select id, current_inventory from menu_items where vendor_id = ?', [vendorId]],
  ]);
  const num = (value: unknown) => Number(value);
  return {
    orders: orders!.map((r) => ({
      id: num(r.id),
      consumerId: String(r.consumer_id),
      status: String(r.order_status),
      totalMinor: num(r.total_minor),
      idempotencyKey: r.idempotency_key === null ? null : String(r.idempotency_key),
      claimTicket: r.claim_ticket === null ? null : String(r.claim_ticket),
    })),
    lines: lines!.map((r) => ({
      orderId: num(r.order_id),
      menuItemId: num(r.menu_item_id),
      quantity: num(r.quantity),
    })),
    payments: payments!.map((r) => ({
      id: num(r.id),
      orderId: num(r.order_id),
      status: String(r.status),
      amountMinor: num(r.amount_minor),
      accessCode: r.access_code === null ? null : String(r.access_code),
    })),
    charges: charges!.map((r) => ({
      id: String(r.id),
      accessCode: r.access_code === null ? null : String(r.access_code),
      resultCode: num(r.result_code),
      refunded: num(r.refunded) === 1,
      amountMinor: num(r.amount_minor),
    })),
    stock: new Map(items!.map((r) => [num(r.id), r.current_inventory === null ? null : num(r.current_inventory)])),
  };
}

export interface StockPlan {
  itemId: number;
  initial: number;
}

export interface BookFigures {
  checkouts: number;
  ordersPlaced: number;
  paidOrders: number;
  /** paid at the gateway, then refunded because the stock ran out meanwhile */
  soldOutRefunded: number;
  soldOutAtOrder: number;
  paymentsSucceeded: number;
  chargesKept: number;
  chargesRefunded: number;
  revenueMinor: number;
  stock: Array<{ itemId: number; before: number; sold: number; after: number | null }>;
}

/**
 * Everything the customers were told was paid is in the books exactly once, paid and queued; the
 * gateway kept exactly one charge for each such order and none for anything else; stock went down
 * by exactly what the queued orders hold and never below zero.
 */
export function checkBooks(books: Books, load: CheckoutLoad, stockPlan: StockPlan[]): BookFigures {
  expect(load.stats.serverErrors, 'answers no retry can fix (5xx other than 502–504)').toEqual([]);
  const unfinished = load.checkouts.filter((c) => c.outcome === undefined).map((c) => c.index);
  expect(unfinished, 'checkouts that never finished').toEqual([]);

  const byId = new Map(books.orders.map((o) => [o.id, o]));
  const clientPaid = load.paid.map((c) => c.orderId!);
  expect(new Set(clientPaid).size, 'each paid checkout has an order of its own').toBe(clientPaid.length);
  for (const checkout of load.checkouts) {
    if (checkout.orderId === undefined) continue;
    const row = byId.get(checkout.orderId);
    expect(row, `order ${checkout.orderId} of customer ${checkout.index} is in the books`).toBeDefined();
    expect(row!.consumerId).toBe(checkout.consumer!.id);
    expect(row!.idempotencyKey).toBe(checkout.orderKey);
  }
  // One order per place-order key, however often it was sent.
  const keys = books.orders.map((o) => `${o.consumerId} ${o.idempotencyKey}`);
  expect(new Set(keys).size, 'orders per (consumer, Idempotency-Key)').toBe(keys.length);

  const statuses = new Set(books.orders.map((o) => o.status));
  for (const status of statuses) expect(['Pending', 'Waiting', 'Scheduled'], 'order statuses').toContain(status);
  const queued = books.orders.filter((o) => isQueuedStatus(o.status));
  expect(
    queued.map((o) => o.id).sort((a, b) => a - b),
    'queued orders are exactly the ones customers were told were paid',
  ).toEqual([...clientPaid].sort((a, b) => a - b));
  const tickets = queued.map((o) => o.claimTicket);
  expect(tickets.every((t) => t !== null)).toBe(true);
  expect(new Set(tickets).size, 'claim tickets are distinct').toBe(tickets.length);

  const succeeded = books.payments.filter((p) => p.status === 'Succeeded');
  const paymentsPerOrder = new Map<number, number>();
  for (const p of succeeded) paymentsPerOrder.set(p.orderId, (paymentsPerOrder.get(p.orderId) ?? 0) + 1);
  const paymentByAccessCode = new Map(books.payments.filter((p) => p.accessCode).map((p) => [p.accessCode!, p]));
  const kept = books.charges.filter((c) => c.resultCode === 1 && !c.refunded);
  const chargesPerOrder = new Map<number, number>();
  for (const charge of kept) {
    const payment = charge.accessCode ? paymentByAccessCode.get(charge.accessCode) : undefined;
    expect(payment, `the gateway's charge ${charge.id} belongs to a payment`).toBeDefined();
    expect(charge.amountMinor).toBe(payment!.amountMinor);
    chargesPerOrder.set(payment!.orderId, (chargesPerOrder.get(payment!.orderId) ?? 0) + 1);
  }
  for (const order of queued) {
    expect(paymentsPerOrder.get(order.id), `succeeded payments of order ${order.id}`).toBe(1);
    expect(chargesPerOrder.get(order.id), `charges the gateway kept for order ${order.id}`).toBe(1);
  }
  // A refunded charge leaves its payment marked refunded, never half done.
  for (const charge of books.charges.filter((c) => c.resultCode === 1 && c.refunded)) {
    const payment = charge.accessCode ? paymentByAccessCode.get(charge.accessCode) : undefined;
    expect(payment?.status, `payment of the refunded charge ${charge.id}`).toBe('Refunded');
  }
  // Nobody is charged for an order that is not queued, and no payment counts twice.
  expect([...chargesPerOrder.keys()].sort((a, b) => a - b)).toEqual(queued.map((o) => o.id).sort((a, b) => a - b));
  expect(succeeded.length).toBe(queued.length);
  const revenue = kept.reduce((sum, c) => sum + c.amountMinor, 0);
  expect(revenue, 'the gateway kept exactly the queued orders’ totals').toBe(
    queued.reduce((sum, o) => sum + o.totalMinor, 0),
  );

  const queuedIds = new Set(queued.map((o) => o.id));
  const stock = stockPlan.map(({ itemId, initial }) => {
    const sold = books.lines
      .filter((l) => l.menuItemId === itemId && queuedIds.has(l.orderId))
      .reduce((sum, l) => sum + l.quantity, 0);
    const after = books.stock.get(itemId) ?? null;
    expect(after, `stock of item ${itemId}`).not.toBeNull();
    expect(after!, `stock of item ${itemId} never goes below zero`).toBeGreaterThanOrEqual(0);
    expect(initial - sold, `stock of item ${itemId}: initial − sold = remaining`).toBe(after);
    return { itemId, before: initial, sold, after };
  });

  return {
    checkouts: load.checkouts.length,
    ordersPlaced: books.orders.length,
    paidOrders: queued.length,
    soldOutRefunded: load.checkouts.filter((c) => c.outcome === 'refunded').length,
    soldOutAtOrder: load.checkouts.filter((c) => c.outcome === 'sold-out-at-order').length,
    paymentsSucceeded: succeeded.length,
    chargesKept: kept.length,
    chargesRefunded: books.charges.filter((c) => c.resultCode === 1 && c.refunded).length,
    revenueMinor: revenue,
    stock,
  };
}

export interface QueueView {
  /** order id → position of every Waiting order, as the operations API shows them */
  positions: Map<number, number>;
  statuses: Map<number, string>;
}

/** The operations API lists at most this many orders at once. */
const QUEUE_LIMIT = 500;

/** A vendor's queued orders as one server shows them to the venue (operations API). */
export async function queueSeenFrom(serverUrl: string, vendorId: number): Promise<QueueView> {
  const response = await fetch(
    `${serverUrl}/ops/v1/vendor/${vendorId}/orders?status=Waiting,Scheduled&limit=${QUEUE_LIMIT}`,
    {
      headers: { authorization: `Bearer ${OPS_TOKEN}` },
      signal: AbortSignal.timeout(30_000),
    },
  );
  const text = await response.text();
  if (!response.ok) throw new Error(`ops order list answered ${response.status}: ${text}`);
  const orders = JSON.parse(text) as Array<{ id: number; orderStatus: string; positionInQueue: number | null }>;
  if (orders.length >= QUEUE_LIMIT) throw new Error(`more than ${QUEUE_LIMIT - 1} queued orders: the list is cut off`);
  return {
    positions: new Map(
      orders.filter((o) => o.orderStatus === 'Waiting').map((o) => [o.id, o.positionInQueue ?? Number.NaN]),
    ),
    statuses: new Map(orders.map((o) => [o.id, o.orderStatus])),
  };
}

/** Each Waiting order holds a distinct place 1..n. */
export function expectConsistentQueue(view: QueueView, label: string): void {
  const places = [...view.positions.values()].sort((a, b) => a - b);
  expect(places, `${label}: queue places of the ${places.length} Waiting orders are 1..n`).toEqual(
    Array.from({ length: places.length }, (_, i) => i + 1),
  );
}

/** Prints what a test measured, one figure a line (a table of figures one row a line), so it can be quoted. */
export function printFigures(title: string, figures: Record<string, unknown>): void {
  const lines: string[] = [];
  for (const [name, value] of Object.entries(figures)) {
    if (value && typeof value === 'object' && Object.values(value).every((v) => v && typeof v === 'object')) {
      lines.push(`  ${name}:`);
      for (const [row, cells] of Object.entries(value)) lines.push(`    ${row}: ${JSON.stringify(cells)}`);
    } else {
      lines.push(`  ${name}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`);
    }
  }
  console.log(`${title}\n${lines.join('\n')}`);
}
