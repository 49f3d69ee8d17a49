/**
 * Apple Pay on the web (spec §7, §9): a small adapter over `window.ApplePaySession`, so the real
 * browser API and a test's stand-in are used the same way.
 */

import { majorAmount } from '@venue/domain/money';

/** Spec §9: Apple Pay version 3, networks visa and masterCard, 3DS supported; AUD in AU. */
export const APPLE_PAY_VERSION = 3;

export interface ApplePayPaymentRequestLike {
  countryCode: string;
  currencyCode: string;
  supportedNetworks: string[];
  merchantCapabilities: string[];
  total: { label: string; amount: string; type?: 'final' };
}

export interface ApplePaySessionLike {
  begin(): void;
  abort(): void;
  completeMerchantValidation(merchantSession: unknown): void;
  completePayment(status: number | { status: number }): void;
  onvalidatemerchant: ((event: { validationURL: string }) => void) | null;
  onpaymentauthorized: ((event: { payment: { token: unknown } }) => void) | null;
  oncancel: ((event: unknown) => void) | null;
}

export interface ApplePaySessionConstructor {
  new (version: number, request: ApplePayPaymentRequestLike): ApplePaySessionLike;
  canMakePayments(): boolean;
  supportsVersion?(version: number): boolean;
  readonly STATUS_SUCCESS: number;
  readonly STATUS_FAILURE: number;
}

/** The browser's ApplePaySession, or null where there is none. */
export function applePaySessionClass(win: unknown = globalThis): ApplePaySessionConstructor | null {
  const candidate = (win as { ApplePaySession?: ApplePaySessionConstructor }).ApplePaySession;
  return typeof candidate === 'function' ? candidate : null;
}

/** Spec §6: the Apple Pay button shows only if the vendor allows it and the browser can pay. */
export function canUseApplePay(allowApplePay: boolean, win: unknown = globalThis): boolean {
  if (!allowApplePay) return false;
  const session = applePaySessionClass(win);
  if (!session) return false;
  try {
    return session.canMakePayments() === true;
  } catch {
    return false;
  }
}

export function applePayRequest(totalMinor: number, label: string): ApplePayPaymentRequestLike {
  return {
    countryCode: 'AU',
    currencyCode: 'AUD',
    supportedNetworks: ['visa', 'masterCard'],
    merchantCapabilities: ['supports3DS'],
    total: { label, amount: majorAmount(totalMinor), type: 'final' },
  };
}

export interface ApplePayHandlers {
  /** places the order (or finds it placed) before the merchant is validated; null stops the payment */
  prepareOrder: () => Promise<number | null>;
  /** POST …/payment/apple-pay/session: the merchant session */
  validateMerchant: (orderId: number, validationUrl: string) => Promise<unknown>;
  /** POST …/purchase/wallet: true when the purchase was successful */
  purchase: (orderId: number, token: unknown) => Promise<boolean>;
}

export type WalletOutcome =
  { kind: 'paid'; orderId: number } | { kind: 'cancelled' } | { kind: 'failed' } | { kind: 'stopped' };

/**
 * Starts an Apple Pay payment. Must be called straight from the tap (the browser requires it).
 * Any failure or a cancel completes the session with failure (spec §8).
 */
export function payWithApplePay(
  Session: ApplePaySessionConstructor,
  request: ApplePayPaymentRequestLike,
  handlers: ApplePayHandlers,
): Promise<WalletOutcome> {
  return new Promise((resolve) => {
    const session = new Session(APPLE_PAY_VERSION, request);
    let orderId: number | null = null;
    let settled = false;
    const settle = (outcome: WalletOutcome) => {
      if (settled) return;
      settled = true;
      resolve(outcome);
    };
    const fail = () => {
      try {
        session.completePayment(Session.STATUS_FAILURE);
      } catch {
        try {
          session.abort();
        } catch {
          // the session is already over
        }
      }
      settle({ kind: 'failed' });
    };

    session.onvalidatemerchant = (event) => {
      void (async () => {
        try {
          orderId = await handlers.prepareOrder();
          if (orderId === null) {
            session.abort();
            settle({ kind: 'stopped' });
            return;
          }
          session.completeMerchantValidation(await handlers.validateMerchant(orderId, event.validationURL));
        } catch {
          fail();
        }
      })();
    };
    session.onpaymentauthorized = (event) => {
      void (async () => {
        try {
          if (orderId === null) throw new Error('no order');
          const ok = await handlers.purchase(orderId, event.payment.token);
          if (!ok) {
            fail();
            return;
          }
          session.completePayment(Session.STATUS_SUCCESS);
          settle({ kind: 'paid', orderId });
        } catch {
          fail();
        }
      })();
    };
    session.oncancel = () => {
      settle({ kind: 'cancelled' });
    };
    try {
      session.begin();
    } catch {
      settle({ kind: 'failed' });
    }
  });
}
