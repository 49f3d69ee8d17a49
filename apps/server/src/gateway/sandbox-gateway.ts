/**
 * The embedded sandbox gateway: a stand-in for a real card gateway, served by the same process
 * but keeping its own books (gateway_* tables) and reached by the rest of the server only through
 * the PaymentGateway interface. Card numbers and CVVs are never stored or logged: a card becomes
 * a masked number and a token.
 */
import { orderedId, randomBytes } from '../lib/random-bytes.ts';
import { PAYMENT_RESULT_CODES } from '@venue/contract/payment';
import type { Kysely, Selectable } from 'kysely';
import type { Database, GatewayTransactionsTable } from '../db/schema.ts';
import { cardBrand, cardOutcome, cvvOutcome, isUnexpired, maskCardNumber } from './card-rules.ts';
import { RefundRefusedError, type GatewayCharge, type PaymentGateway, type StoredCard } from './payment-gateway.ts';
import {
  findCardToken,
  findGatewaySession,
  findLatestCharge,
  findSuccessfulCharge,
  insertChargeUnlessCharged,
  recordCardAttempt,
  insertGatewaySession,
  insertGatewayTransaction,
  findTransaction,
  refundTransaction,
} from './sandbox-gateway.repository.ts';

/**
 * The sandbox refuses a refund of exactly this amount (13 cents), so that a test or a rehearsal can
 * see how a refused refund is reported: nothing is recorded and the manager is told why.
 */
export const SANDBOX_REFUSED_REFUND_MINOR = 13;
export const SANDBOX_REFUSED_REFUND_MESSAGE =
  'The bank refused the refund (sandbox: a refund of 13 cents always fails).';

/** The answer to a second card request for an access code already paid. */
export const USED_CODE = 'Access code already used';

/** Messages the gateway puts in `errors` for each result code. */
const ERRORS: Record<number, string> = {
  [PAYMENT_RESULT_CODES.declined]: 'Declined by the issuing bank',
  [PAYMENT_RESULT_CODES.systemError]: 'System error, try again',
  [PAYMENT_RESULT_CODES.validationError]: 'Card details are not valid',
  [PAYMENT_RESULT_CODES.invalidToken]: 'Invalid card token',
  [PAYMENT_RESULT_CODES.invalidVerification]: 'Invalid verification code',
  [PAYMENT_RESULT_CODES.gatewayError]: 'Gateway error',
};

export interface CardRequest {
  currency: string;
  verification: string;
  amount: string;
  reference: string;
  cardHolder: string;
  cardNumber: string;
  cvv: string;
  expiryMonth: string;
  expiryYear: string;
}

/** The JSONP answer of the card endpoint (spec §7: r, id, v, token, successful, errors). */
export interface CardResponse {
  r: number;
  id: string | null;
  v: string;
  token: string | null;
  successful: boolean;
  errors: string[];
}

function toCharge(row: Selectable<GatewayTransactionsTable>): GatewayCharge {
  return {
    transactionId: row.id,
    resultCode: row.result_code,
    successful: row.result_code === PAYMENT_RESULT_CODES.success && row.refunded === 0,
    amountMinor: row.amount_minor,
    cardToken: row.card_token,
    cardLastFour: row.masked_number?.replace(/\D/g, '').slice(-4) || null,
    cardBrand: row.card_brand,
    refunded: row.refunded === 1,
  };
}

export class SandboxGateway implements PaymentGateway {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: () => number,
  ) {}

  /** Codes, charges and card tokens sort by when they were made, by the gateway's clock (see orderedId). */
  private newId(prefix: string): string {
    return orderedId(prefix, 18, this.clock());
  }

  async createAccessCode(input: { reference: string; amountMinor: number; currency: string }): Promise<string> {
    const accessCode = this.newId('ac');
    await insertGatewaySession(this.db, {
      access_code: accessCode,
      reference: input.reference,
      amount_minor: input.amountMinor,
      currency: input.currency,
      created_at: this.clock(),
    });
    return accessCode;
  }

  async findCharge(accessCode: string): Promise<GatewayCharge | null> {
    const success = await findSuccessfulCharge(this.db, accessCode);
    if (success) return toCharge(success);
    const latest = await findLatestCharge(this.db, accessCode);
    return latest ? toCharge(latest) : null;
  }

  private async record(
    values: Omit<Selectable<GatewayTransactionsTable>, 'id' | 'created_at' | 'refunded' | 'refunded_minor'>,
    db: Kysely<Database> = this.db,
  ): Promise<Selectable<GatewayTransactionsTable>> {
    const row = { ...values, id: this.newId('txn'), created_at: this.clock(), refunded: 0, refunded_minor: 0 };
    await insertGatewayTransaction(db, row);
    return row;
  }

  /**
   * Charges a card for an access code. An access code is good for one successful charge: a code
   * already paid answers 99 'Access code already used' (never a second charge, and never the paid
   * card's token or transaction, which would hand them to whoever holds the code); the payment is
   * settled from the gateway's books by its access code, so a retry whose first answer was lost
   * loses nothing. An unknown code or an amount other than the code's answers 99 too.
   */
  async chargeCard(request: CardRequest): Promise<CardResponse> {
    const answer = (r: number, id: string | null, token: string | null): CardResponse => ({
      r,
      id,
      v: request.verification,
      token,
      successful: r === PAYMENT_RESULT_CODES.success,
      errors: r === PAYMENT_RESULT_CODES.success ? [] : [ERRORS[r] ?? 'Unknown error'],
    });
    let code = cardOutcome(request.cardNumber, request.cvv);
    if (
      code === PAYMENT_RESULT_CODES.success &&
      (!request.cardHolder.trim() || !isUnexpired(request.expiryMonth, request.expiryYear, this.clock()))
    ) {
      code = PAYMENT_RESULT_CODES.validationError;
    }
    const valid = code !== PAYMENT_RESULT_CODES.validationError;
    const brand = valid ? cardBrand(request.cardNumber) : null;
    const token = code === PAYMENT_RESULT_CODES.success ? this.newId('tok') : null;
    const charge = {
      id: this.newId('txn'),
      kind: 'card',
      result_code: code,
      card_token: token,
      masked_number: valid ? maskCardNumber(request.cardNumber) : null,
      card_brand: brand,
      created_at: this.clock(),
      refunded: 0,
      refunded_minor: 0,
    };
    // Recorded only for the code's session, and only while no successful charge of the code
    // stands: of two requests for one code at once, one charges and the other answers 99. A
    // successful charge is stored with its card's token.
    const { sessionFound, recorded } = await recordCardAttempt(this.db, {
      accessCode: request.verification,
      amount: request.amount,
      reference: request.reference,
      charge,
      card: token
        ? {
            token,
            card_holder: request.cardHolder.trim().slice(0, 200),
            masked_number: maskCardNumber(request.cardNumber),
            card_brand: brand,
            expiry_month: request.expiryMonth.padStart(2, '0'),
            expiry_year: request.expiryYear.length === 2 ? `20${request.expiryYear}` : request.expiryYear,
            created_at: charge.created_at,
          }
        : null,
    });
    if (!sessionFound) return answer(PAYMENT_RESULT_CODES.invalidVerification, null, null);
    if (!recorded) return { ...answer(PAYMENT_RESULT_CODES.invalidVerification, null, null), errors: [USED_CODE] };
    return answer(code, charge.id, token);
  }

  async chargeToken(input: { accessCode: string; cardToken: string; cvv: string }): Promise<GatewayCharge> {
    const session = await findGatewaySession(this.db, input.accessCode);
    if (!session) throw new Error('unknown access code');
    const paid = await findSuccessfulCharge(this.db, session.access_code);
    if (paid && paid.refunded === 0) return toCharge(paid);
    const card = await findCardToken(this.db, input.cardToken);
    const code = !card
      ? PAYMENT_RESULT_CODES.invalidToken
      : /^\d{3,4}$/.test(input.cvv)
        ? cvvOutcome(input.cvv)
        : PAYMENT_RESULT_CODES.validationError;
    const values = {
      access_code: session.access_code,
      kind: 'token',
      amount_minor: session.amount_minor,
      result_code: code,
      card_token: card ? card.token : null,
      masked_number: card?.masked_number ?? null,
      card_brand: card?.card_brand ?? null,
    };
    if (code !== PAYMENT_RESULT_CODES.success) return toCharge(await this.record(values));
    // Only while no other charge of the code stands: of two requests for one code at once, one
    // charges and the other is answered with that charge, as a request after it would be.
    const row = { ...values, id: this.newId('txn'), created_at: this.clock(), refunded: 0, refunded_minor: 0 };
    if (await insertChargeUnlessCharged(this.db, row)) return toCharge(row);
    const standing = await findSuccessfulCharge(this.db, session.access_code);
    if (!standing) throw new Error('a standing charge of the access code was not found');
    return toCharge(standing);
  }

  async chargeWallet(input: {
    reference: string;
    amountMinor: number;
    walletType: string;
    walletToken: string;
  }): Promise<GatewayCharge> {
    const code = input.walletToken.toLowerCase().includes('decline')
      ? PAYMENT_RESULT_CODES.declined
      : PAYMENT_RESULT_CODES.success;
    const row = await this.record({
      access_code: null,
      kind: `wallet:${input.walletType}`,
      amount_minor: input.amountMinor,
      result_code: code,
      card_token: null,
      masked_number: null,
      card_brand: null,
    });
    return toCharge(row);
  }

  async refund(transactionId: string, amountMinor?: number): Promise<void> {
    const charge = await findTransaction(this.db, transactionId);
    if (!charge || charge.result_code !== PAYMENT_RESULT_CODES.success)
      throw new RefundRefusedError('The gateway has no successful charge to refund.');
    if (charge.refunded === 1) return;
    const amount = amountMinor ?? charge.amount_minor - charge.refunded_minor;
    if (amount === SANDBOX_REFUSED_REFUND_MINOR) throw new RefundRefusedError(SANDBOX_REFUSED_REFUND_MESSAGE);
    if (!(await refundTransaction(this.db, transactionId, amount)))
      throw new RefundRefusedError('The refund is more than is left of the charge.');
  }

  async refundedOf(transactionId: string): Promise<number | null> {
    const charge = await findTransaction(this.db, transactionId);
    if (!charge || charge.result_code !== PAYMENT_RESULT_CODES.success) return null;
    return Number(charge.refunded_minor);
  }

  async describeCard(cardToken: string): Promise<StoredCard | null> {
    const card = await findCardToken(this.db, cardToken);
    return card
      ? {
          cardHolder: card.card_holder,
          maskedNumber: card.masked_number,
          expiryMonth: card.expiry_month,
          expiryYear: card.expiry_year,
        }
      : null;
  }

  async applePayMerchantSession(input: { validationUrl: string; displayName: string; domainName: string }) {
    const now = this.clock();
    return {
      epochTimestamp: now,
      expiresAt: now + 5 * 60_000,
      merchantSessionIdentifier: this.newId('msi'),
      nonce: randomBytes(8).toString('hex'),
      merchantIdentifier: 'merchant.sandbox.venue-ordering',
      domainName: input.domainName,
      displayName: input.displayName,
      signature: randomBytes(32).toString('base64'),
      operationalAnalyticsIdentifier: 'sandbox',
      retries: 0,
      pspId: 'sandbox',
    };
  }
}
