/**
 * Who is calling the operations API, and what they may do. `Authorization: Bearer <token>`:
 *   - OPS_TOKEN is the venue admin: every route.
 *   - a staff token (made by the admin per store) acts only on its own store's routes,
 *     `/ops/v1/vendor/{itsVendorId}/…`, and never on the staff-token routes; anything else is 403.
 * Failed sign-ins are counted per client address; past the limit the address may no longer try
 * the admin token (docs/decisions/017-staff-tokens.md).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { DecimalId } from '@venue/contract/route-params';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Actor } from '../../modules/audit/audit.service.ts';
import {
  authenticateStaffToken,
  recordStaffTokenUse,
  staffTokenIsActive,
  type StaffCredential,
} from '../../modules/staff-tokens/staff-tokens.service.ts';
import { clientKey } from '../../lib/client-key.ts';
import { sendError } from '../../plugins/error-handler.ts';
import type { SignInFailureStore } from '../../lib/sign-in-failures.ts';

export type OpsCredential = { kind: 'admin' } | StaffCredential;

declare module 'fastify' {
  interface FastifyRequest {
    /** set by the operations API's credential check before any of its handlers runs */
    opsCredential: OpsCredential | null;
  }
  interface FastifyContextConfig {
    /**
     * 'admin': an operations route no staff token may use, even under its own store's path;
     * 'any': one every valid credential may use (who am I)
     */
    opsAccess?: 'admin' | 'any';
  }
}

/** The audit log's actor for the admin token (as before staff tokens existed). */
export const ADMIN_ACTOR = 'ops';
export const STAFF_SCOPE_MESSAGE = 'This staff token may only act on its own store.';
export const MISSING_TOKEN_MESSAGE = 'Send the operations token as Authorization: Bearer <token>.';
export const INVALID_TOKEN_MESSAGE = 'The operations token is not valid.';
export const REVOKED_TOKEN_MESSAGE = 'This staff token has been revoked.';

const BEARER = /^Bearer\s+(\S+)\s*$/i;
const ADMIN: OpsCredential = { kind: 'admin' };

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Compares in constant time: hashing first gives equal lengths, so nothing leaks the token's length. */
export function tokenMatches(presented: string, expected: string): boolean {
  return timingSafeEqual(digest(presented), digest(expected));
}

/**
 * The audit log's actor of an operations request: 'ops' for the admin token, and for a staff
 * token `staff:<token id>:<its name>`, so each change names the credential that made it.
 */
export function actorOf(request: FastifyRequest): Actor {
  const credential = request.opsCredential;
  if (!credential) throw new Error('actorOf: the request has no operations credential');
  return credential.kind === 'admin' ? ADMIN_ACTOR : `staff:${credential.tokenId}:${credential.name}`;
}

/**
 * Whether the credential a request was let in with still holds: checked once per request by the
 * hook, this is for work that outlives the request (a long-lived event stream should ask it, say
 * at each heartbeat, and end when a staff token has been revoked).
 */
export async function credentialIsCurrent(db: Kysely<Database>, credential: OpsCredential): Promise<boolean> {
  return credential.kind === 'admin' || staffTokenIsActive(db, credential.tokenId);
}

/**
 * Whether a staff token may use a route: only a route whose template is the vendor path
 * (`<prefix>/vendor/:vendorId` or below it), not marked admin-only, whose vendorId parameter —
 * read exactly as the route's own schema reads it — is the token's store. The template is the
 * matched route's, never the raw URL, so dot segments, encoded slashes and the like cannot move a
 * request into another route's scope; leading zeros name the same store the route would act on.
 */
export function staffMayUse(
  credential: StaffCredential,
  route: { url: string | undefined; config: { opsAccess?: 'admin' | 'any' } | undefined },
  params: unknown,
  prefix: string,
): boolean {
  if (route.config?.opsAccess === 'any' && route.url !== undefined) return true;
  if (route.config?.opsAccess === 'admin' || route.url === undefined) return false;
  const vendorRoute = `${prefix}/vendor/:vendorId`;
  if (route.url !== vendorRoute && !route.url.startsWith(`${vendorRoute}/`)) return false;
  const vendorId = DecimalId.safeParse((params as Record<string, unknown> | null)?.vendorId);
  return vendorId.success && vendorId.data === credential.vendorId;
}

export interface OpsAuthOptions {
  adminToken: string;
  db: Kysely<Database>;
  clock: () => number;
  failures: SignInFailureStore;
  /** failed sign-ins per client address and window before the address is refused */
  maxFailures: number;
  /** the operations API's path prefix (/ops/v1) */
  prefix: string;
}

function unauthorized(reply: FastifyReply, message: string) {
  reply.header('WWW-Authenticate', 'Bearer realm="ops"');
  return sendError(reply, 401, message);
}

/**
 * An onRequest hook (it runs after routing, so the matched route and its parameters are known,
 * and before the body is read): resolves the credential onto `request.opsCredential`, answering
 * 401 without one, 429 for an address past its failed sign-ins, 403 for a staff token outside its
 * store. Staff tokens are read from the database on every request, so a revocation acts at once in
 * every process.
 */
export function resolveOpsCredential(options: OpsAuthOptions) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    request.opsCredential = null;
    const presented = BEARER.exec(request.headers.authorization ?? '')?.[1];
    if (!presented) return unauthorized(reply, MISSING_TOKEN_MESSAGE);

    const now = options.clock();
    // Staff tokens are 256 random bits, beyond guessing, so they are not counted and keep working
    // from a locked address: a guest on the venue's Wi-Fi cannot shut the kitchen display out.
    // Only a token shaped like a staff token is looked up.
    const staff = await authenticateStaffToken(options.db, presented);
    if (staff === 'revoked') return unauthorized(reply, REVOKED_TOKEN_MESSAGE);
    if (staff === 'unknown') {
      // The admin token, or a guess at it: counted first, and compared only within the limit, so
      // however many arrive at once no more than the limit are ever compared in a window.
      const attempt = await options.failures.add(clientKey(request.ip), now);
      if (attempt.count > options.maxFailures) {
        const seconds = Math.max(1, Math.ceil((attempt.resetsAt - now) / 1000));
        reply.header('Retry-After', String(seconds));
        return sendError(
          reply,
          429,
          `Too many failed sign-ins from this address. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
        );
      }
      if (tokenMatches(presented, options.adminToken)) {
        await options.failures.release(clientKey(request.ip), attempt);
        request.opsCredential = ADMIN;
        return;
      }
      return unauthorized(reply, INVALID_TOKEN_MESSAGE);
    }
    const route = { url: request.routeOptions.url, config: request.routeOptions.config };
    if (!staffMayUse(staff.credential, route, request.params, options.prefix)) {
      return sendError(reply, 403, STAFF_SCOPE_MESSAGE);
    }
    await recordStaffTokenUse(options.db, staff, now);
    request.opsCredential = staff.credential;
  };
}
