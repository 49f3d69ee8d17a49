import { describe, expect, it, vi } from 'vitest';
import {
  applePayRequest,
  canUseApplePay,
  payWithApplePay,
  type ApplePaySessionConstructor,
  type ApplePaySessionLike,
} from './apple-pay';
import { googlePayClient, googlePayRequest } from './google-pay';

function fakeSession(script: (session: ApplePaySessionLike) => void) {
  const completed: number[] = [];
  const created: { version: number }[] = [];
  class Session implements ApplePaySessionLike {
    static STATUS_SUCCESS = 0;
    static STATUS_FAILURE = 1;
    static canMakePayments = () => true;
    onvalidatemerchant: ApplePaySessionLike['onvalidatemerchant'] = null;
    onpaymentauthorized: ApplePaySessionLike['onpaymentauthorized'] = null;
    oncancel: ApplePaySessionLike['oncancel'] = null;
    constructor(version: number) {
      created.push({ version });
    }
    begin() {
      script(this);
    }
    abort() {}
    completeMerchantValidation() {}
    completePayment(status: number) {
      completed.push(status);
    }
  }
  return { Session: Session as unknown as ApplePaySessionConstructor, completed, created };
}

describe('Apple Pay (spec §7, §9)', () => {
  it('shows only when allowed and the browser can pay', () => {
    const { Session } = fakeSession(() => undefined);
    expect(canUseApplePay(true, { ApplePaySession: Session })).toBe(true);
    expect(canUseApplePay(false, { ApplePaySession: Session })).toBe(false);
    expect(canUseApplePay(true, {})).toBe(false);
  });

  it('asks for version 3, visa and masterCard, 3DS, AUD in AU', () => {
    expect(applePayRequest(1250, 'Grill & Bun')).toEqual({
      countryCode: 'AU',
      currencyCode: 'AUD',
      supportedNetworks: ['visa', 'masterCard'],
      merchantCapabilities: ['supports3DS'],
      total: { label: 'Grill & Bun', amount: '12.50', type: 'final' },
    });
  });

  it('validates the merchant for the placed order and completes with success after the purchase', async () => {
    const { Session, completed, created } = fakeSession((session) => {
      session.onvalidatemerchant?.({ validationURL: 'https://apple.example/start' });
      setTimeout(() => session.onpaymentauthorized?.({ payment: { token: { data: 'x' } } }), 0);
    });
    const validateMerchant = vi.fn(async () => ({ merchant: 'session' }));
    const purchase = vi.fn(async () => true);
    const outcome = await payWithApplePay(Session, applePayRequest(100, 'A'), {
      prepareOrder: async () => 42,
      validateMerchant,
      purchase,
    });
    expect(outcome).toEqual({ kind: 'paid', orderId: 42 });
    expect(created[0]?.version).toBe(3);
    expect(validateMerchant).toHaveBeenCalledWith(42, 'https://apple.example/start');
    expect(purchase).toHaveBeenCalledWith(42, { data: 'x' });
    expect(completed).toEqual([0]);
  });

  it('completes with failure when the purchase fails', async () => {
    const { Session, completed } = fakeSession((session) => {
      session.onvalidatemerchant?.({ validationURL: 'https://apple.example/start' });
      setTimeout(() => session.onpaymentauthorized?.({ payment: { token: {} } }), 0);
    });
    const outcome = await payWithApplePay(Session, applePayRequest(100, 'A'), {
      prepareOrder: async () => 42,
      validateMerchant: async () => ({}),
      purchase: async () => false,
    });
    expect(outcome).toEqual({ kind: 'failed' });
    expect(completed).toEqual([1]);
  });

  it('reports a cancel', async () => {
    const { Session } = fakeSession((session) => session.oncancel?.({}));
    const outcome = await payWithApplePay(Session, applePayRequest(100, 'A'), {
      prepareOrder: async () => 1,
      validateMerchant: async () => ({}),
      purchase: async () => true,
    });
    expect(outcome).toEqual({ kind: 'cancelled' });
  });
});

describe('Google Pay (spec §7, §9)', () => {
  it('has no client when not allowed or when PaymentsClient is absent', async () => {
    class Client {
      loadPaymentData = vi.fn();
    }
    const win = { google: { payments: { api: { PaymentsClient: Client } } } };
    await expect(
      googlePayClient({ allowGooglePay: false, merchantIds: [], environment: 'TEST', win }),
    ).resolves.toBeNull();
    await expect(
      googlePayClient({ allowGooglePay: true, merchantIds: [], environment: 'TEST', win: {} }),
    ).resolves.toBeNull();
    await expect(
      googlePayClient({ allowGooglePay: true, merchantIds: [], environment: 'TEST', win }),
    ).resolves.toBeInstanceOf(Client);
  });

  it('uses the configured environment and hides when Google says it cannot pay', async () => {
    const environments: string[] = [];
    class Client {
      constructor(options: { environment: string }) {
        environments.push(options.environment);
      }
      isReadyToPay = async () => ({ result: false });
      loadPaymentData = vi.fn();
    }
    const win = { google: { payments: { api: { PaymentsClient: Client } } } };
    await expect(
      googlePayClient({ allowGooglePay: true, merchantIds: ['m'], environment: 'TEST', win }),
    ).resolves.toBeNull();
    expect(environments).toEqual(['TEST']);
  });

  it('asks for MASTERCARD and VISA with PAN_ONLY and CRYPTOGRAM_3DS, gateway tokenization and the total in AUD', () => {
    const request = googlePayRequest({
      totalMinor: 1705,
      merchantIds: ['BCR2'],
      merchantName: 'Grill & Bun',
      vendorId: 2,
    });
    const method = request.allowedPaymentMethods[0]!;
    expect(method.parameters).toEqual({
      allowedAuthMethods: ['PAN_ONLY', 'CRYPTOGRAM_3DS'],
      allowedCardNetworks: ['MASTERCARD', 'VISA'],
    });
    expect(method.tokenizationSpecification.type).toBe('PAYMENT_GATEWAY');
    expect(request.merchantInfo).toEqual({ merchantId: 'BCR2', merchantName: 'Grill & Bun' });
    expect(request.transactionInfo).toEqual({
      totalPriceStatus: 'FINAL',
      totalPrice: '17.05',
      currencyCode: 'AUD',
      countryCode: 'AU',
    });
  });
});
