import { describe, expect, it, vi } from 'vitest';
import type { InitiatedPayment, PaymentOutcome } from '@venue/contract/payment';
import { payByCard, payBySavedCard, gatewayParams } from './card-payment';
import { GatewayRequestError } from './gateway-jsonp';

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
  nameOncard: ' Sam Lee ',
  cardNumber: '4111 1111 1111 1111',
  cvn: '123',
  expiryMonth: '3',
  expiryYear: '2030',
};
const outcome = (responseCode: number): PaymentOutcome => ({
  paymentId: 5,
  orderId: 9,
  status: responseCode === 1 ? 'Succeeded' : 'Failed',
  responseCode,
  successful: responseCode === 1,
  messages: [],
  orderStatus: responseCode === 1 ? 'Waiting' : 'Pending',
});

describe('gatewayParams (spec §7 card request)', () => {
  it('sends currency, access code, minor amount, reference and the card fields', () => {
    expect(gatewayParams(payment, form)).toEqual({
      currency: 'AUD',
      verification: 'AC-1',
      amount: '1250',
      reference: 'ORDER-9',
      format: 'jsonp',
      card_holder: 'Sam Lee',
      card_number: '4111111111111111',
      cvv: '123',
      expiry_month: '03',
      expiry_year: '2030',
    });
  });
});

describe('payByCard (spec §4/§7/§8)', () => {
  it('reports the gateway answer to update and is paid when the server confirms', async () => {
    const update = vi.fn(async () => outcome(1));
    const result = await payByCard(
      {
        gateway: async () => ({ r: 1, id: 'T1', v: 'AC-1', token: 'tok', successful: true, errors: [] }),
        update,
        verify: vi.fn(),
      },
      payment,
      form,
      true,
    );
    expect(result).toEqual({ kind: 'paid' });
    expect(update).toHaveBeenCalledWith({
      savePaymentMethod: true,
      messages: [],
      responseCode: '1',
      transactionStatus: true,
      transactionId: 'T1',
      verification: 'AC-1',
      token: { id: 'tok', tokenType: 'CreditCard' },
    });
  });

  it("shows the message for the server's verified code", async () => {
    const result = await payByCard(
      {
        gateway: async () => ({ r: 2, id: 'T2', v: 'AC-1', token: null, successful: false, errors: ['Declined'] }),
        update: async () => outcome(2),
        verify: vi.fn(),
      },
      payment,
      form,
      false,
    );
    expect(result).toEqual({
      kind: 'failed',
      message: 'Your card has been declined by the bank, please check the details below.',
    });
  });

  it('retries the update three times, then opens Issues when the card was charged', async () => {
    const update = vi.fn(async () => {
      throw new Error('Network Error');
    });
    const result = await payByCard(
      {
        gateway: async () => ({ r: 1, id: 'T3', v: 'AC-1', token: null, successful: true, errors: [] }),
        update,
        verify: vi.fn(),
      },
      payment,
      form,
      false,
    );
    expect(result).toEqual({ kind: 'issues' });
    expect(update).toHaveBeenCalledTimes(3);
  });

  it("calls verify after a gateway request error and shows 'Temporary problem…'", async () => {
    const verify = vi.fn(async () => outcome(999));
    const result = await payByCard(
      {
        gateway: async () => {
          throw new GatewayRequestError();
        },
        update: vi.fn(),
        verify,
      },
      payment,
      form,
      false,
    );
    expect(verify).toHaveBeenCalledTimes(1);
    expect(result).toEqual({
      kind: 'failed',
      message: "Temporary problem, you haven't been charged for this order. Please check your card details below.",
    });
  });
});

describe('payBySavedCard', () => {
  it('is paid on a successful purchase, else shows the code message', async () => {
    await expect(payBySavedCard(async () => outcome(1))).resolves.toEqual({ kind: 'paid' });
    await expect(payBySavedCard(async () => outcome(98))).resolves.toEqual({
      kind: 'failed',
      message: 'Sorry, please switch to new card.',
    });
  });
});
