/** Paying with the consumer's saved card (spec §7 purchase/token): the card's gateway token and a fresh CVV. */
import { PAYMENT_RESULT_CODES, type PaymentOutcome } from '@venue/contract/payment';
import { findLatestSavedCard, type SignedConsumer } from '../consumers/consumers.service.ts';
import { failedOutcome, requirePayment, type PaymentDeps } from './payment-common.ts';
import { applyCharge } from './payment-settlement.service.ts';

/** purchase/token: pays an initiated payment with the consumer's saved card and a fresh CVV. */
export async function purchaseWithSavedCard(
  deps: PaymentDeps,
  consumer: SignedConsumer,
  orderId: number,
  paymentId: number,
  cvv: string,
): Promise<PaymentOutcome> {
  const { order, payment } = await requirePayment(deps.db, consumer, orderId, paymentId);
  if (payment.status !== 'Initiated' || !payment.access_code)
    return applyCharge(deps, consumer, order, payment, null, false);
  const card = await findLatestSavedCard(deps.db, consumer);
  if (!card) return failedOutcome(payment, order, PAYMENT_RESULT_CODES.invalidToken);
  const charge = await deps.gateway.chargeToken({
    accessCode: payment.access_code,
    cardToken: card.gateway_token,
    cvv,
  });
  return applyCharge(deps, consumer, order, payment, charge, false);
}
