/**
 * Verifies signed requests (spec §7 (auth) calls; docs/decisions/006-request-signing.md): the
 * HMAC-SHA1 of the signature string, keyed by the consumer's key, within ±5 minutes, compared in
 * constant time. Sets `request.consumer`; anything else answers 401.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  isFreshTimestamp,
  parseAuthorization,
  SIGNED_QUERY_PARAMS,
  signatureBase,
  signedQueryBase,
  TIMESTAMP_HEADER,
} from '@venue/domain/request-signature';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from '../../plugins/error-handler.ts';
import { findConsumer } from './consumers.repository.ts';
import type { SignedConsumer } from './consumers.service.ts';

/** Signing keys kept per database, by consumer id. */
const KEY_CACHE_SIZE = 50_000;
const signingKeys = new WeakMap<object, Map<string, string>>();

/**
 * A consumer's signing key. Keys never change and consumers are never deleted, so each is read
 * once per process: a checkout's three signed calls then cost one lookup instead of three.
 */
async function signingKey(app: FastifyInstance, consumerId: string): Promise<string | undefined> {
  const known = keysOf(app).get(consumerId);
  if (known !== undefined) return known;
  const key = (await findConsumer(app.db, consumerId))?.hmac_key;
  if (key === undefined) return undefined;
  rememberSigningKey(app, consumerId, key);
  return key;
}

function keysOf(app: FastifyInstance): Map<string, string> {
  let keys = signingKeys.get(app.db);
  if (!keys) signingKeys.set(app.db, (keys = new Map()));
  return keys;
}

/**
 * Keeps a key this process already knows (a consumer it just created), so the new consumer's first
 * signed call (placing an order) is checked without reading the key back.
 */
export function rememberSigningKey(app: FastifyInstance, consumerId: string, key: string): void {
  const keys = keysOf(app);
  if (keys.size >= KEY_CACHE_SIZE) keys.delete(keys.keys().next().value as string);
  keys.set(consumerId, key);
}

declare module 'fastify' {
  interface FastifyRequest {
    /** the consumer that signed the request (set by requireConsumer) */
    consumer?: SignedConsumer;
    /** the body text as received, for signature checks */
    rawBody?: string;
  }
}

/**
 * Compares a presented base64 signature with the expected one in constant time. The text is
 * compared, not the decoded bytes: base64 decoders ignore stray padding bits, so two different
 * texts could otherwise pass as one signature. Only the length can differ in time, and an
 * HMAC-SHA1 signature's length (28 characters) is no secret.
 */
export function signatureMatches(presented: string, expected: string): boolean {
  const given = Buffer.from(presented, 'utf8');
  const wanted = Buffer.from(expected, 'utf8');
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/** HMAC-SHA1 in base64 of a signature string. */
export function sign(hmacKey: string, base: string): string {
  return createHmac('sha1', hmacKey).update(base, 'utf8').digest('base64');
}

function unauthorized(reply: FastifyReply, message: string) {
  reply.header('WWW-Authenticate', 'HMAC');
  return sendError(reply, 401, message);
}

interface Presented {
  consumerId: string;
  signature: string;
  timestamp: string;
  /** the signature string the signer should have signed */
  base: string;
}

/** Checks a presented signature; sets `request.consumer` or answers 401. */
async function verify(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, presented: Presented) {
  if (!isFreshTimestamp(presented.timestamp, app.clock())) {
    return unauthorized(reply, 'The request signature has expired. Check the device clock and try again.');
  }
  const key = await signingKey(app, presented.consumerId);
  const expected = sign(key ?? 'no-such-consumer', presented.base);
  // Compared even for an unknown consumer, so the answer takes as long either way.
  if (!signatureMatches(presented.signature, expected) || key === undefined) {
    return unauthorized(reply, 'The request signature is not valid.');
  }
  request.consumer = { id: presented.consumerId };
}

/** A preValidation hook: runs after the body is read, before it is validated, so unsigned requests learn nothing about the schema. */
export function requireConsumer(app: FastifyInstance) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const auth = parseAuthorization(request.headers.authorization);
    const timestamp = request.headers[TIMESTAMP_HEADER];
    if (!auth || typeof timestamp !== 'string') {
      return unauthorized(
        reply,
        'This request must be signed: send x-timestamp and Authorization: HMAC <consumerId>:<signature>.',
      );
    }
    const contentType = request.headers['content-type'] ?? '';
    const base = signatureBase({
      path: request.url,
      method: request.method,
      body: request.rawBody ?? '',
      contentType,
      timestamp,
    });
    return verify(app, request, reply, { consumerId: auth.consumerId, signature: auth.signature, timestamp, base });
  };
}

/**
 * requireConsumer for a GET that may carry its signature in the query instead (an EventSource
 * cannot set headers): `consumerId`, `timestamp` and `signature` over the path without its query
 * (packages/domain request-signature.ts `signedQueryBase`). Without them, the headers are checked.
 */
export function requireConsumerOrSignedQuery(app: FastifyInstance) {
  const headerSigned = requireConsumer(app);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const query = new URLSearchParams(request.url.split('?')[1] ?? '');
    const signature = query.get(SIGNED_QUERY_PARAMS.signature);
    if (signature === null) return headerSigned(request, reply);
    const consumerId = query.get(SIGNED_QUERY_PARAMS.consumerId);
    const timestamp = query.get(SIGNED_QUERY_PARAMS.timestamp);
    if (!consumerId || !timestamp) {
      return unauthorized(reply, 'A signed address needs consumerId, timestamp and signature in its query.');
    }
    const path = request.url.split('?')[0] ?? '';
    return verify(app, request, reply, { consumerId, signature, timestamp, base: signedQueryBase(path, timestamp) });
  };
}

/** The signer of a request that passed requireConsumer. */
export function consumerOf(request: FastifyRequest): SignedConsumer {
  if (!request.consumer) throw new Error('route is missing the requireConsumer hook');
  return request.consumer;
}
