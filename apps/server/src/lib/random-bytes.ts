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
