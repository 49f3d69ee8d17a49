/** Sends the alerted call (spec §7) at most once per order in this page's life; failures are only logged. */
import type { SigningKey } from '../../../lib/request-signing';
import { sendAlerted } from '../api/send-alerted';

const sent = new Set<number>();

/** Sends `POST …/alerted` for an order unless this page already did; resolves true when sent now. */
export async function sendAlertedOnce(key: SigningKey, order: { vendorId: number; orderId: number }): Promise<boolean> {
  if (sent.has(order.orderId)) return false;
  sent.add(order.orderId);
  try {
    await sendAlerted(key, order);
    return true;
  } catch (error) {
    // Let a later screen try again; the customer is told on screen either way.
    sent.delete(order.orderId);
    console.warn('The alerted call failed.', error);
    return false;
  }
}

/** Forgets what was sent (tests). */
export function resetAlertedOnce(): void {
  sent.clear();
}
