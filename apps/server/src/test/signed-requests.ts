/** Signed calls for tests, made exactly as the web app makes them (docs/decisions/006-request-signing.md). */
import { createHmac } from 'node:crypto';
import type { CreatedConsumer } from '@venue/contract/consumer';
import { formatAuthorization, signatureBase } from '@venue/domain/request-signature';
import type { FastifyInstance, InjectOptions } from 'fastify';

export interface Signer {
  id: string;
  hmacKey: string;
}

export interface SignedCall {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  payload?: unknown;
  /** defaults to the server's clock */
  timestamp?: number;
  headers?: Record<string, string>;
  /** the client's address (the connection's) */
  remoteAddress?: string;
}

/** The headers of a signed request. */
export function signHeaders(
  signer: Signer,
  call: { method: string; url: string; body: string; contentType: string; timestamp: string },
) {
  const base = signatureBase({
    path: call.url,
    method: call.method,
    body: call.body,
    contentType: call.contentType,
    timestamp: call.timestamp,
  });
  const signature = createHmac('sha1', signer.hmacKey).update(base).digest('base64');
  return { 'x-timestamp': call.timestamp, authorization: formatAuthorization(signer.id, signature) };
}

/** Injects a request signed by `signer`. */
export function signedInject(app: FastifyInstance, signer: Signer, call: SignedCall) {
  const body = call.payload === undefined ? '' : JSON.stringify(call.payload);
  const contentType = call.payload === undefined ? '' : 'application/json';
  const timestamp = String(call.timestamp ?? app.clock());
  const options: InjectOptions = {
    method: call.method,
    url: call.url,
    headers: {
      ...(contentType ? { 'content-type': contentType } : {}),
      ...signHeaders(signer, { method: call.method, url: call.url, body, contentType, timestamp }),
      ...call.headers,
    },
    ...(body ? { payload: body } : {}),
    ...(call.remoteAddress ? { remoteAddress: call.remoteAddress } : {}),
  };
  return app.inject(options);
}

/** Creates a consumer through the API. */
export async function createTestConsumer(app: FastifyInstance, fullName = 'Test Customer'): Promise<CreatedConsumer> {
  const res = await app.inject({
    method: 'POST',
    url: '/v1/consumer/create',
    payload: { contact: { mobile: '+61400000000', email: 'test@example.com' }, name: { fullName } },
  });
  if (res.statusCode !== 200) throw new Error(`consumer/create answered ${res.statusCode}: ${res.body}`);
  return res.json() as CreatedConsumer;
}
