/** The consumer calls of spec §7: creating one (unsigned) and updating the signer's own (auth). */
import type {
  ConsumerProfile,
  CreateConsumerRequest,
  CreatedConsumer,
  UpdateConsumerRequest,
} from '@venue/contract/consumer';
import { apiRequest } from '../../../lib/api-client';
import { signedRequest, type SigningKey } from '../../../lib/request-signing';

/** POST /v1/consumer/create: contact and name in, id and hmacKey out (spec §7; not signed). */
export function createConsumer(body: CreateConsumerRequest): Promise<CreatedConsumer> {
  return apiRequest('/consumer/create', { method: 'POST', body });
}

/** POST /v1/current-consumer/update (auth): name, contact, id and metaData (spec §7). */
export function updateConsumer(key: SigningKey, body: UpdateConsumerRequest): Promise<ConsumerProfile> {
  return signedRequest(key, '/current-consumer/update', { method: 'POST', body });
}
