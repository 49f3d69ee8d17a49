import { useMemo } from 'react';
import { useSelector } from 'react-redux';
import { signingKeyOf, type SigningKey } from '../../../lib/request-signing';
import type { WithConsumer } from '../lib/consumer-state';

/** The saved consumer's signing key (the same object while it does not change), or null before one is saved. */
export function useSigningKey(): SigningKey | null {
  const id = useSelector((state: WithConsumer) => state.consumer.id);
  const hmacKey = useSelector((state: WithConsumer) => state.consumer.hmacKey);
  return useMemo(() => signingKeyOf({ id, hmacKey }), [id, hmacKey]);
}
