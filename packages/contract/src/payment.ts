import { z } from 'zod';

/** Spec §4 payment result codes, as the domain declares them. */
export { PAYMENT_RESULT_CODES } from '@venue/domain/payment-results';

/** POST /v1/vendor/{vendorId}/order/{orderId}/initiate-payment (auth) */
export const InitiatePaymentRequest = z.object({
  orderId: z.number().int().nonnegative().optional(),
  vendorId: z.number().int().nonnegative().optional(),
});

/** A card the consumer asked to remember: only what is safe to show. */
export const SavedPaymentMethod = z.object({
  cardName: z.string(),
  maskedCreditCardNumber: z.string(),
  expiryMonth: z.string(),
  expiryYear: z.string(),
});
export type SavedPaymentMethod = z.infer<typeof SavedPaymentMethod>;

/** Spec §3 initiated payment. `formActionUrl` is the gateway's JSONP card endpoint; `accessCode` goes in its `verification` parameter. */
export const InitiatedPayment = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  accessCode: z.string(),
  reference: z.string(),
  formActionUrl: z.string(),
  totalPrice: z.object({ currencyCode: z.string(), minorAmount: z.number().int() }),
  savedPaymentMethod: SavedPaymentMethod.nullable(),
});
export type InitiatedPayment = z.infer<typeof InitiatedPayment>;

/** Spec §7 card request: GET formActionUrl?… (JSONP; `callback` names the function the answer calls). */
export const GatewayCardQuery = z.object({
  currency: z.string().max(3),
  verification: z.string().max(128),
  amount: z.string().regex(/^\d{1,9}$/, 'amount: minor units in digits'),
  reference: z.string().max(128),
  format: z.string().max(20).optional(),
  card_holder: z.string().max(200),
  card_number: z.string().max(40),
  cvv: z.string().max(8),
  expiry_month: z.string().max(2),
  expiry_year: z.string().max(4),
  callback: z
    .string()
    .regex(/^[A-Za-z_$][\w$]{0,99}$/, 'callback: a JavaScript identifier')
    .optional(),
});

/** The gateway's answer: `r` the result code; `id` the gateway transaction; `v` the verification echoed; `token` a card token when the card can be kept. */
export const GatewayCardResult = z.object({
  r: z.number().int(),
  id: z.string().nullable(),
  v: z.string(),
  token: z.string().nullable(),
  successful: z.boolean(),
  errors: z.array(z.string()),
});
export type GatewayCardResult = z.infer<typeof GatewayCardResult>;

/**
 * POST /v1/vendor/{vendorId}/order/{orderId}/payment/{paymentId}/update (auth). What the app
 * reports after the card request; the server checks it with the gateway and trusts only that.
 */
export const PaymentUpdateRequest = z.object({
  savePaymentMethod: z.boolean().optional(),
  messages: z.array(z.string().max(500)).max(20).optional(),
  responseCode: z.union([z.number().int(), z.string().max(10)]).nullish(),
  transactionStatus: z.union([z.boolean(), z.string().max(40)]).nullish(),
  transactionId: z.string().max(128).nullish(),
  verification: z.string().max(128).nullish(),
  token: z.object({ id: z.string().max(128), tokenType: z.string().max(40).optional() }).nullish(),
});
export type PaymentUpdateRequest = z.infer<typeof PaymentUpdateRequest>;

/** Payment statuses kept by the server. */
export const PaymentStatus = z.enum(['Initiated', 'Succeeded', 'Failed', 'Refunded']);

/** Answer of update, purchase/token, verify and coupon purchase: the payment as the gateway decided it, and the order after it. */
export const PaymentOutcome = z.object({
  paymentId: z.number().int(),
  orderId: z.number().int(),
  status: PaymentStatus,
  /** the gateway's result code (spec §4) */
  responseCode: z.number().int(),
  successful: z.boolean(),
  messages: z.array(z.string()),
  orderStatus: z.string(),
});
export type PaymentOutcome = z.infer<typeof PaymentOutcome>;

/** POST /v1/vendor/order/{orderId}/payment/{paymentId}/purchase/token (auth): pay with the saved card. */
export const TokenPurchaseRequest = z.object({
  cvv: z.string().regex(/^\d{3,4}$/, 'cvv: 3 or 4 digits'),
});

/** POST /v1/vendor/order/{orderId}/payment/{paymentId}/verify (auth): after a failed gateway request, ask what happened. */
export const VerifyPaymentRequest = z.object({
  savePaymentMethod: z.boolean().optional(),
  responseCode: z.union([z.number().int(), z.string().max(10)]).nullish(),
  transactionStatus: z.union([z.boolean(), z.string().max(40)]).nullish(),
  messages: z.array(z.string().max(500)).max(20).optional(),
});

/** POST /v1/vendor/order/{orderId}/payment/apple-pay/session (auth) */
export const ApplePaySessionRequest = z.object({
  validationUrl: z.url({ protocol: /^https$/, error: 'validationUrl: must be an https URL' }).max(500),
});
/** The merchant session handed to ApplePaySession.completeMerchantValidation. */
export const ApplePayMerchantSession = z.record(z.string(), z.unknown());

/** POST /v1/vendor/order/{orderId}/purchase/wallet (auth) */
export const WalletPurchaseRequest = z
  .object({
    /** minor units; must equal the order total */
    amount: z.number().int().nonnegative(),
    walletType: z.enum(['APPLEPAYWEB', 'GOOGLE']),
    applePayPurchaseToken: z.string().min(1).max(20_000).optional(),
    googlePayPurchaseToken: z.string().min(1).max(20_000).optional(),
  })
  .refine(
    (value) => (value.walletType === 'APPLEPAYWEB' ? value.applePayPurchaseToken : value.googlePayPurchaseToken),
    'the purchase token of the wallet type is required',
  );
export type WalletPurchaseRequest = z.infer<typeof WalletPurchaseRequest>;

/** Answer of purchase/wallet: `result.status` is 'Successful' on success. */
export const WalletPurchaseResponse = z.object({
  result: z.object({
    status: z.enum(['Successful', 'Failed']),
    paymentId: z.number().int(),
    orderId: z.number().int(),
    messages: z.array(z.string()),
  }),
});
