import { randomUUID } from 'node:crypto';
import { HttpClient, type HttpAnswer, type Signer } from '@venue/test-harness/http-client';
import type { OrderLine } from './api.ts';

/**
 * Customers checking out over real HTTP, as the app does (spec §7): create consumer → place-order
 * → initiate-payment → the sandbox gateway's card request (CVV 123 succeeds) → payment update.
 * Every step that changes something carries its own Idempotency-Key, and a step whose answer is
 * lost (connection refused or cut, 502–504, or "still being processed") is sent again with the same
 * key until it gets a real answer, as a customer's phone retries. So a server killed or a database
 * stopped mid-checkout must leave nothing half done that the retries do not finish.
 */

/** paid and queued; refused at place-order as sold out; or charged, then refunded (sold out meanwhile) */
export type CheckoutOutcome = 'paid' | 'sold-out-at-order' | 'refunded';

export interface Checkout {
  index: number;
  lines: OrderLine[];
  /** the Idempotency-Key of its place-order */
  orderKey: string;
  consumer?: Signer;
  orderId?: number;
  paymentId?: number;
  totalMinor?: number;
  /** the gateway's id of the successful card charge (unknown when only a retry's answer arrived) */
  transactionId?: string;
  /** the card was charged at the gateway */
  charged?: boolean;
  outcome?: CheckoutOutcome;
  /** how many of its requests had to be sent again */
  retries: number;
  /** how many requests it has sent */
  calls: number;
}

export interface LoadStats {
  requests: number;
  /** requests sent again after a lost or postponed answer */
  retries: number;
  /** answers by status ('network' for a refused or cut connection) */
  statuses: Record<string, number>;
  /** answers no retry can fix: 5xx other than 502, 503 and 504 */
  serverErrors: string[];
  /** requests sent and not yet answered */
  inFlight: number;
}

export interface LoadOptions {
  /** base URLs of the servers; with more than one, a customer's steps alternate between them */
  servers: string[];
  vendorId: number;
  /** the basket of the n-th checkout */
  basket: (index: number) => OrderLine[];
  /** how long one step may keep failing before the customer gives up (the test then fails) */
  stepDeadlineMs?: number;
}

export interface AnswerEvent {
  server: string;
  method: string;
  path: string;
  status: number | 'network';
  body: string;
}

const IN_PROGRESS = /still being processed/;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Answers a proxy gives when the server could not be reached or died mid-request; the app counts
 * them as no answer (apps/web/src/lib/api-client.ts) and sends the request again with its key.
 */
const UNREACHABLE = new Set([502, 504]);

/**
 * Step answers that decide nothing for the customer ("not now", or no answer from the server): the
 * same request, with the same Idempotency-Key, must be sent again.
 */
function worthRetrying(answer: HttpAnswer): boolean {
  return (
    answer.status === 503 || UNREACHABLE.has(answer.status) || (answer.status === 409 && IN_PROGRESS.test(answer.body))
  );
}

export class CheckoutLoad {
  readonly stats: LoadStats = { requests: 0, retries: 0, statuses: {}, serverErrors: [], inFlight: 0 };
  readonly checkouts: Checkout[] = [];
  /** called with every answer (tests watch what customers get during an outage) */
  onAnswer: ((event: AnswerEvent) => void) | null = null;
  private readonly clients: HttpClient[];
  private next = 0;
  /** set when a customer failed or the load was closed: every other customer stops too */
  private stopped = false;

  constructor(private readonly options: LoadOptions) {
    this.clients = options.servers.map((url) => new HttpClient(url, 64));
  }

  get paid(): Checkout[] {
    return this.checkouts.filter((c) => c.outcome === 'paid');
  }

  /** How many checkouts have finished (any outcome). */
  get finished(): number {
    return this.checkouts.filter((c) => c.outcome !== undefined).length;
  }

  /**
   * Runs `customers` customers at once, each checking out again and again, until `total`
   * checkouts have started (and all have finished) or `until()` says stop.
   */
  async run(customers: number, total: number, until: () => boolean = () => false): Promise<void> {
    await Promise.all(
      Array.from({ length: customers }, async () => {
        while (this.next < total && !until() && !this.stopped) {
          const checkout = this.newCheckout();
          try {
            await this.checkout(checkout);
          } catch (error) {
            this.stopped = true;
            throw error;
          }
        }
      }),
    );
  }

  newCheckout(lines?: OrderLine[]): Checkout {
    const index = this.next++;
    const checkout: Checkout = {
      index,
      lines: lines ?? this.options.basket(index),
      orderKey: `order-${randomUUID()}`,
      retries: 0,
      calls: 0,
    };
    this.checkouts.push(checkout);
    return checkout;
  }

  /** One customer's whole checkout. */
  async checkout(checkout: Checkout): Promise<Checkout> {
    await this.prepare(checkout);
    if (checkout.outcome) return checkout;
    await this.settle(checkout);
    return checkout;
  }

  /** Everything up to the gateway's successful card request; a sold-out order ends here. */
  async prepare(checkout: Checkout): Promise<void> {
    const { vendorId } = this.options;
    checkout.consumer ??= (
      await this.expectOk<Signer>(checkout, 'POST', '/v1/consumer/create', {
        contact: { mobile: '+61400000000', email: `load${checkout.index}@example.com` },
        name: { fullName: `Load Customer ${checkout.index}` },
      })
    ).json;

    const placed = await this.step(checkout, 'POST', `/v1/vendor/${vendorId}/place-order`, {
      signer: checkout.consumer,
      key: checkout.orderKey,
      payload: { orderItems: checkout.lines, serviceMode: 'TakeAway', orderOrigin: 'resilience' },
    });
    if (placed.status === 409 && /"code":"sold_out"/.test(placed.body)) {
      checkout.outcome = 'sold-out-at-order';
      return;
    }
    const order = this.parse<{ id: number; orderStatus: string; paymentSummary: { total: { minorAmount: number } } }>(
      checkout,
      placed,
    );
    checkout.orderId = order.id;
    checkout.totalMinor = order.paymentSummary.total.minorAmount;
    if (order.orderStatus !== 'Pending') {
      // A retried place-order of an order paid meanwhile (another tab): nothing left to do.
      checkout.outcome = 'paid';
      return;
    }

    const payment = (
      await this.expectOk<{
        id: number;
        accessCode: string;
        reference: string;
        formActionUrl: string;
        totalPrice: { minorAmount: number };
      }>(checkout, 'POST', `/v1/vendor/${vendorId}/order/${order.id}/initiate-payment`, {}, checkout.consumer, {
        key: `init-${randomUUID()}`,
      })
    ).json;
    checkout.paymentId = payment.id;

    const query = new URLSearchParams({
      currency: 'AUD',
      verification: payment.accessCode,
      amount: String(payment.totalPrice.minorAmount),
      reference: payment.reference,
      format: 'json',
      card_holder: `Load Customer ${checkout.index}`,
      card_number: '4242424242424242',
      cvv: '123',
      expiry_month: '12',
      expiry_year: '2035',
    });
    // The gateway keeps one successful charge per access code, so sending the card request again is
    // safe: a retry after a lost first answer hears 'Access code already used', and the payment
    // update settles the charge from the gateway's books by its access code.
    const charge = (
      await this.expectOk<{ r: number; successful: boolean; id: string | null; errors: string[] }>(
        checkout,
        'GET',
        `${new URL(payment.formActionUrl).pathname}?${query}`,
      )
    ).json;
    const chargedBefore = charge.r === 99 && charge.errors.includes('Access code already used');
    if (charge.r !== 1 && !chargedBefore) {
      throw new Error(`customer ${checkout.index}: the gateway answered r=${charge.r} for CVV 123`);
    }
    checkout.charged = true;
    if (charge.id) checkout.transactionId = charge.id;
  }

  /** The payment update that settles the paid charge: the order is queued, or refunded when sold out. */
  async settle(checkout: Checkout): Promise<void> {
    const answer = await this.step(
      checkout,
      'POST',
      `/v1/vendor/${this.options.vendorId}/order/${checkout.orderId}/payment/${checkout.paymentId}/update`,
      {
        signer: checkout.consumer,
        key: `update-${randomUUID()}`,
        payload: {
          savePaymentMethod: false,
          messages: [],
          responseCode: '1',
          transactionStatus: true,
          transactionId: checkout.transactionId,
        },
      },
    );
    // Sold out since the order was placed: the charge is refunded. A retry whose first try was cut
    // off after the refund hears only that it was refunded; the books check it either way.
    if (answer.status === 409 && /"code":"sold_out"|You have not been charged/.test(answer.body)) {
      checkout.outcome = 'refunded';
      return;
    }
    const outcome = this.parse<{ successful: boolean; orderStatus: string }>(checkout, answer);
    if (!outcome.successful) throw new Error(`customer ${checkout.index}: the payment update answered ${answer.body}`);
    checkout.outcome = 'paid';
  }

  close(): void {
    this.stopped = true;
    for (const client of this.clients) client.close();
  }

  private async expectOk<T>(
    checkout: Checkout,
    method: string,
    path: string,
    payload?: unknown,
    signer?: Signer,
    options: { key?: string } = {},
  ): Promise<{ json: T }> {
    const answer = await this.step(checkout, method, path, { payload, signer, key: options.key });
    return { json: this.parse<T>(checkout, answer) };
  }

  private parse<T>(checkout: Checkout, answer: HttpAnswer & { method?: string; path?: string }): T {
    if (answer.status < 200 || answer.status >= 300) {
      throw new Error(
        `customer ${checkout.index}: ${answer.method} ${answer.path} answered ${answer.status}: ${answer.body.slice(0, 300)}`,
      );
    }
    return JSON.parse(answer.body) as T;
  }

  /**
   * Sends one step until it gets an answer that decides something. Each request of a customer goes
   * to the next server in turn, so with two servers a customer's calls alternate between them.
   */
  private async step(
    checkout: Checkout,
    method: string,
    path: string,
    request: { payload?: unknown; signer?: Signer | undefined; key?: string | undefined },
  ): Promise<HttpAnswer & { method: string; path: string }> {
    const deadline = Date.now() + (this.options.stepDeadlineMs ?? 60_000);
    const headers = request.key ? { 'idempotency-key': request.key } : undefined;
    for (let attempt = 0; ; attempt += 1) {
      if (this.stopped) throw new Error(`customer ${checkout.index}: the load was stopped`);
      const which = (checkout.index + checkout.calls++) % this.clients.length;
      const client = this.clients[which]!;
      const server = this.options.servers[which]!;
      if (attempt > 0) {
        this.stats.retries += 1;
        checkout.retries += 1;
      }
      this.stats.requests += 1;
      this.stats.inFlight += 1;
      let answer: HttpAnswer | null = null;
      let failure = '';
      try {
        answer = await client.send(method, path, request.payload, request.signer, headers);
      } catch (error) {
        failure = error instanceof Error ? error.message : String(error);
      } finally {
        this.stats.inFlight -= 1;
      }
      const status = answer ? answer.status : 'network';
      this.stats.statuses[status] = (this.stats.statuses[status] ?? 0) + 1;
      this.onAnswer?.({ server, method, path, status, body: answer?.body ?? failure });
      if (answer && !worthRetrying(answer)) {
        if (answer.status >= 500) {
          this.stats.serverErrors.push(`${method} ${path} → ${answer.status}: ${answer.body.slice(0, 300)}`);
        }
        return { ...answer, method, path };
      }
      if (Date.now() > deadline) {
        throw new Error(
          `customer ${checkout.index}: ${method} ${path} kept failing (${answer ? `${answer.status} ${answer.body.slice(0, 200)}` : failure})`,
        );
      }
      // Back off a little more each time (up to a second), with jitter so retries do not arrive in step.
      await sleep(Math.min(1_000, 50 * 2 ** Math.min(attempt, 5)) * (0.5 + Math.random()));
    }
  }
}
