import {
  AUTHORIZATION_HEADER,
  formatAuthorization,
  signatureBase,
  TIMESTAMP_HEADER,
} from '@venue/domain/request-signature';
import { apiRequest, apiUrl, type RequestOptions } from './api-client';

/**
 * Signed calls of spec §7 (marked "auth"): a timestamp header plus an authorisation header holding
 * the consumer id and an HMAC-SHA1 signature over path, method, body, content type and timestamp,
 * keyed by the consumer's key. The signed string is packages/domain request-signature.ts
 * (docs/decisions/006-request-signing.md); this file adds Web Crypto and the headers.
 */

/** The consumer's credentials from POST /v1/consumer/create. */
export interface SigningKey {
  consumerId: string;
  hmacKey: string;
}

/** The consumer's signing key, or null before a consumer is saved. */
export function signingKeyOf(consumer: { id: string | null; hmacKey: string | null }): SigningKey | null {
  return consumer.id && consumer.hmacKey ? { consumerId: consumer.id, hmacKey: consumer.hmacKey } : null;
}

/** Spec §7: the default content type is JSON. */
export const JSON_CONTENT_TYPE = 'application/json';

function toBase64(bytes: ArrayBuffer): string {
  let binary = '';
  for (const byte of new Uint8Array(bytes)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** HMAC-SHA1 of a text with a key (both as UTF-8 bytes) by Web Crypto, base64-encoded. */
export async function hmacSha1Base64(key: string, text: string): Promise<string> {
  const encoder = new TextEncoder();
  const cryptoKey = await crypto.subtle.importKey('raw', encoder.encode(key), { name: 'HMAC', hash: 'SHA-1' }, false, [
    'sign',
  ]);
  return toBase64(await crypto.subtle.sign('HMAC', cryptoKey, encoder.encode(text)));
}

/**
 * The headers that sign one request: `path` is the URL path with its query as the server receives
 * it, `contentType` the Content-Type sent ('' without a body), `body` the exact text sent.
 */
export async function signatureHeaders(
  key: SigningKey,
  request: { path: string; method: string; body: string; contentType: string },
  nowMs: number = Date.now(),
): Promise<Record<string, string>> {
  const timestamp = String(nowMs);
  const signature = await hmacSha1Base64(key.hmacKey, signatureBase({ ...request, timestamp }));
  return {
    [TIMESTAMP_HEADER]: timestamp,
    [AUTHORIZATION_HEADER]: formatAuthorization(key.consumerId, signature),
  };
}

/** The path part of an API URL ("/v1/vendor/1/order/2?x=1"), as the server sees it. */
function signedPath(path: string): string {
  const url = new URL(apiUrl(path), 'http://localhost');
  return `${url.pathname}${url.search}`;
}

/**
 * apiRequest with a signature: every (auth) call of spec §7. POST/PUT calls always carry a JSON
 * body (at least `{}`) so the signed body and content type are exactly the ones the server reads;
 * GET calls carry neither.
 */
export async function signedRequest<T = unknown>(
  key: SigningKey,
  path: string,
  options: RequestOptions = {},
): Promise<T> {
  const method = options.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'DELETE';
  const body = hasBody ? (options.body ?? {}) : undefined;
  const headers = await signatureHeaders(key, {
    path: signedPath(path),
    method,
    body: body === undefined ? '' : JSON.stringify(body),
    contentType: body === undefined ? '' : JSON_CONTENT_TYPE,
  });
  return apiRequest<T>(path, {
    ...options,
    method,
    ...(body === undefined ? {} : { body }),
    headers: { ...(options.headers ?? {}), ...headers },
  });
}
