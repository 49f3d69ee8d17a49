/** Apple Pay and Google Pay (spec §7 purchase/wallet, the Apple Pay merchant session). */
import { WALLET_ERROR_MESSAGE } from '@venue/domain/payment-results';
import { conflict, unprocessable } from '../../lib/http-error.ts';
import type { SignedConsumer } from '../consumers/consumers.service.ts';
import { ALREADY_PAID_MESSAGE, requireOwnOrder } from '../orders/orders.service.ts';
import { findVendorRecord } from '../vendors/vendors.service.ts';
import { insertInitiatedPayment, newPaymentReference, type PaymentDeps } from './payment-common.ts';
import { applyCharge } from './payment-settlement.service.ts';
import { findPayment, updatePaymentIfStatus } from './payments.repository.ts';

/** purchase/wallet: Apple Pay or Google Pay for the whole order total. */
export async function purchaseWithWallet(
  deps: PaymentDeps,
  consumer: SignedConsumer,
  orderId: number,
  input: { amount: number; walletType: 'APPLEPAYWEB' | 'GOOGLE'; walletToken: string },
) {
  const order = await requireOwnOrder(deps.db, consumer, orderId);
  if (order.order_status !== 'Pending') throw conflict(ALREADY_PAID_MESSAGE);
  const vendor = await findVendorRecord(deps.db, order.vendor_id);
  const allowed = input.walletType === 'APPLEPAYWEB' ? vendor?.allow_apple_pay === 1 : vendor?.allow_google_pay === 1;
  if (!allowed)
    throw unprocessable(
      `${input.walletType === 'APPLEPAYWEB' ? 'Apple Pay' : 'Google Pay'} is not available at this store.`,
    );
  if (input.amount !== order.total_minor) throw unprocessable('The amount does not match the order total.');
  const now = deps.clock();
  const reference = newPaymentReference(order);
  const { id } = await insertInitiatedPayment(
    deps.db,
    order,
    { amount_minor: order.total_minor, access_code: null, reference, method: `wallet:${input.walletType}` },
    now,
  );
  const payment = await findPayment(deps.db, id, order.id);
  if (!payment) throw new Error('payment vanished');
  const charge = await deps.gateway.chargeWallet({
    reference,
    amountMinor: order.total_minor,
    walletType: input.walletType,
    walletToken: input.walletToken,
  });
  if (!charge.successful) {
    await updatePaymentIfStatus(deps.db, id, 'Initiated', {
      status: 'Failed',
      response_code: String(charge.resultCode),
      transaction_id: charge.transactionId,
      message: 'Declined',
      updated_at: now,
    });
  }
  const result = await applyCharge(deps, consumer, order, payment, charge, false);
  return {
    result: {
      status: result.successful ? ('Successful' as const) : ('Failed' as const),
      paymentId: result.paymentId,
      orderId: result.orderId,
      messages: result.successful ? result.messages : [WALLET_ERROR_MESSAGE],
    },
  };
}

/** An Apple Pay merchant session for the consumer's own pending order at a store that takes Apple Pay. */
export async function applePaySession(
  deps: PaymentDeps,
  consumer: SignedConsumer,
  orderId: number,
  validationUrl: string,
  domainName: string,
) {
  const order = await requireOwnOrder(deps.db, consumer, orderId);
  const vendor = await findVendorRecord(deps.db, order.vendor_id);
  if (vendor?.allow_apple_pay !== 1) throw unprocessable('Apple Pay is not available at this store.');
  return deps.gateway.applePayMerchantSession({ validationUrl, displayName: vendor.store_name, domainName });
}
