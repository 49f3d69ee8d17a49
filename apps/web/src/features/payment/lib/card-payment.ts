import type { InitiatedPayment, PaymentOutcome, PaymentUpdateRequest } from '@venue/contract/payment';
import { cardDigits, type CardForm } from '@venue/domain/card-validation';
import { GatewayRequestError, type GatewayResult } from './gateway-jsonp';
import { withRetries } from './poll-order';
import { isSuccessCode, resultMessage, TEMPORARY_PROBLEM_MESSAGE } from '@venue/domain/payment-results';

/** What a card payment came to. */
export type CardPaymentResult =
  /** the server confirmed the payment with the gateway */
  | { kind: 'paid' }
  /** not charged: the card notice to show (spec §8) */
  | { kind: 'failed'; message: string }
  /** the gateway charged the card but the order could not be updated: the 'Issues Occurred' modal */
  | { kind: 'issues' };

export interface CardPaymentCalls {
  gateway: (url: string, params: Record<string, string>) => Promise<GatewayResult>;
  update: (body: PaymentUpdateRequest) => Promise<PaymentOutcome>;
  verify: (body: {
    savePaymentMethod: boolean;
    responseCode: string | null;
    transactionStatus: boolean;
    messages: string[];
  }) => Promise<PaymentOutcome>;
}

/** Spec §7: the query of the card request to the gateway's form action URL. */
export function gatewayParams(payment: InitiatedPayment, form: CardForm): Record<string, string> {
  return {
    currency: payment.totalPrice.currencyCode,
    verification: payment.accessCode,
    amount: String(payment.totalPrice.minorAmount),
    reference: payment.reference,
    format: 'jsonp',
    card_holder: form.nameOncard.trim(),
    card_number: cardDigits(form.cardNumber),
    cvv: form.cvn,
    expiry_month: form.expiryMonth.padStart(2, '0'),
    expiry_year: form.expiryYear,
  };
}

/** Spec §7: what the app reports to payment/{paymentId}/update after the gateway answered. */
export function updateBody(result: GatewayResult, savePaymentMethod: boolean): PaymentUpdateRequest {
  return {
    savePaymentMethod,
    messages: result.errors ?? [],
    responseCode: String(result.r),
    transactionStatus: result.successful ?? isSuccessCode(result.r),
    transactionId: result.id ?? null,
    verification: result.v ?? null,
    ...(result.token ? { token: { id: result.token, tokenType: 'CreditCard' } } : {}),
  };
}

/**
 * Spec §4/§7/§8 card flow: the JSONP card request, then the payment update (retried up to 3 times)
 * which the server checks with the gateway. A gateway request error asks the server to verify and
 * shows the temporary-problem text; a charged card whose update fails is the 'Issues' case.
 */
export async function payByCard(
  calls: CardPaymentCalls,
  payment: InitiatedPayment,
  form: CardForm,
  savePaymentMethod: boolean,
): Promise<CardPaymentResult> {
  let result: GatewayResult;
  try {
    result = await calls.gateway(payment.formActionUrl, gatewayParams(payment, form));
  } catch (error) {
    const messages = [error instanceof GatewayRequestError ? error.message : 'Gateway request failed'];
    try {
      const outcome = await calls.verify({ savePaymentMethod, responseCode: null, transactionStatus: false, messages });
      if (outcome.successful) return { kind: 'paid' };
    } catch {
      // the verify call is best effort: the customer is told to try again either way
    }
    return { kind: 'failed', message: TEMPORARY_PROBLEM_MESSAGE };
  }

  let outcome: PaymentOutcome;
  try {
    outcome = await withRetries(() => calls.update(updateBody(result, savePaymentMethod)));
  } catch {
    return isSuccessCode(result.r) ? { kind: 'issues' } : { kind: 'failed', message: resultMessage(result.r) };
  }
  // The server's verified outcome decides, never the gateway answer the browser saw.
  return outcome.successful ? { kind: 'paid' } : { kind: 'failed', message: resultMessage(outcome.responseCode) };
}

/** Saved card (spec §4): purchase/token with the CVV; the server's outcome decides. */
export async function payBySavedCard(purchase: () => Promise<PaymentOutcome>): Promise<CardPaymentResult> {
  try {
    const outcome = await purchase();
    return outcome.successful ? { kind: 'paid' } : { kind: 'failed', message: resultMessage(outcome.responseCode) };
  } catch {
    return { kind: 'failed', message: resultMessage(null) };
  }
}
