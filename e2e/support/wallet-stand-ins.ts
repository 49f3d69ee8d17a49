import type { Page } from 'playwright-core';

/**
 * Stand-ins of the browsers' wallet APIs (Apple Pay on the web's `window.ApplePaySession`,
 * Google Pay's `google.payments.api.PaymentsClient`), installed before the app's scripts run
 * (`page.addInitScript`). They play the customer's side of the wallet sheet: authorise with a
 * given token, or cancel. Everything after the sheet — the merchant session, the purchase, the
 * gateway's answer — is the real server. What the app asked of each API is recorded on
 * `window.__walletLog` for the test to read.
 */

export interface WalletStandInOptions {
  /** Install `window.ApplePaySession`, answering canMakePayments() with this (omit: no Apple Pay API). */
  applePay?: { canMakePayments: boolean; token: string; cancel?: boolean };
  /** Install `google.payments.api.PaymentsClient` (omit: no Google Pay API). */
  googlePay?: { ready: boolean; token: string; cancel?: boolean };
}

/** What the stand-ins saw, as recorded on the page. */
export interface WalletLog {
  apple: {
    canMakePaymentsCalls: number;
    sessions: { version: number; request: Record<string, unknown> }[];
    begun: number;
    validationURL: string | null;
    merchantSession: Record<string, unknown> | null;
    /** the statuses completePayment() was called with (STATUS_SUCCESS 0, STATUS_FAILURE 1) */
    completed: number[];
    aborted: number;
  };
  google: {
    environments: string[];
    readyRequests: Record<string, unknown>[];
    paymentRequests: Record<string, unknown>[];
  };
}

/** ApplePaySession's status constants, as Safari defines them. */
export const APPLE_PAY_STATUS = { success: 0, failure: 1 } as const;

/** Runs in the page before any of its scripts: must not close over anything. */
function install(options: WalletStandInOptions): void {
  const w = window as unknown as Record<string, unknown>;
  const log: WalletLog = (w.__walletLog as WalletLog | undefined) ?? {
    apple: {
      canMakePaymentsCalls: 0,
      sessions: [],
      begun: 0,
      validationURL: null,
      merchantSession: null,
      completed: [],
      aborted: 0,
    },
    google: { environments: [], readyRequests: [], paymentRequests: [] },
  };
  w.__walletLog = log;
  // A test may hand the next authorisation another token (setWalletToken).
  const tokenFor = (wallet: 'apple' | 'google', fallback: string): string =>
    ((w.__walletTokens ?? {}) as Record<string, string | undefined>)[wallet] ?? fallback;
  const later = (run: () => void) => setTimeout(run, 50);

  if (options.applePay) {
    const apple = options.applePay;
    type Handler = ((event: unknown) => void) | null;
    class ApplePaySession {
      static readonly STATUS_SUCCESS = 0;
      static readonly STATUS_FAILURE = 1;
      static canMakePayments(): boolean {
        log.apple.canMakePaymentsCalls += 1;
        return apple.canMakePayments;
      }
      static supportsVersion(version: number): boolean {
        return version >= 1 && version <= 14;
      }
      onvalidatemerchant: Handler = null;
      onpaymentauthorized: Handler = null;
      onpaymentmethodselected: Handler = null;
      oncancel: Handler = null;
      private over = false;
      constructor(version: number, request: Record<string, unknown>) {
        log.apple.sessions.push({ version, request: JSON.parse(JSON.stringify(request)) as Record<string, unknown> });
      }
      begin(): void {
        log.apple.begun += 1;
        // The sheet opens and Apple asks the merchant to validate itself.
        later(() =>
          this.onvalidatemerchant?.({
            validationURL: 'https://apple-pay-gateway.apple.com/paymentservices/startSession',
          }),
        );
      }
      completeMerchantValidation(merchantSession: Record<string, unknown>): void {
        if (this.over) throw new Error('InvalidAccessError: the session is over');
        log.apple.validationURL = 'https://apple-pay-gateway.apple.com/paymentservices/startSession';
        log.apple.merchantSession = merchantSession;
        // The customer confirms with Face ID (or closes the sheet).
        later(() => {
          if (apple.cancel) {
            this.over = true;
            this.oncancel?.({});
            return;
          }
          this.onpaymentauthorized?.({
            payment: {
              token: {
                paymentData: { version: 'EC_v1', data: tokenFor('apple', apple.token), signature: 'stand-in' },
                paymentMethod: { displayName: 'Visa 0492', network: 'Visa', type: 'debit' },
                transactionIdentifier: `stand-in-${Date.now()}`,
              },
            },
          });
        });
      }
      completePayment(status: number | { status: number }): void {
        if (this.over) throw new Error('InvalidAccessError: the session is over');
        this.over = true;
        log.apple.completed.push(typeof status === 'number' ? status : status.status);
      }
      abort(): void {
        this.over = true;
        log.apple.aborted += 1;
      }
    }
    w.ApplePaySession = ApplePaySession;
  }

  if (options.googlePay) {
    const google = options.googlePay;
    class PaymentsClient {
      constructor(settings: { environment: string }) {
        log.google.environments.push(settings.environment);
      }
      isReadyToPay(request: Record<string, unknown>): Promise<{ result: boolean }> {
        log.google.readyRequests.push(JSON.parse(JSON.stringify(request)) as Record<string, unknown>);
        return Promise.resolve({ result: google.ready });
      }
      loadPaymentData(request: Record<string, unknown>): Promise<unknown> {
        log.google.paymentRequests.push(JSON.parse(JSON.stringify(request)) as Record<string, unknown>);
        return new Promise((resolve, reject) =>
          later(() => {
            if (google.cancel) reject({ statusCode: 'CANCELED', statusMessage: 'User closed the Payment Request UI.' });
            else
              resolve({
                apiVersion: 2,
                apiVersionMinor: 0,
                paymentMethodData: {
                  type: 'CARD',
                  description: 'Visa •••• 1111',
                  info: { cardNetwork: 'VISA', cardDetails: '1111' },
                  tokenizationData: { type: 'PAYMENT_GATEWAY', token: tokenFor('google', google.token) },
                },
              });
          }),
        );
      }
      createButton(): HTMLElement {
        return document.createElement('button');
      }
    }
    const existing = (w.google ?? {}) as Record<string, unknown>;
    w.google = { ...existing, payments: { api: { PaymentsClient } } };
  }
}

/** Google's pay.js, which the app loads when the build names Google Pay merchant ids. */
export const GOOGLE_PAY_SCRIPT_URL = 'https://pay.google.com/gp/p/js/pay.js';

/**
 * Installs the stand-ins on every document the page opens (reloads too). Should the app load
 * Google's script, the request is answered with the same stand-in instead of going out.
 */
export async function installWalletStandIns(page: Page, options: WalletStandInOptions): Promise<void> {
  await page.addInitScript(install, options);
  await page.route(GOOGLE_PAY_SCRIPT_URL, (route) =>
    route.fulfill({
      status: 200,
      contentType: 'text/javascript',
      body: `(${install.toString()})(${JSON.stringify({ googlePay: options.googlePay })});`,
    }),
  );
}

/** The token the wallet hands over on its next authorisation (the customer picks another card). */
export async function setWalletToken(page: Page, wallet: 'apple' | 'google', token: string): Promise<void> {
  await page.evaluate(
    ([which, value]) => {
      const w = window as unknown as { __walletTokens?: Record<string, string> };
      w.__walletTokens = { ...w.__walletTokens, [which]: value };
    },
    [wallet, token] as const,
  );
}

/** What the stand-ins recorded so far. */
export function walletLog(page: Page): Promise<WalletLog> {
  return page.evaluate(() => (window as unknown as { __walletLog: WalletLog }).__walletLog);
}
