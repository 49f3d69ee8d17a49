/**
 * Random bytes for ids, keys and references, drawn from a pool that one call to the system's
 * cryptographic generator fills 4 KiB at a time (as Node's own randomUUID does) instead of one
 * call per id: a checkout makes six of them.
 */
import { randomBytes as systemRandomBytes, randomFillSync } from 'node:crypto';

const POOL_SIZE = 4096;
const pool = Buffer.alloc(POOL_SIZE);
let offset = POOL_SIZE;

/** `size` cryptographically random bytes, in a buffer of their own. */
export function randomBytes(size: number): Buffer {
  if (size > POOL_SIZE / 4) return systemRandomBytes(size);
  if (offset + size > POOL_SIZE) {
    randomFillSync(pool);
    offset = 0;
  }
  const bytes = Buffer.from(pool.subarray(offset, offset + size));
  // Used bytes are wiped, so the pool never holds a value already handed out.
  pool.fill(0, offset, offset + size);
  offset += size;
  return bytes;
}

/** Width of an ordered id's time part: milliseconds in base 36, fixed width until the year 5188. */
const TIME_PART_WIDTH = 9;

/**
 * An id that is `bytes` random bytes (base64url) after the time it was made (milliseconds, base 36,
 * fixed width), so ids made one after another sort one after another. A table keyed or indexed by
 * such ids takes each new one at the end of its index, on the page the last one went to, instead
 * of on a random page: a commit of many new rows writes a few pages, not one per row. The random
 * part alone keeps the id unguessable; the time part tells only when it was made.
 */
export function orderedId(prefix: string, bytes: number, nowMs = Date.now()): string {
  const time = Math.max(0, Math.floor(nowMs)).toString(36).padStart(TIME_PART_WIDTH, '0');
  return `${prefix}_${time}${randomBytes(bytes).toString('base64url')}`;
}
