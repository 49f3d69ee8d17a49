/**
 * A fresh Idempotency-Key: 128 random bits. crypto.randomUUID exists only on https and localhost; a
 * back office opened over plain http on the venue's network has getRandomValues everywhere.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
