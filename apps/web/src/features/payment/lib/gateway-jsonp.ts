/**
 * Spec §7 card payment: a JSONP-style GET to the gateway's form action URL. The gateway answers a
 * script calling the named callback with its result (`r` the result code; also id, v, token,
 * successful, errors).
 */
import { PAYMENT_REQUEST_TIMEOUT_MS } from '../../../lib/api-client';

/** The gateway's answer to the card request. */
export interface GatewayResult {
  r: number | string;
  id?: string | null;
  v?: string | null;
  token?: string | null;
  successful?: boolean;
  errors?: string[] | null;
}

/** The request could not be completed (no answer, a script error, a timeout). */
export class GatewayRequestError extends Error {
  constructor(message = 'The payment gateway could not be reached') {
    super(message);
    this.name = 'GatewayRequestError';
  }
}

/** The query parameter naming the callback. */
export const CALLBACK_PARAM = 'callback';
/**
 * How long the app waits for the gateway before treating it as a request error (spec §8: a verify
 * call follows and the 'Temporary problem...' message shows). A script tag has no timeout of its
 * own: a gateway that holds the request open would leave the customer at the loader for good. It
 * charges the card, so it gets the payment calls' time.
 */
export const GATEWAY_TIMEOUT_MS = PAYMENT_REQUEST_TIMEOUT_MS;

let sequence = 0;

/** Calls the gateway by a script tag and resolves with the object it passes to the callback. */
export function jsonpRequest(
  url: string,
  params: Record<string, string>,
  { timeoutMs = GATEWAY_TIMEOUT_MS, doc = document }: { timeoutMs?: number; doc?: Document } = {},
): Promise<GatewayResult> {
  return new Promise((resolve, reject) => {
    const callbackName = `__gatewayCallback${Date.now().toString(36)}${(sequence += 1)}`;
    const target = new URL(url, doc.baseURI);
    for (const [key, value] of Object.entries(params)) target.searchParams.set(key, value);
    target.searchParams.set(CALLBACK_PARAM, callbackName);

    const script = doc.createElement('script');
    const registry = window as unknown as Record<string, unknown>;
    const finish = () => {
      clearTimeout(timer);
      delete registry[callbackName];
      script.remove();
    };
    registry[callbackName] = (result: GatewayResult) => {
      finish();
      if (!result || typeof result !== 'object' || !('r' in result))
        reject(new GatewayRequestError('Malformed answer'));
      else resolve(result);
    };
    script.onerror = () => {
      finish();
      reject(new GatewayRequestError());
    };
    const timer = setTimeout(() => {
      finish();
      reject(new GatewayRequestError('The payment gateway did not answer'));
    }, timeoutMs);
    script.src = target.toString();
    script.async = true;
    doc.head.appendChild(script);
  });
}
