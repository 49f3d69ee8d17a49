import { signedRequest, type SigningKey } from '../../../lib/request-signing';

/**
 * POST /v1/vendor/{vendorId}/order/{orderId}/alerted (auth, spec §7): tells the vendor the customer
 * has seen that the order is ready (PendingAlerted becomes Alerted).
 */
export function sendAlerted(
  key: SigningKey,
  order: { vendorId: number; orderId: number },
  nowMs: number = Date.now(),
): Promise<unknown> {
  const { vendorId, orderId } = order;
  return signedRequest(key, `/vendor/${vendorId}/order/${orderId}/alerted`, {
    method: 'POST',
    body: { orderId, vendorId, timeAlerted: new Date(nowMs).toISOString() },
  });
}
