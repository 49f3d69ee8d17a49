import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, PAYMENT_REQUEST_TIMEOUT_MS, REQUEST_TIMEOUT_MS } from '../../../lib/api-client';
import { purchaseWithCoupon } from './coupons';
import {
  applePaySession,
  initiatePayment,
  purchaseWithToken,
  purchaseWithWallet,
  updatePayment,
  verifyPayment,
} from './payments';

const key = { consumerId: 'c-1', hmacKey: 'k' };
const ids = { vendorId: 2, orderId: 7, paymentId: 9 };
const body = { savePaymentMethod: false, messages: [], responseCode: '1', transactionStatus: true };

function recordRequests(answer: unknown) {
  const headers: Array<Headers> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      headers.push(new Headers(init.headers));
      return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return headers;
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('payment calls carry an Idempotency-Key (a retry never pays twice)', () => {
  it('sends the attempt key with every retry of a payment update', async () => {
    const sent = recordRequests({ successful: true });
    await updatePayment(key, ids, body, 'attempt-1');
    await updatePayment(key, ids, body, 'attempt-1');
    expect(sent.map((h) => h.get('Idempotency-Key'))).toEqual(['attempt-1', 'attempt-1']);
  });

  it('gives each initiate-payment and wallet purchase call a key of its own by default', async () => {
    const sent = recordRequests({ result: { status: 'Successful' } });
    await initiatePayment(key, 2, 7);
    await purchaseWithWallet(key, 7, { amount: 100, walletType: 'GOOGLE', googlePayPurchaseToken: 't' });
    const keys = sent.map((h) => h.get('Idempotency-Key'));
    expect(keys.every((k) => typeof k === 'string' && /^[\w.:-]{1,100}$/.test(k))).toBe(true);
    expect(new Set(keys).size).toBe(2);
  });
});

describe('payment calls wait for the longer payment timeout', () => {
  const outcome = { savePaymentMethod: false, responseCode: null, transactionStatus: false, messages: [] };
  const calls: Array<[string, () => Promise<unknown>]> = [
    ['initiate-payment', () => initiatePayment(key, 2, 7)],
    ['payment update', () => updatePayment(key, ids, body, 'a-1')],
    ['payment verify', () => verifyPayment(key, ids, outcome, 'a-1')],
    ['purchase/token', () => purchaseWithToken(key, ids, '123', 'a-1')],
    [
      'purchase/wallet',
      () => purchaseWithWallet(key, 7, { amount: 100, walletType: 'GOOGLE', googlePayPurchaseToken: 't' }),
    ],
    ['apple-pay session', () => applePaySession(key, 7, 'https://apple-pay-gateway.apple.com/x')],
    ['coupon purchase', () => purchaseWithCoupon(key, 7, { couponCode: 'FREEMEAL' })],
  ];

  it.each(calls)('%s: still waiting after 15 s, a network error after 45 s', async (_name, call) => {
    vi.useFakeTimers();
    // Signing takes a moment of real time (Web Crypto): the clock counts from when the call is sent.
    let sent!: () => void;
    const isSent = new Promise<void>((resolve) => (sent = resolve));
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise<Response>((_resolve, reject) => {
            sent();
            init.signal?.addEventListener('abort', () => reject(init.signal?.reason), { once: true });
          }),
      ),
    );
    let result: unknown = 'pending';
    call().catch((error: unknown) => (result = error));
    await isSent;
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    expect(result).toBe('pending');
    await vi.advanceTimersByTimeAsync(PAYMENT_REQUEST_TIMEOUT_MS - REQUEST_TIMEOUT_MS);
    expect(result).toBeInstanceOf(ApiError);
    expect((result as ApiError).isNetworkError).toBe(true);
  });
});
