/**
 * The back office's guard: who is signed in (the session cookie), what a manager may touch, and
 * forgery refused. Changing requests from another site are refused by their Origin (browsers send
 * it with every cross-site POST, PUT, PATCH and DELETE) on top of the cookie's SameSite=Strict;
 * bodies are JSON only, which no plain HTML form can send.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  mayActOnVendor,
  OTHER_STORE_MESSAGE,
  sessionManager,
  type SignedManager,
} from '../../modules/managers/managers.service.ts';
import { sendError } from '../../plugins/error-handler.ts';

/** The session cookie: HttpOnly, SameSite=Strict, Secure over https, sent to /admin only. */
export const SESSION_COOKIE = 'venue_admin';
/** How long the browser keeps the cookie; the server ends the session sooner, after SESSION_IDLE_MS without use. */
const COOKIE_MAX_AGE_S = 30 * 24 * 60 * 60;

export const SIGNED_OUT_MESSAGE = 'Sign in to the back office first.';
export const ADMIN_ONLY_MESSAGE = 'Only a venue admin can do this.';
export { OTHER_STORE_MESSAGE };
export const CROSS_SITE_MESSAGE = 'Requests from another site are refused.';

declare module 'fastify' {
  interface FastifyRequest {
    /** the signed-in manager (set by requireManager) */
    manager: SignedManager | null;
  }
}

/** The value of the session cookie, if the request carries one. */
export function sessionToken(request: FastifyRequest): string | null {
  const header = request.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === SESSION_COOKIE) return value.join('=') || null;
  }
  return null;
}

/** The Set-Cookie of a new session (or, with null, of a cleared one). */
export function sessionCookie(request: FastifyRequest, token: string | null): string {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  return token === null
    ? `${SESSION_COOKIE}=; Path=/admin; HttpOnly; SameSite=Strict; Max-Age=0${secure}`
    : `${SESSION_COOKIE}=${token}; Path=/admin; HttpOnly; SameSite=Strict; Max-Age=${COOKIE_MAX_AGE_S}${secure}`;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** host[:port] of an origin, default ports left out; null for "null" (a sandboxed frame, a file) or garbage. */
function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}

/** onRequest: a changing request whose Origin (or Sec-Fetch-Site) says another site sent it answers 403. */
export async function refuseCrossSite(request: FastifyRequest, reply: FastifyReply) {
  if (SAFE_METHODS.has(request.method)) return;
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite === 'cross-site' || fetchSite === 'same-site') return sendError(reply, 403, CROSS_SITE_MESSAGE);
  const origin = request.headers.origin;
  if (origin === undefined) return;
  if (hostOf(origin) !== hostOf(`${request.protocol}://${request.host}`))
    return sendError(reply, 403, CROSS_SITE_MESSAGE);
}

/**
 * onRequest: 401 without a live session; sets `request.manager`. It runs before the body is read and
 * before the request is validated, so a request without a session is told to sign in, whatever it holds.
 */
export function requireManager(deps: { db: Parameters<typeof sessionManager>[0]; clock: () => number }) {
  const guard = async (request: FastifyRequest, reply: FastifyReply) => {
    const token = sessionToken(request);
    const manager = token ? await sessionManager(deps.db, token, deps.clock()) : null;
    if (!manager) {
      if (token) reply.header('Set-Cookie', sessionCookie(request, null));
      return sendError(reply, 401, SIGNED_OUT_MESSAGE);
    }
    request.manager = manager;
  };
  sessionGuards.add(guard);
  return guard;
}

const sessionGuards = new WeakSet<object>();

/** Whether a hook is requireManager's session check (the hostile-input sweep tells guarded routes by it). */
export function isSessionGuard(hook: unknown): boolean {
  return typeof hook === 'function' && sessionGuards.has(hook);
}

/** onRequest after requireManager: 403 for a store manager. */
export async function requireAdmin(request: FastifyRequest, reply: FastifyReply) {
  if (request.manager?.role !== 'admin') return sendError(reply, 403, ADMIN_ONLY_MESSAGE);
}

/** The signed-in manager (after requireManager). */
export function managerOf(request: FastifyRequest): SignedManager {
  if (!request.manager) throw new Error('requireManager must run first');
  return request.manager;
}

/** 403 unless the manager runs the store. */
export function requireVendor(request: FastifyRequest, reply: FastifyReply, vendorId: number) {
  if (!mayActOnVendor(managerOf(request), vendorId)) return sendError(reply, 403, OTHER_STORE_MESSAGE);
  return undefined;
}

/**
 * onRequest after requireManager, for routes under /stores/{vendorId}: 403 unless the path's store is
 * one of the manager's, before the body is read or checked. A path id that is not a number is left to
 * the route's validation (400).
 */
export async function requireOwnStore(request: FastifyRequest, reply: FastifyReply) {
  const raw = (request.params as { vendorId?: unknown }).vendorId;
  if (typeof raw !== 'string' || !/^\d{1,10}$/.test(raw)) return undefined;
  return requireVendor(request, reply, Number(raw));
}
