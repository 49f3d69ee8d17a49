/**
 * Web Push for orders (issue 15 part 2; docs/decisions/023-web-push.md). The customer's browser
 * stores its push subscription for an order; when the vendor makes the order ready, cancels it or
 * needs the customer (`changeOrderStatus`, from the operations API or the kitchen simulator), the
 * process that made the change sends one notification to each of the order's subscriptions,
 * after the change has committed and without holding it up. Subscriptions go when the order is
 * over (Serviced, Cancelled), when the push service says they are gone (404, 410), and after two
 * days whatever happened.
 */
import type { PushMessage, PushSubscriptionBody } from '@venue/contract/push';
import { isAlertStatus, orderAlertTag, orderAlertText, type AlertStatus } from '@venue/domain/order-alerts';
import { isFinalStatus, KITCHEN_OPEN_STATUSES } from '@venue/domain/order-status';
import type { Kysely } from 'kysely';
import webpush from 'web-push';
import type { Database } from '../../db/schema.ts';
import { conflict, unprocessable } from '../../lib/http-error.ts';
import { counted } from '../../lib/metrics.ts';
import type { SignedConsumer } from '../consumers/consumers.service.ts';
import { findOrderById, requireOwnOrder } from '../orders/orders.service.ts';
import { pushEndpointProblem, type PushEndpointRules } from './push-endpoint.ts';
import { pushPost, type PushPost } from './push-transport.ts';
import {
  deleteOrderSubscriptions,
  deleteSubscription,
  deleteSubscriptionsBefore,
  findOrderAlertFacts,
  listOrderSubscriptions,
  trimConsumerSubscriptions,
  trimOrderSubscriptions,
  upsertSubscription,
  type PushSubscriptionRow,
} from './push.repository.ts';
import type { VapidKeySource } from './vapid-keys.ts';

/** Where a tap on the notification goes: the app's alert-order screen, which shows the order. */
export const ORDER_ALERT_PATH = '/order-flow/alert-order';
/** A phone that is off longer than this would learn old news: the push service drops it. */
export const PUSH_TTL_SECONDS = 60 * 60;
/** How long a push service may take to accept a message. */
export const PUSH_TIMEOUT_MS = 10_000;
/** One phone, one subscription; a few for a customer who changed browser. */
export const MAX_SUBSCRIPTIONS_PER_ORDER = 5;
/** A customer's orders in a day, each on a phone or two: older subscriptions make way. */
export const MAX_SUBSCRIPTIONS_PER_CONSUMER = 10;
/** Subscriptions of orders never finished are deleted after this. */
export const SUBSCRIPTION_MAX_AGE_MS = 2 * 24 * 60 * 60_000;

export interface PushSubscriptionOptions {
  /** which endpoints are taken: the push services (and PUSH_ALLOW_LOOPBACK's stand-ins in tests) */
  rules: PushEndpointRules;
  nowMs: number;
}

/** PUT …/push-subscription: stores the browser's subscription for the signer's unfinished order. */
export async function savePushSubscription(
  db: Kysely<Database>,
  consumer: SignedConsumer,
  orderId: number,
  body: PushSubscriptionBody,
  options: PushSubscriptionOptions,
): Promise<void> {
  const order = await requireOwnOrder(db, consumer, orderId);
  if (isFinalStatus(order.order_status)) {
    throw conflict(`Order ${orderId} is ${order.order_status}; there is nothing left to notify you of.`);
  }
  // Only an order the kitchen has (paid, not finished): an unpaid one will never be made ready,
  // and taking subscriptions for it would let anyone store endpoints without paying.
  if (!(KITCHEN_OPEN_STATUSES as readonly string[]).includes(order.order_status)) {
    throw conflict(`Order ${orderId} is not paid yet; notifications are for paid orders.`);
  }
  const problem = pushEndpointProblem(body.endpoint, options.rules);
  if (problem) throw unprocessable(problem);
  await upsertSubscription(db, {
    orderId,
    consumerId: consumer.id,
    endpoint: body.endpoint,
    p256dh: body.keys.p256dh.replace(/=+$/, ''),
    auth: body.keys.auth.replace(/=+$/, ''),
    createdAt: options.nowMs,
  });
  await trimOrderSubscriptions(db, orderId, MAX_SUBSCRIPTIONS_PER_ORDER);
  await trimConsumerSubscriptions(db, consumer.id, MAX_SUBSCRIPTIONS_PER_CONSUMER);
  // Finished meanwhile: its last notification has gone already, so this one would never be used.
  const now = await findOrderById(db, orderId);
  if (!now || isFinalStatus(now.order_status)) await deleteOrderSubscriptions(db, orderId);
  await deleteSubscriptionsBefore(db, options.nowMs - SUBSCRIPTION_MAX_AGE_MS);
}

/** DELETE …/push-subscription: no more notifications for the signer's order. */
export async function removePushSubscriptions(
  db: Kysely<Database>,
  consumer: SignedConsumer,
  orderId: number,
): Promise<void> {
  await requireOwnOrder(db, consumer, orderId);
  await deleteOrderSubscriptions(db, orderId);
}

/** What `changeOrderStatus` tells after a status change has committed. Never throws, never waits. */
export interface OrderStatusListener {
  statusChanged(orderId: number, status: string): void;
}

export interface PushLog {
  warn(object: object, message: string): void;
  debug?(object: object, message: string): void;
}

export interface PushNotifierDeps {
  db: Kysely<Database>;
  vapid: VapidKeySource;
  subject: string;
  log: PushLog;
  /** which endpoints are sent to: checked again at sending, for subscriptions stored before a rule */
  rules: PushEndpointRules;
  /** how requests reach push services (default: https to public addresses only) */
  post?: PushPost;
}

/** The message for an order that became `status`, or null when the order is gone. */
export async function pushMessageFor(
  db: Kysely<Database>,
  orderId: number,
  status: AlertStatus,
): Promise<PushMessage | null> {
  const facts = await findOrderAlertFacts(db, orderId);
  if (!facts) return null;
  const text = orderAlertText({
    status,
    delivery: facts.service_mode === 'HomeDelivery',
    storeName: facts.store_name,
    claimTicket: facts.claim_ticket,
  });
  return { ...text, tag: orderAlertTag(orderId), url: ORDER_ALERT_PATH, orderId, status };
}

/**
 * Sends the notifications of status changes, in the background. Each change is one job: send to
 * every subscription of the order (a 404 or 410 deletes that subscription; other failures are
 * logged), then delete the order's subscriptions when it is over. `idle` waits for the jobs
 * under way (tests, and the server closing).
 */
export class PushNotifier implements OrderStatusListener {
  private readonly jobs = new Set<Promise<void>>();
  private readonly post: PushPost;

  constructor(private readonly deps: PushNotifierDeps) {
    this.post = deps.post ?? pushPost({ allowLoopback: deps.rules.allowLoopback === true });
  }

  statusChanged(orderId: number, status: string): void {
    if (!isAlertStatus(status) && !isFinalStatus(status)) return;
    const job = this.run(orderId, status)
      .catch((error: unknown) => this.deps.log.warn({ err: error, orderId, status }, 'push notifications failed'))
      .finally(() => this.jobs.delete(job));
    this.jobs.add(job);
  }

  /** Resolves once every job under way has ended. */
  async idle(): Promise<void> {
    while (this.jobs.size > 0) await Promise.allSettled([...this.jobs]);
  }

  private async run(orderId: number, status: string): Promise<void> {
    const { db } = this.deps;
    if (isAlertStatus(status)) {
      const subscriptions = await listOrderSubscriptions(db, orderId);
      if (subscriptions.length > 0) {
        const message = await pushMessageFor(db, orderId, status);
        if (message) await Promise.all(subscriptions.map((s) => this.sendOne(s, message)));
      }
    }
    if (isFinalStatus(status)) await deleteOrderSubscriptions(db, orderId);
  }

  private async sendOne(subscription: PushSubscriptionRow, message: PushMessage): Promise<void> {
    if (pushEndpointProblem(subscription.endpoint, this.deps.rules) !== null) {
      // Stored before the endpoint rules were what they are now: never sent to.
      await deleteSubscription(this.deps.db, subscription.id);
      return;
    }
    const keys = await this.deps.vapid.keys();
    // web-push signs (VAPID) and encrypts (aes128gcm); the request itself is sent here, so redirects
    // are never followed, only public addresses are connected to, and a stand-in service in tests
    // can be plain http on loopback.
    const request = webpush.generateRequestDetails(
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      JSON.stringify(message),
      {
        vapidDetails: { subject: this.deps.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
        TTL: PUSH_TTL_SECONDS,
        urgency: 'high',
        // A later message about the order replaces one still waiting at the push service.
        topic: message.tag,
      },
    );
    let statusCode: number;
    try {
      statusCode = await this.post(
        request.endpoint,
        { method: request.method, headers: request.headers as Record<string, string>, body: request.body },
        PUSH_TIMEOUT_MS,
      );
      if (statusCode >= 200 && statusCode < 300) {
        counted.push('sent');
        return;
      }
    } catch (error) {
      counted.push('unreachable');
      this.deps.log.warn(
        { err: error, orderId: message.orderId, host: safeHost(subscription.endpoint) },
        'a push service could not be reached',
      );
      return;
    }
    if (statusCode === 404 || statusCode === 410) {
      counted.push('expired');
      // The browser unsubscribed, or the subscription expired: never send there again.
      await deleteSubscription(this.deps.db, subscription.id);
      return;
    }
    counted.push('refused');
    this.deps.log.warn(
      { statusCode, orderId: message.orderId, host: safeHost(subscription.endpoint) },
      'a push service refused a notification',
    );
  }
}

/** The endpoint's host for logs (the path is the subscription's secret-ish id). */
function safeHost(endpoint: string): string | null {
  try {
    return new URL(endpoint).host;
  } catch {
    return null;
  }
}
