/**
 * Google Pay (spec §7, §9): loads Google's pay.js only when the vendor allows Google Pay and the
 * build names merchant ids, then talks to `google.payments.api.PaymentsClient`. A stand-in of that
 * class already on the page (end-to-end tests) is used as is, without loading the script.
 */

import { majorAmount } from '@venue/domain/money';

export const GOOGLE_PAY_SCRIPT = 'https://pay.google.com/gp/p/js/pay.js';

export interface GooglePaymentDataRequest {
  apiVersion: 2;
  apiVersionMinor: 0;
  allowedPaymentMethods: {
    type: 'CARD';
    parameters: { allowedAuthMethods: string[]; allowedCardNetworks: string[] };
    tokenizationSpecification: { type: 'PAYMENT_GATEWAY'; parameters: Record<string, string> };
  }[];
  merchantInfo: { merchantId?: string; merchantName: string };
  transactionInfo: { totalPriceStatus: 'FINAL'; totalPrice: string; currencyCode: 'AUD'; countryCode: 'AU' };
}

export interface GooglePaymentData {
  paymentMethodData?: { tokenizationData?: { token?: string } };
}

export interface PaymentsClientLike {
  isReadyToPay?(request: unknown): Promise<{ result?: boolean }>;
  loadPaymentData(request: GooglePaymentDataRequest): Promise<GooglePaymentData>;
}

type PaymentsClientConstructor = new (options: { environment: 'PRODUCTION' | 'TEST' }) => PaymentsClientLike;

/** Spec §9: Google Pay networks MASTERCARD and VISA, auth methods PAN_ONLY and CRYPTOGRAM_3DS. */
const CARD_PARAMETERS = {
  allowedAuthMethods: ['PAN_ONLY', 'CRYPTOGRAM_3DS'],
  allowedCardNetworks: ['MASTERCARD', 'VISA'],
};
/** The gateway the server's payment adapter takes Google Pay tokens for. */
export const GOOGLE_PAY_GATEWAY = 'venuesandbox';

function clientClass(win: unknown): PaymentsClientConstructor | null {
  const candidate = (win as { google?: { payments?: { api?: { PaymentsClient?: unknown } } } }).google?.payments?.api
    ?.PaymentsClient;
  return typeof candidate === 'function' ? (candidate as PaymentsClientConstructor) : null;
}

let scriptLoad: Promise<void> | null = null;

function loadScript(doc: Document): Promise<void> {
  scriptLoad ??= new Promise<void>((resolve) => {
    const script = doc.createElement('script');
    script.src = GOOGLE_PAY_SCRIPT;
    script.async = true;
    // A failed load simply leaves Google Pay out.
    script.onload = () => resolve();
    script.onerror = () => resolve();
    doc.head.appendChild(script);
  });
  return scriptLoad;
}

/**
 * A ready PaymentsClient, or null (no button): when the vendor does not allow Google Pay, when the
 * script cannot provide the class, or when Google says the browser cannot pay.
 */
export async function googlePayClient(options: {
  allowGooglePay: boolean;
  merchantIds: readonly string[];
  environment: 'PRODUCTION' | 'TEST';
  win?: unknown;
  doc?: Document;
}): Promise<PaymentsClientLike | null> {
  if (!options.allowGooglePay) return null;
  const win = options.win ?? globalThis;
  if (!clientClass(win) && options.merchantIds.length > 0) await loadScript(options.doc ?? document);
  const Client = clientClass(win);
  if (!Client) return null;
  try {
    const client = new Client({ environment: options.environment });
    if (client.isReadyToPay) {
      const ready = await client.isReadyToPay({
        apiVersion: 2,
        apiVersionMinor: 0,
        allowedPaymentMethods: [{ type: 'CARD', parameters: CARD_PARAMETERS }],
      });
      if (ready && ready.result === false) return null;
    }
    return client;
  } catch {
    return null;
  }
}

/** The payment data request for an order total. */
export function googlePayRequest(input: {
  totalMinor: number;
  merchantIds: readonly string[];
  merchantName: string;
  vendorId: number;
}): GooglePaymentDataRequest {
  const merchantId = input.merchantIds[0];
  return {
    apiVersion: 2,
    apiVersionMinor: 0,
    allowedPaymentMethods: [
      {
        type: 'CARD',
        parameters: CARD_PARAMETERS,
        tokenizationSpecification: {
          type: 'PAYMENT_GATEWAY',
          parameters: { gateway: GOOGLE_PAY_GATEWAY, gatewayMerchantId: String(input.vendorId) },
        },
      },
    ],
    merchantInfo: { ...(merchantId ? { merchantId } : {}), merchantName: input.merchantName },
    transactionInfo: {
      totalPriceStatus: 'FINAL',
      totalPrice: majorAmount(input.totalMinor),
      currencyCode: 'AUD',
      countryCode: 'AU',
    },
  };
}

/** The token Google hands back, for purchase/wallet. */
export function googlePayToken(data: GooglePaymentData): string | null {
  return data.paymentMethodData?.tokenizationData?.token ?? null;
}

/** Google's way of saying the customer closed the sheet. */
export function isGooglePayCancel(error: unknown): boolean {
  return !!error && typeof error === 'object' && (error as { statusCode?: string }).statusCode === 'CANCELED';
}
