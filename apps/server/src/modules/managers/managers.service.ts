/**
 * The back office's accounts: managers, their sessions, and the one-time links that set a
 * password. Secrets (session tokens, link tokens) are shown once and kept only as SHA-256 hashes;
 * passwords only as scrypt hashes (passwords.ts). A session ends after a while without use, on
 * sign-out (this one or everywhere), and at once in every process when the account is disabled,
 * since every request reads its session from the database.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Manager, ManagerInvite, ManagerRole } from '@venue/contract/admin-accounts';
import type { Kysely, Selectable } from 'kysely';
import type { Database, ManagersTable } from '../../db/schema.ts';
import { conflict, HttpError, notFound } from '../../lib/http-error.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { Mailer } from '../receipts/mailer.ts';
import { decoyHash, hashPassword, verifyPassword } from './passwords.ts';
import {
  endSessionById,
  endSessionsOf,
  findLinkByHash,
  findLiveSession,
  findManagerByEmail,
  findManagerById,
  insertLink,
  insertManager,
  insertSession,
  listManagerRows,
  retireLinks,
  touchSession,
  updateManagerRow,
  useLink,
} from './managers.repository.ts';

/** How long a link that sets a password works (spec issue 26: 24 h). */
export const LINK_VALID_MS = 24 * 60 * 60_000;
/** A session not used for this long ends: a shift, with room for a long lunch. */
export const SESSION_IDLE_MS = 8 * 60 * 60_000;
/** How often a session's last use is written (one write a minute at most, not one per request). */
const TOUCH_EVERY_MS = 60_000;

/** The answer to a link that is unknown, used or expired: one sentence for all three. */
export const LINK_INVALID_MESSAGE =
  'This link has expired or has already been used. Ask for a new one (Forgot password) or ask your admin.';
/** The answer to a wrong email or password: which of the two is never said. */
export const SIGN_IN_REFUSED_MESSAGE = 'Wrong email or password.';

type ManagerRow = Selectable<ManagersTable>;

/** Who is signed in: the manager, and which of its sessions this is. */
export interface SignedManager {
  id: number;
  email: string;
  name: string;
  role: ManagerRole;
  /** a store manager's stores; empty for an admin */
  vendorIds: number[];
  sessionId: number;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());
const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');
const newSecret = () => randomBytes(32).toString('base64url');

function vendorIdsOf(text: string): number[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((id): id is number => Number.isInteger(id)) : [];
  } catch {
    return [];
  }
}

export function toManager(row: Omit<ManagerRow, 'updated_at'>): Manager {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role === 'admin' ? 'admin' : 'store',
    vendorIds: row.role === 'admin' ? [] : vendorIdsOf(row.vendor_ids),
    passwordSet: row.password_hash !== null,
    disabledAt: iso(row.disabled_at),
    createdAt: new Date(Number(row.created_at)).toISOString(),
  };
}

/** The actor of the audit log for a manager's changes: id and name, as staff tokens are written. */
export function managerActor(manager: Pick<SignedManager, 'id' | 'name'>): `manager:${number}:${string}` {
  return `manager:${manager.id}:${manager.name}`;
}

/** The answer (403) to a store manager asking for another store's things. */
export const OTHER_STORE_MESSAGE = 'This store is not one of yours.';

/** The stores a manager sees: null for every store (an admin). */
export function storeScope(manager: Pick<SignedManager, 'role' | 'vendorIds'>): readonly number[] | null {
  return manager.role === 'admin' ? null : manager.vendorIds;
}

/** Whether the manager may act on a store: an admin on every store, a store manager on its own. */
export function mayActOnVendor(manager: Pick<SignedManager, 'role' | 'vendorIds'>, vendorId: number): boolean {
  return manager.role === 'admin' || manager.vendorIds.includes(vendorId);
}

/** A new link for the manager; answers its token (shown once: in the e-mail or on the CLI's last line). */
async function issueLink(
  db: Kysely<Database>,
  managerId: number,
  purpose: 'invite' | 'reset',
  nowMs: number,
): Promise<string> {
  const token = newSecret();
  await insertLink(db, {
    managerId,
    purpose,
    tokenHash: sha256(token),
    createdAt: nowMs,
    expiresAt: nowMs + LINK_VALID_MS,
  });
  return token;
}

/** The back office's page that sets a password from a link's token. */
export function setPasswordUrl(publicUrl: string, token: string): string {
  const url = new URL('/admin/set-password', publicUrl);
  url.searchParams.set('token', token);
  return url.toString();
}

/**
 * A new manager (the first admin from the CLI, or an admin's invitation), and a link to set the
 * password. An address that already has an account answers 409.
 */
export async function createManager(
  db: Kysely<Database>,
  input: ManagerInvite,
  actor: string,
  nowMs: number,
): Promise<{ manager: Manager; token: string }> {
  if (await findManagerByEmail(db, input.email)) throw conflict(`${input.email} already has an account.`);
  const vendorIds = input.role === 'admin' ? [] : [...new Set(input.vendorIds ?? [])].sort((a, b) => a - b);
  let id: number;
  try {
    id = await insertManager(db, {
      email: input.email,
      name: input.name,
      role: input.role,
      vendor_ids: JSON.stringify(vendorIds),
      password_hash: null,
      created_at: nowMs,
      updated_at: nowMs,
      disabled_at: null,
    });
  } catch (error) {
    // Two invitations of one address at the same time: the unique index lets one through.
    if (await findManagerByEmail(db, input.email)) throw conflict(`${input.email} already has an account.`);
    throw error;
  }
  await recordAudit(db, {
    at: nowMs,
    actor,
    action: 'manager.created',
    entity: 'manager',
    entityId: String(id),
    details: { email: input.email, role: input.role, vendorIds },
  });
  const token = await issueLink(db, id, 'invite', nowMs);
  const row = await findManagerById(db, id);
  return { manager: toManager(row!), token };
}

/**
 * Sets a password from a link's token: once per link, within its 24 hours. Every other link of the
 * manager stops working and every session ends (a reset after a stolen password locks the thief out).
 */
export async function setPasswordFromLink(
  db: Kysely<Database>,
  token: string,
  password: string,
  nowMs: number,
): Promise<void> {
  const link = await findLinkByHash(db, sha256(token));
  if (!link || link.used_at !== null || Number(link.expires_at) <= nowMs)
    throw new HttpError(400, LINK_INVALID_MESSAGE);
  const manager = await findManagerById(db, link.manager_id);
  if (!manager || manager.disabled_at !== null) throw new HttpError(400, LINK_INVALID_MESSAGE);
  // Hashed before the transaction: a quarter of a second of scrypt holds no connection.
  const hash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    if (!(await useLink(trx, link.id, nowMs))) throw new HttpError(400, LINK_INVALID_MESSAGE);
    await updateManagerRow(trx, manager.id, { password_hash: hash, updated_at: nowMs });
    await retireLinks(trx, manager.id, nowMs);
    await endSessionsOf(trx, manager.id, nowMs);
    await recordAudit(trx, {
      at: nowMs,
      actor: managerActor(manager),
      action: 'manager.password_set',
      entity: 'manager',
      entityId: String(manager.id),
      details: { purpose: link.purpose },
    });
  });
}

/**
 * Checks an email and password; answers a new session's token (the cookie's value), or null when
 * they do not match a working account. A wrong email costs as long as a wrong password.
 */
export async function signIn(
  db: Kysely<Database>,
  email: string,
  password: string,
  nowMs: number,
): Promise<{ token: string; manager: Manager } | null> {
  const manager = await findManagerByEmail(db, email);
  const usable = manager && manager.disabled_at === null && manager.password_hash !== null;
  const matches = await verifyPassword(password, usable ? manager.password_hash! : await decoyHash());
  if (!usable || !matches) return null;
  const token = newSecret();
  await insertSession(db, { managerId: manager.id, tokenHash: sha256(token), nowMs });
  return { token, manager: toManager(manager) };
}

/**
 * The manager a session cookie's token signs in, or null when the session ended, went unused for
 * SESSION_IDLE_MS, or its account is disabled. Marks the session used (at most once a minute).
 */
export async function sessionManager(
  db: Kysely<Database>,
  token: string,
  nowMs: number,
): Promise<SignedManager | null> {
  const row = await findLiveSession(db, sha256(token));
  if (!row) return null;
  if (row.disabled_at !== null || nowMs - Number(row.last_seen_at) > SESSION_IDLE_MS) {
    await endSessionById(db, row.session_id, nowMs);
    return null;
  }
  if (nowMs - Number(row.last_seen_at) >= TOUCH_EVERY_MS) await touchSession(db, row.session_id, nowMs);
  const view = toManager(row);
  return {
    id: view.id,
    email: view.email,
    name: view.name,
    role: view.role,
    vendorIds: view.vendorIds,
    sessionId: row.session_id,
  };
}

/** Ends this session (sign out). */
export function signOut(db: Kysely<Database>, manager: SignedManager, nowMs: number): Promise<void> {
  return endSessionById(db, manager.sessionId, nowMs);
}

/** Ends every session of the manager, this one included (sign out everywhere). */
export async function signOutEverywhere(db: Kysely<Database>, manager: SignedManager, nowMs: number): Promise<void> {
  await endSessionsOf(db, manager.id, nowMs);
}

/** Every account, disabled ones too, oldest first. */
export async function listManagers(db: Kysely<Database>): Promise<Manager[]> {
  return (await listManagerRows(db)).map(toManager);
}

/** The manager by id, or 404. */
export async function getManager(db: Kysely<Database>, id: number): Promise<Manager> {
  const row = await findManagerById(db, id);
  if (!row) throw notFound(`Manager ${id} not found`);
  return toManager(row);
}

/**
 * Disables an account at once: its sessions end (every process reads them from the database) and
 * its links stop working. An admin cannot disable itself (someone must be left to run the venue).
 */
export async function disableManager(
  db: Kysely<Database>,
  id: number,
  by: SignedManager,
  nowMs: number,
): Promise<void> {
  if (id === by.id) throw conflict('You cannot disable your own account; ask another admin.');
  const row = await findManagerById(db, id);
  if (!row) throw notFound(`Manager ${id} not found`);
  if (row.disabled_at !== null) return;
  await db.transaction().execute(async (trx) => {
    await updateManagerRow(trx, id, { disabled_at: nowMs, updated_at: nowMs });
    await endSessionsOf(trx, id, nowMs);
    await retireLinks(trx, id, nowMs);
    await recordAudit(trx, {
      at: nowMs,
      actor: managerActor(by),
      action: 'manager.disabled',
      entity: 'manager',
      entityId: String(id),
    });
  });
}

/**
 * A reset link for an address that has a working account (nothing for one that has none, and the
 * caller answers the same either way, so the form tells no one which addresses have accounts).
 */
export async function issueResetLink(
  db: Kysely<Database>,
  email: string,
  nowMs: number,
): Promise<{ manager: Manager; token: string } | null> {
  const row = await findManagerByEmail(db, email);
  if (!row || row.disabled_at !== null) return null;
  return { manager: toManager(row), token: await issueLink(db, row.id, 'reset', nowMs) };
}

/** The e-mail of a link that sets a password: an invitation or a reset. */
export function composeLinkMail(
  purpose: 'invite' | 'reset',
  manager: Pick<Manager, 'name' | 'email'>,
  link: string,
  venueName: string,
) {
  const subject =
    purpose === 'invite'
      ? `You're invited to run ${venueName}'s back office`
      : `Reset your ${venueName} back-office password`;
  const intro =
    purpose === 'invite'
      ? `You have been invited to ${venueName}'s back office. Set your password to sign in:`
      : `Someone asked to reset the password of ${manager.email}. If it was you, set a new password:`;
  const text = `Hello ${manager.name},\n\n${intro}\n\n${link}\n\nThe link works once, for 24 hours.\n`;
  const escape = (value: string) =>
    value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
  const html = `<p>Hello ${escape(manager.name)},</p><p>${escape(intro)}</p><p><a href="${escape(link)}">${escape(link)}</a></p><p>The link works once, for 24 hours.</p>`;
  return { subject, text, html };
}

/** Sends a link's e-mail; a mail that cannot be sent is logged by the caller, never lost silently. */
export async function sendLinkMail(
  mailer: Mailer,
  from: string,
  purpose: 'invite' | 'reset',
  manager: Pick<Manager, 'name' | 'email'>,
  link: string,
  venueName: string,
): Promise<void> {
  await mailer.send({ from, to: manager.email, ...composeLinkMail(purpose, manager, link, venueName) });
}
