import type { PlaceOrderRequest, PlacedOrder } from '@venue/contract/order';
import { signedRequest, type SigningKey } from '../../../lib/request-signing';

/**
 * POST /v1/vendor/{vendorId}/place-order (auth, spec §7). The Idempotency-Key makes a retried call
 * answer the same order; `campaignId` travels in the query.
 */
export function placeOrder(
  key: SigningKey,
  vendorId: number,
  body: PlaceOrderRequest,
  idempotencyKey: string,
  campaignId: string | null,
): Promise<PlacedOrder> {
  const query = campaignId ? `?campaignId=${encodeURIComponent(campaignId)}` : '';
  return signedRequest(key, `/vendor/${vendorId}/place-order${query}`, {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}
