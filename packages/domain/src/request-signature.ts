/**
 * The signed-request scheme of spec §7 (docs/decisions/006-request-signing.md). The app and the
 * server build the same string from a request and sign it with HMAC-SHA1 keyed by the consumer's
 * `hmacKey`; the app with Web Crypto, the server with node:crypto. Only the string is defined
 * here, so both sides agree byte for byte.
 */

/** Header carrying the signing instant, epoch milliseconds in decimal digits. */
export const TIMESTAMP_HEADER = 'x-timestamp';
/** Header carrying `HMAC <consumerId>:<base64 signature>`. */
export const AUTHORIZATION_HEADER = 'authorization';
/** The authorisation scheme name. */
export const SIGNATURE_SCHEME = 'HMAC';
/** Architecture: a signature is accepted within ±5 minutes of the server's clock. */
export const SIGNATURE_MAX_SKEW_MS = 5 * 60_000;

export interface SignedRequestParts {
  /** the path as sent, with its query string: "/v1/current-consumer/order/7/coupon?couponCode=HALF" */
  path: string;
  /** HTTP method; upper-cased */
  method: string;
  /** the exact body text sent; "" when there is none */
  body: string;
  /** the Content-Type header as sent; "" when there is none */
  contentType: string;
  /** the x-timestamp header value */
  timestamp: string;
}

/**
 * The string that is signed: method, path, content type, timestamp and body, joined by "\n".
 * The body comes last so a newline inside it cannot shift the other fields; the content type is
 * lower-cased and trimmed because proxies and fetch implementations may change its case.
 */
export function signatureBase(parts: SignedRequestParts): string {
  return [
    parts.method.toUpperCase(),
    parts.path,
    parts.contentType.trim().toLowerCase(),
    parts.timestamp,
    parts.body,
  ].join('\n');
}

/** The authorisation header value for a consumer and a base64 signature. */
export function formatAuthorization(consumerId: string, signatureBase64: string): string {
  return `${SIGNATURE_SCHEME} ${consumerId}:${signatureBase64}`;
}

/** Consumer id and signature from an authorisation header, or null when it is not the HMAC scheme. */
export function parseAuthorization(header: string | undefined): { consumerId: string; signature: string } | null {
  if (!header) return null;
  const match = /^HMAC ([A-Za-z0-9_-]{1,64}):([A-Za-z0-9+/]{1,200}={0,2})$/.exec(header.trim());
  if (!match?.[1] || !match[2]) return null;
  return { consumerId: match[1], signature: match[2] };
}

/** Whether a timestamp header is decimal epoch ms within the allowed skew of now. */
export function isFreshTimestamp(
  timestamp: string | undefined,
  nowMs: number,
  maxSkewMs = SIGNATURE_MAX_SKEW_MS,
): boolean {
  if (timestamp === undefined || !/^\d{1,16}$/.test(timestamp)) return false;
  return Math.abs(Number(timestamp) - nowMs) <= maxSkewMs;
}

/**
 * A signed GET whose signature travels in the query, for clients that cannot set headers (the
 * browser's EventSource): `?consumerId=…&timestamp=…&signature=…` (URL-encoded), the signature
 * over the same string as a header-signed GET of the path without its query.
 */
export const SIGNED_QUERY_PARAMS = {
  consumerId: 'consumerId',
  timestamp: 'timestamp',
  signature: 'signature',
} as const;

/** The string a query-signed GET of `path` (no query) signs. */
export function signedQueryBase(path: string, timestamp: string): string {
  return signatureBase({ method: 'GET', path, body: '', contentType: '', timestamp });
}
