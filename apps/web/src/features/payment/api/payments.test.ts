import { afterEach, describe, expect, it, vi } from 'vitest';
import { initiatePayment, purchaseWithWallet, updatePayment } from './payments';

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

afterEach(() => vi.unstubAllGlobals());

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
