/**
 * Password storage: scrypt (memory-hard, in node:crypto), a random salt per password, the
 * parameters kept with the hash so they can be raised later without locking anyone out. Hashing
 * runs on libuv's thread pool, never on the event loop.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * One of OWASP's equivalent scrypt minimums (N=2^17, r=8, p=1 at 128 MiB, or N=2^15, r=8, p=3 at
 * 32 MiB): the smaller memory lets several sign-ins hash at once on a small server.
 */
const DEFAULT_PARAMS = { N: 2 ** 15, r: 8, p: 3 };
const KEY_LENGTH = 32;
const SALT_BYTES = 16;

function derive(password: string, salt: Buffer, params: { N: number; r: number; p: number }): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r + 1024 * 1024 };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/** A new hash of a password: `scrypt$N$r$p$salt$hash` (base64). */
export async function hashPassword(password: string, params = DEFAULT_PARAMS): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, params);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64'), key.toString('base64')].join('$');
}

/** Whether a password matches a stored hash (constant time); a malformed hash matches nothing. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  if (!Number.isInteger(params.N) || !Number.isInteger(params.r) || !Number.isInteger(params.p)) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await derive(password, Buffer.from(salt, 'base64'), params);
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/**
 * A hash to check a password against when the account does not exist (or has no password yet),
 * so a wrong email takes as long to refuse as a wrong password.
 */
let decoy: Promise<string> | null = null;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(16).toString('hex'));
  return decoy;
}
