// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InitiatedPayment, PaymentOutcome } from '@venue/contract/payment';
import { PAYMENT_REQUEST_TIMEOUT_MS } from '../../../lib/api-client';
import { payByCard } from './card-payment';
import { CALLBACK_PARAM, GATEWAY_TIMEOUT_MS, GatewayRequestError, jsonpRequest } from './gateway-jsonp';
import { TEMPORARY_PROBLEM_MESSAGE } from './result-messages';

function lastScript(): HTMLScriptElement {
  const scripts = document.head.querySelectorAll('script');
  const script = scripts[scripts.length - 1];
  if (!script) throw new Error('no script added');
  return script;
}

afterEach(() => {
  vi.useRealTimers();
  document.head.innerHTML = '';
});

describe('jsonpRequest (spec §7 card request)', () => {
  it('puts the parameters and a callback in the query and resolves with what the gateway passes back', async () => {
    const result = jsonpRequest('http://localhost/gateway/card?x=1', { amount: '1250', card_number: '4111' });
    const src = new URL(lastScript().src);
    expect(src.searchParams.get('amount')).toBe('1250');
    expect(src.searchParams.get('card_number')).toBe('4111');
    expect(src.searchParams.get('x')).toBe('1');
    const callback = src.searchParams.get(CALLBACK_PARAM)!;
    (window as unknown as Record<string, (value: unknown) => void>)[callback]!({ r: 1, id: 't-1' });
    await expect(result).resolves.toEqual({ r: 1, id: 't-1' });
    expect(document.head.querySelector('script')).toBeNull();
    expect((window as unknown as Record<string, unknown>)[callback]).toBeUndefined();
  });

  it('rejects with a GatewayRequestError when the script fails to load', async () => {
    const result = jsonpRequest('http://localhost/gateway/card', {});
    lastScript().dispatchEvent(new Event('error'));
    await expect(result).rejects.toBeInstanceOf(GatewayRequestError);
  });

  it('gives up on a gateway that never answers after the payment timeout, as a request error', async () => {
    vi.useFakeTimers();
    expect(GATEWAY_TIMEOUT_MS).toBe(PAYMENT_REQUEST_TIMEOUT_MS);
    let outcome: unknown = 'pending';
    jsonpRequest('http://localhost/gateway/card', {}).catch((error: unknown) => (outcome = error));
    const callback = new URL(lastScript().src).searchParams.get(CALLBACK_PARAM)!;
    await vi.advanceTimersByTimeAsync(GATEWAY_TIMEOUT_MS - 1);
    expect(outcome).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toBeInstanceOf(GatewayRequestError);
    expect(document.head.querySelector('script')).toBeNull();
    expect((window as unknown as Record<string, unknown>)[callback]).toBeUndefined();
  });

  it("a gateway that never answers: the card flow asks the server to verify and shows 'Temporary problem…'", async () => {
    vi.useFakeTimers();
    const failed: PaymentOutcome = {
      paymentId: 5,
      orderId: 9,
      status: 'Failed',
      responseCode: 999,
      successful: false,
      messages: [],
      orderStatus: 'Pending',
    };
    const verify = vi.fn(async () => failed);
    const update = vi.fn();
    const payment: InitiatedPayment = {
      id: 5,
      orderId: 9,
      accessCode: 'AC-1',
      reference: 'ORDER-9',
      formActionUrl: 'http://localhost/gateway/card',
      totalPrice: { currencyCode: 'AUD', minorAmount: 1250 },
      savedPaymentMethod: null,
    };
    const form = {
      nameOncard: 'Sam',
      cardNumber: '4242424242424242',
      cvn: '123',
      expiryMonth: '1',
      expiryYear: '2030',
    };
    const paying = payByCard(
      { gateway: (url, params) => jsonpRequest(url, params), update, verify },
      payment,
      form,
      false,
    );
    await vi.advanceTimersByTimeAsync(GATEWAY_TIMEOUT_MS);
    await expect(paying).resolves.toEqual({ kind: 'failed', message: TEMPORARY_PROBLEM_MESSAGE });
    expect(verify).toHaveBeenCalledWith(expect.objectContaining({ messages: ['The payment gateway did not answer'] }));
    expect(update).not.toHaveBeenCalled();
  });
});
