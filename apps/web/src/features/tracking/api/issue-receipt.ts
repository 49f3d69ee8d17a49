import { signedRequest, type SigningKey } from '../../../lib/request-signing';

/**
 * POST /v1/current-consumer/issue-receipt (auth, spec §7): e-mails the receipt of an order to the
 * consumer's address. Spec §8: a failure is only logged, so this never rejects.
 */
export async function issueReceipt(key: SigningKey, orderId: number): Promise<boolean> {
  try {
    await signedRequest(key, '/current-consumer/issue-receipt', { method: 'POST', body: { orderId } });
    return true;
  } catch (error) {
    console.warn('The receipt could not be sent.', error);
    return false;
  }
}
