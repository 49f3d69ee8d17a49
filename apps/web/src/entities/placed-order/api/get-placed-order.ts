import type { PlacedOrder } from '@venue/contract/order';
import { signedRequest, type SigningKey } from '../../../lib/request-signing';

/**
 * GET /v1/vendor/{vendorId}/order/{orderId} (auth, spec §7): the placed order with its status,
 * queue position, estimate, timing and what was ordered. `background`: a poll the customer did not
 * ask for.
 */
export function getPlacedOrder(
  key: SigningKey,
  vendorId: number,
  orderId: number,
  options: { background?: boolean; signal?: AbortSignal } = {},
): Promise<PlacedOrder> {
  return signedRequest<PlacedOrder>(key, `/vendor/${vendorId}/order/${orderId}`, {
    background: options.background ?? false,
    ...(options.signal ? { signal: options.signal } : {}),
  });
}
