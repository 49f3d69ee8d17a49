/** Checkout steps for tests: place an order, initiate a payment, pay through the sandbox gateway's card endpoint. */
import { randomUUID } from 'node:crypto';
import type { InitiatedPayment, PaymentOutcome } from '@venue/contract/payment';
import type { PlacedOrder } from '@venue/contract/order';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, GatewayTransactionsTable } from '../db/schema.ts';
import { signedInject, type Signer } from './signed-requests.ts';

export const VISA = '4242424242424242';

/** A fresh Idempotency-Key, as the app makes one for each order attempt (place-order requires it). */
export const orderKey = () => ({ 'idempotency-key': `test-${randomUUID()}` });

export async function placeTestOrder(
  app: FastifyInstance,
  signer: Signer,
  vendorId: number,
  orderItems: unknown[],
  extra: Record<string, unknown> = {},
): Promise<PlacedOrder> {
  const res = await signedInject(app, signer, {
    method: 'POST',
    url: `/v1/vendor/${vendorId}/place-order`,
    payload: { orderItems, serviceMode: 'TakeAway', orderOrigin: 'test', ...extra },
    headers: orderKey(),
  });
  if (res.statusCode !== 200) throw new Error(`place-order answered ${res.statusCode}: ${res.body}`);
  return res.json() as PlacedOrder;
}

export async function initiateTestPayment(
  app: FastifyInstance,
  signer: Signer,
  order: PlacedOrder,
): Promise<InitiatedPayment> {
  const res = await signedInject(app, signer, {
    method: 'POST',
    url: `/v1/vendor/${order.vendorId}/order/${order.id}/initiate-payment`,
    payload: { orderId: order.id, vendorId: order.vendorId },
  });
  if (res.statusCode !== 200) throw new Error(`initiate-payment answered ${res.statusCode}: ${res.body}`);
  return res.json() as InitiatedPayment;
}

/** The JSONP card request the app makes, answered as the object the callback receives. */
export async function payByCard(
  app: FastifyInstance,
  payment: InitiatedPayment,
  card: { number?: string; cvv?: string } = {},
) {
  const url = new URL(payment.formActionUrl);
  const query = new URLSearchParams({
    currency: payment.totalPrice.currencyCode,
    verification: payment.accessCode,
    amount: String(payment.totalPrice.minorAmount),
    reference: payment.reference,
    format: 'json',
    card_holder: 'Sam Lee',
    card_number: card.number ?? VISA,
    cvv: card.cvv ?? '123',
    expiry_month: '12',
    expiry_year: '2030',
    callback: 'handleResult',
  });
  const res = await app.inject({ method: 'GET', url: `${url.pathname}?${query}` });
  if (res.statusCode !== 200) throw new Error(`gateway answered ${res.statusCode}: ${res.body}`);
  const match = /^\/\*\*\/handleResult\((.*)\);$/s.exec(res.body);
  if (!match?.[1]) throw new Error(`not a JSONP answer: ${res.body}`);
  return JSON.parse(match[1]) as {
    r: number;
    id: string | null;
    v: string;
    token: string | null;
    successful: boolean;
    errors: string[];
  };
}

export function updatePayment(
  app: FastifyInstance,
  signer: Signer,
  order: PlacedOrder,
  paymentId: number,
  body: Record<string, unknown> = {},
) {
  return signedInject(app, signer, {
    method: 'POST',
    url: `/v1/vendor/${order.vendorId}/order/${order.id}/payment/${paymentId}/update`,
    payload: { savePaymentMethod: false, messages: [], responseCode: '1', transactionStatus: true, ...body },
  });
}

/** An order line for the vendor's first item that can be ordered as it is: visible, in stock, no required options. */
export async function simpleOrderLine(app: FastifyInstance, vendorId: number) {
  const menu = (await app.inject({ method: 'GET', url: `/v1/vendor/${vendorId}/current-menu` })).json() as {
    items: Array<{ id: number; currentInventory: number | null; visible: boolean }>;
  };
  for (const item of menu.items.filter((i) => i.visible && i.currentInventory !== 0)) {
    const line = { menuItemId: item.id, quantity: 1, modifiers: [] };
    const priced = await app.inject({
      method: 'POST',
      url: `/v1/vendor/${vendorId}/calculate-order-payment`,
      payload: { orderItems: [line] },
    });
    if (priced.statusCode === 200) return line;
  }
  throw new Error(`vendor ${vendorId} has no item orderable without options`);
}

/** An order placed and paid by card through the API, as the app does it. */
export async function paidTestOrder(
  app: FastifyInstance,
  signer: Signer,
  vendorId: number,
  orderItems: unknown[],
  extra: Record<string, unknown> = {},
): Promise<PlacedOrder> {
  const order = await placeTestOrder(app, signer, vendorId, orderItems, extra);
  const payment = await initiateTestPayment(app, signer, order);
  const result = await payByCard(app, payment);
  const res = await updatePayment(app, signer, order, payment.id, { transactionId: result.id });
  if (res.statusCode !== 200) throw new Error(`payment update answered ${res.statusCode}: ${res.body}`);
  return order;
}

export type { PaymentOutcome };

/** How many `order.paid` audit rows an order has: one once it is paid, however often that was reported. */
export async function countOrderPaidAudits(db: Kysely<Database>, orderId: number): Promise<number> {
  const row = await db
    .selectFrom('audit_log')
    .select(sql<number>`count(*)`.as('n'))
    .where('entity', '=', 'order')
    .where('entity_id', '=', String(orderId))
    .where('action', '=', 'order.paid')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A successful, standing card charge of an access code, as the sandbox gateway's books hold one. */
export function standingCardCharge(charge: {
  id: string;
  accessCode: string;
  amountMinor: number;
  createdAt: number;
}): Selectable<GatewayTransactionsTable> {
  return {
    id: charge.id,
    access_code: charge.accessCode,
    kind: 'card',
    amount_minor: charge.amountMinor,
    result_code: 1,
    card_token: null,
    masked_number: null,
    card_brand: null,
    created_at: charge.createdAt,
    refunded: 0,
    refunded_minor: 0,
  };
}
