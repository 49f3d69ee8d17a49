import type { PaymentOutcome, PaymentUpdateRequest, InitiatedPayment } from '@venue/contract/payment';
import { PAYMENT_REQUEST_TIMEOUT_MS } from '../../../lib/api-client';
import { signedRequest, type SigningKey } from '../../../lib/request-signing';

/** Every call here waits on the payment gateway (or Apple) behind the server: the longer timeout. */
const payment = { timeoutMs: PAYMENT_REQUEST_TIMEOUT_MS };

/**
 * Calls that take or settle money carry an Idempotency-Key: one value per attempt, sent again
 * with every retry of that attempt, so a retry after a lost answer gets the first answer and
 * never pays twice.
 */
const once = (idempotencyKey: string | undefined) =>
  idempotencyKey ? { headers: { 'Idempotency-Key': idempotencyKey } } : {};

/** A fresh key for one attempt. */
export function newAttemptKey(): string {
  return crypto.randomUUID();
}

/** POST /v1/vendor/{vendorId}/order/{orderId}/initiate-payment (auth): the gateway's access code and form URL. */
export function initiatePayment(
  key: SigningKey,
  vendorId: number,
  orderId: number,
  idempotencyKey: string = newAttemptKey(),
): Promise<InitiatedPayment> {
  return signedRequest(key, `/vendor/${vendorId}/order/${orderId}/initiate-payment`, {
    ...payment,
    method: 'POST',
    body: { orderId, vendorId },
    ...once(idempotencyKey),
  });
}

export interface PaymentIds {
  vendorId: number;
  orderId: number;
  paymentId: number;
}

/** POST /v1/vendor/{vendorId}/order/{orderId}/payment/{paymentId}/update (auth): the server checks it with the gateway. */
export function updatePayment(
  key: SigningKey,
  ids: PaymentIds,
  body: PaymentUpdateRequest,
  idempotencyKey?: string,
): Promise<PaymentOutcome> {
  return signedRequest(key, `/vendor/${ids.vendorId}/order/${ids.orderId}/payment/${ids.paymentId}/update`, {
    ...payment,
    method: 'POST',
    body,
    ...once(idempotencyKey),
  });
}

/** POST /v1/vendor/order/{orderId}/payment/{paymentId}/verify (auth): after a failed gateway request, asks what happened. */
export function verifyPayment(
  key: SigningKey,
  ids: PaymentIds,
  body: { savePaymentMethod: boolean; responseCode: string | null; transactionStatus: boolean; messages: string[] },
  idempotencyKey?: string,
): Promise<PaymentOutcome> {
  return signedRequest(key, `/vendor/order/${ids.orderId}/payment/${ids.paymentId}/verify`, {
    ...payment,
    method: 'POST',
    body,
    ...once(idempotencyKey),
  });
}

/** POST /v1/vendor/order/{orderId}/payment/{paymentId}/purchase/token (auth): pays with the saved card and its CVV. */
export function purchaseWithToken(
  key: SigningKey,
  ids: PaymentIds,
  cvv: string,
  idempotencyKey?: string,
): Promise<PaymentOutcome> {
  return signedRequest(key, `/vendor/order/${ids.orderId}/payment/${ids.paymentId}/purchase/token`, {
    ...payment,
    method: 'POST',
    body: { cvv },
    ...once(idempotencyKey),
  });
}

/** POST /v1/vendor/order/{orderId}/payment/apple-pay/session (auth): the merchant session for Apple Pay. */
export function applePaySession(
  key: SigningKey,
  orderId: number,
  validationUrl: string,
): Promise<Record<string, unknown>> {
  return signedRequest(key, `/vendor/order/${orderId}/payment/apple-pay/session`, {
    ...payment,
    method: 'POST',
    body: { validationUrl },
  });
}

/** Spec §7 wallet purchase body; `amount` in minor units, equal to the order total. */
export type WalletPurchase =
  | { amount: number; walletType: 'APPLEPAYWEB'; applePayPurchaseToken: string }
  | { amount: number; walletType: 'GOOGLE'; googlePayPurchaseToken: string };

/** POST /v1/vendor/order/{orderId}/purchase/wallet (auth): `result.status` is 'Successful' on success. */
export async function purchaseWithWallet(
  key: SigningKey,
  orderId: number,
  body: WalletPurchase,
  idempotencyKey: string = newAttemptKey(),
): Promise<boolean> {
  const answer = await signedRequest<{ result?: { status?: string } | null }>(
    key,
    `/vendor/order/${orderId}/purchase/wallet`,
    { ...payment, method: 'POST', body, ...once(idempotencyKey) },
  );
  return answer.result?.status === 'Successful';
}
