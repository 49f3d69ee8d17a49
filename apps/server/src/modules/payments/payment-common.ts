/**
 * What every way of paying shares (spec §4, §7; architecture: payments are verified
 * server-to-server): the services it needs, the spec's messages by result code, how an outcome is
 * told, and how a payment is started and found.
 */
import type { PaymentOutcome } from '@venue/contract/payment';
import { PAYMENT_RESULT_MESSAGES as RESULT_MESSAGES } from '@venue/domain/payment-results';
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, PaymentsTable } from '../../db/schema.ts';
import type { PaymentGateway } from '../../gateway/payment-gateway.ts';
import { notFound } from '../../lib/http-error.ts';
import type { StatementKey } from '../../lib/idempotency.ts';
import { randomBytes } from '../../lib/random-bytes.ts';
import type { SignedConsumer } from '../consumers/consumers.service.ts';
import type { EventPublisher } from '../events/event-bus.ts';
import type { MenuCache } from '../menu/menu-cache.ts';
import type { OrderRow } from '../orders/orders.service.ts';
import { findConsumerOrderAndPayment, insertPayment } from './payments.repository.ts';

export interface PaymentDeps {
  db: Kysely<Database>;
  gateway: PaymentGateway;
  menuCache: MenuCache;
  clock: () => number;
  /** where a paid order and the stock it took are told (after commit) */
  events: EventPublisher;
}

export type PaymentRow = Selectable<PaymentsTable>;

/** Spec §8 card messages by result code (the domain's), for the `messages` of an outcome. */
export { RESULT_MESSAGES };
export const REFUNDED_MESSAGE = 'This payment could not be completed and has been refunded. You have not been charged.';

export function outcome(
  payment: PaymentRow,
  order: OrderRow,
  responseCode: number,
  messages: string[],
): PaymentOutcome {
  return {
    paymentId: payment.id,
    orderId: order.id,
    status: payment.status as PaymentOutcome['status'],
    responseCode,
    successful: payment.status === 'Succeeded',
    messages,
    orderStatus: order.order_status,
  };
}

/** The outcome of a payment that failed with a result code, with that code's spec message. */
export function failedOutcome(payment: PaymentRow, order: OrderRow, resultCode: number): PaymentOutcome {
  return outcome({ ...payment, status: 'Failed' }, order, resultCode, [RESULT_MESSAGES[resultCode]!]);
}

/**
 * The signer's payment of the signer's order; 404 for anything else. Its read carries the call's
 * Idempotency-Key claim, when given one (StatementKey), and with `facts` what settling the payment
 * reads of its order (readPaymentFacts).
 */
export async function requirePayment(
  db: Kysely<Database>,
  consumer: SignedConsumer,
  orderId: number,
  paymentId: number,
  vendorId?: number,
  options: { key?: StatementKey | null; facts?: boolean } = {},
) {
  const found = await findConsumerOrderAndPayment(db, consumer.id, orderId, paymentId, vendorId, {
    claim: options.key?.claim() ?? null,
    facts: options.facts ?? false,
  });
  if (!found) throw notFound(`Order ${orderId} not found`);
  const { order, payment, facts } = found;
  if (!payment) throw notFound(`Payment ${paymentId} not found`);
  return { order, payment, facts };
}

/** A gateway reference for a payment of the order: unique enough to tell its attempts apart. */
export function newPaymentReference(order: OrderRow): string {
  return `ORD${order.id}-${randomBytes(4).toString('hex').toUpperCase()}`;
}

/**
 * Records an Initiated payment of the order at `now`; answers its id. Given the call's key and its
 * result, the same statement keeps the result, with the payment's id, as the call's answer.
 */
export function insertInitiatedPayment(
  db: Kysely<Database>,
  order: OrderRow,
  payment: Pick<Insertable<PaymentsTable>, 'amount_minor' | 'access_code' | 'reference' | 'method'>,
  now: number,
  answering: { key: StatementKey; result: object } | null = null,
) {
  return insertPayment(
    db,
    {
      order_id: order.id,
      status: 'Initiated',
      ...payment,
      transaction_id: null,
      response_code: null,
      created_at: now,
      updated_at: now,
      save_payment_method: 0,
      message: null,
    },
    answering,
  );
}
