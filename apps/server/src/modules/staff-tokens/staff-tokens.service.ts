/**
 * Staff tokens: the venue admin gives each store's devices or people a credential of their own,
 * which acts only on that store (the scope is enforced in routes/ops/ops-auth.ts). A token is shown once,
 * when it is made; only its SHA-256 hash is stored, so a copy of the database signs no one in.
 * Every request looks its token up again, so a revocation acts at once in every server process.
 */
import { createHash } from 'node:crypto';
import QRCode from 'qrcode';
import type { StaffToken, StaffTokenCreated } from '@venue/contract/staff-tokens';
import { STAFF_TOKEN_PREFIX } from '@venue/contract/staff-tokens';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { notFound } from '../../lib/http-error.ts';
import { randomBytes } from '../../lib/random-bytes.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { vendorExists } from '../vendors/vendors.service.ts';
import {
  findStaffTokenByHash,
  findStaffTokenRow,
  findStaffTokenStore,
  insertStaffToken,
  isStaffTokenRowActive,
  listStaffTokenRows,
  listStaffTokenRowsOfStores,
  revokeStaffTokenRow,
  touchStaffTokenRow,
  type StaffTokenRow,
} from './staff-tokens.repository.ts';

/** 256 random bits: guessing one is out of the question, whatever the rate limit. */
const TOKEN_BYTES = 32;
/** A token as this module makes it: the prefix and 32 bytes in base64url (43 characters). */
const TOKEN_SHAPE = new RegExp(`^${STAFF_TOKEN_PREFIX}[A-Za-z0-9_-]{43}$`);
/**
 * `last_used_at` is for people reading the list, to the minute (README): it is stored rounded down
 * to its minute and written once a minute at most, since a write per request would cost a write per poll.
 */
export const LAST_USED_RESOLUTION_MS = 60_000;
const minuteOf = (ms: number) => Math.floor(ms / LAST_USED_RESOLUTION_MS) * LAST_USED_RESOLUTION_MS;

/** Who a working staff token is. */
export interface StaffCredential {
  kind: 'staff';
  tokenId: number;
  vendorId: number;
  name: string;
}

export function hashStaffToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Whether text has the shape of a staff token; anything else is not looked up at all. */
export function looksLikeStaffToken(text: string): boolean {
  return TOKEN_SHAPE.test(text);
}

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

function toStaffToken(row: StaffTokenRow): StaffToken {
  return {
    id: Number(row.id),
    vendorId: Number(row.vendor_id),
    name: row.name,
    createdAt: new Date(Number(row.created_at)).toISOString(),
    // Rows written before uses were rounded carry seconds.
    lastUsedAt: iso(row.last_used_at === null ? null : minuteOf(Number(row.last_used_at))),
    revokedAt: iso(row.revoked_at),
  };
}

async function requireVendor(db: Kysely<Database>, vendorId: number) {
  if (!(await vendorExists(db, vendorId))) throw notFound(`Vendor ${vendorId} not found`);
}

export async function createStaffToken(
  db: Kysely<Database>,
  vendorId: number,
  name: string,
  actor: string,
  nowMs: number,
): Promise<Omit<StaffTokenCreated, 'signInUrl' | 'signInQrSvg'>> {
  await requireVendor(db, vendorId);
  const token = `${STAFF_TOKEN_PREFIX}${randomBytes(TOKEN_BYTES).toString('base64url')}`;
  const id = await db.transaction().execute(async (trx) => {
    const id = await insertStaffToken(trx, { vendorId, name, tokenHash: hashStaffToken(token), createdAt: nowMs });
    await recordAudit(trx, {
      at: nowMs,
      actor,
      action: 'staff-token.create',
      entity: 'staff_token',
      entityId: String(id),
      details: { vendorId, name },
    });
    return id;
  });
  return { id, vendorId, name, createdAt: new Date(nowMs).toISOString(), token };
}

/**
 * The staff display's address that signs a device in with a token, and that address as a QR code
 * (an SVG document) for the device's camera. The token rides in the fragment: a browser never
 * sends it to a server or writes it to a log.
 */
export async function staffSignInLink(
  publicUrl: string,
  token: string,
): Promise<Pick<StaffTokenCreated, 'signInUrl' | 'signInQrSvg'>> {
  const signInUrl = `${publicUrl}/staff#token=${encodeURIComponent(token)}`;
  const signInQrSvg = await QRCode.toString(signInUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { signInUrl, signInQrSvg };
}

export async function listStaffTokens(db: Kysely<Database>, vendorId: number): Promise<StaffToken[]> {
  await requireVendor(db, vendorId);
  return (await listStaffTokenRows(db, vendorId)).map(toStaffToken);
}

/**
 * Every token of these stores (null: every store), revoked ones included, each with its store's
 * name: the back office's one list of every store's tokens.
 */
export async function listStaffTokensOfStores(
  db: Kysely<Database>,
  vendorIds: readonly number[] | null,
): Promise<Array<StaffToken & { storeName: string }>> {
  if (vendorIds !== null && vendorIds.length === 0) return [];
  return (await listStaffTokenRowsOfStores(db, vendorIds)).map((row) => ({
    ...toStaffToken(row),
    storeName: row.store_name,
  }));
}

/** The store a staff token belongs to (so a caller can check who may revoke it); 404 when there is no such token. */
export async function staffTokenStore(db: Kysely<Database>, id: number): Promise<number> {
  const row = await findStaffTokenStore(db, id);
  if (!row) throw notFound(`Staff token ${id} not found`);
  return Number(row.vendor_id);
}

/** Revokes a token of the vendor; revoking a revoked token again changes nothing and is no error. */
export async function revokeStaffToken(
  db: Kysely<Database>,
  vendorId: number,
  id: number,
  actor: string,
  nowMs: number,
): Promise<void> {
  await requireVendor(db, vendorId);
  await db.transaction().execute(async (trx) => {
    const row = await findStaffTokenRow(trx, vendorId, id);
    if (!row) throw notFound(`Staff token ${id} not found for vendor ${vendorId}`);
    if (!(await revokeStaffTokenRow(trx, id, nowMs))) return;
    await recordAudit(trx, {
      at: nowMs,
      actor,
      action: 'staff-token.revoke',
      entity: 'staff_token',
      entityId: String(id),
      details: { vendorId, name: row.name },
    });
  });
}

/** A working staff token as found: who it is, and when its use was last recorded. */
export interface StaffSignInFound {
  credential: StaffCredential;
  lastUsedAt: number | null;
}

export type StaffSignIn = StaffSignInFound | 'revoked' | 'unknown';

/**
 * Who a presented staff token is: its credential while it works, 'revoked' for a token that did
 * work once, 'unknown' for anything else. Reads only; `recordStaffTokenUse` writes the use once
 * the request is let through.
 */
export async function authenticateStaffToken(db: Kysely<Database>, token: string): Promise<StaffSignIn> {
  if (!looksLikeStaffToken(token)) return 'unknown';
  const row = await findStaffTokenByHash(db, hashStaffToken(token));
  if (!row) return 'unknown';
  if (row.revoked_at !== null) return 'revoked';
  return {
    credential: { kind: 'staff', tokenId: Number(row.id), vendorId: Number(row.vendor_id), name: row.name },
    lastUsedAt: row.last_used_at === null ? null : Number(row.last_used_at),
  };
}

/** Records the minute a token was used in, once per minute (a write per request would be a write per poll). */
export async function recordStaffTokenUse(db: Kysely<Database>, found: StaffSignInFound, nowMs: number): Promise<void> {
  const minute = minuteOf(nowMs);
  if (found.lastUsedAt !== null && Number(found.lastUsedAt) >= minute) return;
  await touchStaffTokenRow(db, found.credential.tokenId, minute);
}

/** Whether a token is still not revoked: for work that outlives its request, such as an open event stream. */
export function staffTokenIsActive(db: Kysely<Database>, tokenId: number): Promise<boolean> {
  return isStaffTokenRowActive(db, tokenId);
}
