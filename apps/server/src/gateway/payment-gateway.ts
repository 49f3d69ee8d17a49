/**
 * What the server needs from a payment gateway. The sandbox gateway (./sandbox-gateway.ts)
 * implements it in this process; a real gateway plugs in behind the same interface. The server
 * trusts only answers it gets through this interface, never what the app says the gateway said.
 */

export interface GatewayCharge {
  transactionId: string;
  /** spec §4 result code: 1 success, 2 declined, 96, 97, 98, 99, 999 */
  resultCode: number;
  successful: boolean;
  amountMinor: number;
  /** a reusable card token (card payments only) */
  cardToken: string | null;
  /** the last four digits of the card charged, what may be shown of it (card payments only) */
  cardLastFour: string | null;
  /** the card's brand ('Visa', 'Mastercard' …; card payments only) */
  cardBrand: string | null;
  refunded: boolean;
}

/** A refund the gateway refused: nothing went back. Its message is shown to the manager. */
export class RefundRefusedError extends Error {
  override readonly name = 'RefundRefusedError';
}

export interface StoredCard {
  cardHolder: string;
  maskedNumber: string;
  expiryMonth: string;
  expiryYear: string;
}

export interface PaymentGateway {
  /** Opens a payment for an amount; the access code authorises one card payment of exactly that amount. */
  createAccessCode(input: { reference: string; amountMinor: number; currency: string }): Promise<string>;
  /** The result of the payment of an access code: its successful charge if any, else its latest attempt, else null. */
  findCharge(accessCode: string): Promise<GatewayCharge | null>;
  /** Charges a stored card for an access code's amount; the CVV is checked, never kept. */
  chargeToken(input: { accessCode: string; cardToken: string; cvv: string }): Promise<GatewayCharge>;
  /** Charges an Apple Pay or Google Pay token. */
  chargeWallet(input: {
    reference: string;
    amountMinor: number;
    walletType: string;
    walletToken: string;
  }): Promise<GatewayCharge>;
  /**
   * Gives a successful charge back: all of what is left of it, or `amountMinor` of it (a partial
   * refund; several may follow until the charge is spent). Throws RefundRefusedError when the
   * gateway refuses (nothing went back).
   */
  refund(transactionId: string, amountMinor?: number): Promise<void>;
  /**
   * How much of a successful charge has gone back so far (minor units), as the gateway's own record
   * says; null when it has no such charge. What settles a refund whose request was cut off between
   * asking the gateway and recording the answer.
   */
  refundedOf(transactionId: string): Promise<number | null>;
  /** What may be shown of a stored card. */
  describeCard(cardToken: string): Promise<StoredCard | null>;
  /** An Apple Pay merchant session for a validation URL. */
  applePayMerchantSession(input: {
    validationUrl: string;
    displayName: string;
    domainName: string;
  }): Promise<Record<string, unknown>>;
}
