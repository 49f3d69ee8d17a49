import type { SigningKey } from '../../../lib/request-signing';

/** The consumer's signing key, or null before a consumer is saved. */
export function signingKeyOf(consumer: { id: string | null; hmacKey: string | null }): SigningKey | null {
  return consumer.id && consumer.hmacKey ? { consumerId: consumer.id, hmacKey: consumer.hmacKey } : null;
}
