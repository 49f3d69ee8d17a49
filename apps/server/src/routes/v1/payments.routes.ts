/** initiate-payment, payment update, saved-card, verify, Apple Pay session and wallet purchases (all signed; spec §7). */
import { ErrorBody } from '@venue/contract/common';
import { OrderProblemBody } from '@venue/contract/order-payment';
import {
  ApplePayMerchantSession,
  ApplePaySessionRequest,
  InitiatedPayment,
  InitiatePaymentRequest,
  PaymentOutcome,
  PaymentUpdateRequest,
  TokenPurchaseRequest,
  VerifyPaymentRequest,
  WalletPurchaseRequest,
  WalletPurchaseResponse,
} from '@venue/contract/payment';
import { DecimalId, VendorOrderParams } from '@venue/contract/route-params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SANDBOX_CARD_PATH } from '../gateway/sandbox-gateway.routes.ts';
import { refuseOtherIds } from '../../lib/http-error.ts';
import { IdempotencyHeaders, idempotent } from '../../lib/idempotency.ts';
import { consumerOf, requireConsumer } from '../../modules/consumers/consumer-auth.ts';
import { initiatePayment, settleCardPayment } from '../../modules/payments/card-payments.service.ts';
import { purchaseWithSavedCard } from '../../modules/payments/saved-card-payments.service.ts';
import { applePaySession, purchaseWithWallet } from '../../modules/payments/wallet-payments.service.ts';

const VendorPaymentParams = z.object({ vendorId: DecimalId, orderId: DecimalId, paymentId: DecimalId });
const OrderParams = z.object({ orderId: DecimalId });
const PaymentParams = z.object({ orderId: DecimalId, paymentId: DecimalId });
const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: OrderProblemBody, 422: OrderProblemBody };

export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = requireConsumer(app);
  const tags = ['payment'];
  const scope = (consumerId: string, name: string) => ({ consumerId, scope: name, nowMs: app.clock() });
  /** A call whose own statements claim and answer its key (StatementKey). */
  const carried = (consumerId: string, name: string) => ({ ...scope(consumerId, name), inStatements: true });

  app.post(
    '/vendor/:vendorId/order/:orderId/initiate-payment',
    {
      preValidation: auth,
      schema: {
        summary: 'Starts a card payment of the order total; formActionUrl is the gateway JSONP card endpoint',
        tags,
        headers: IdempotencyHeaders,
        params: VendorOrderParams,
        body: InitiatePaymentRequest,
        response: { 200: InitiatedPayment, ...errors },
      },
    },
    async (request, reply) => {
      const { vendorId, orderId } = request.params;
      refuseOtherIds(request.body, { vendorId, orderId });
      // The gateway is reached at the address the app reached this server at.
      const formActionUrl = `${request.protocol}://${request.host}${SANDBOX_CARD_PATH}`;
      const consumer = consumerOf(request);
      return idempotent(app.db, request, reply, carried(consumer.id, 'payment.initiate'), (key) =>
        initiatePayment(app.payments, consumer, vendorId, orderId, formActionUrl, key),
      );
    },
  );

  app.post(
    '/vendor/:vendorId/order/:orderId/payment/:paymentId/update',
    {
      preValidation: auth,
      schema: {
        summary: 'Settles a card payment after the gateway request; verified with the gateway, idempotent',
        tags,
        headers: IdempotencyHeaders,
        params: VendorPaymentParams,
        body: PaymentUpdateRequest,
        response: { 200: PaymentOutcome, ...errors },
      },
    },
    async (request, reply) => {
      const { vendorId, orderId, paymentId } = request.params;
      const consumer = consumerOf(request);
      return idempotent(app.db, request, reply, carried(consumer.id, 'payment.update'), (key) =>
        settleCardPayment(
          app.payments,
          consumer,
          orderId,
          paymentId,
          { vendorId, savePaymentMethod: request.body.savePaymentMethod },
          key,
        ),
      );
    },
  );

  app.post(
    '/vendor/order/:orderId/payment/:paymentId/purchase/token',
    {
      preValidation: auth,
      schema: {
        summary: "Pays an initiated payment with the consumer's saved card and its CVV",
        tags,
        headers: IdempotencyHeaders,
        params: PaymentParams,
        body: TokenPurchaseRequest,
        response: { 200: PaymentOutcome, ...errors },
      },
    },
    async (request, reply) => {
      const { orderId, paymentId } = request.params;
      const consumer = consumerOf(request);
      return idempotent(app.db, request, reply, scope(consumer.id, 'payment.token'), () =>
        purchaseWithSavedCard(app.payments, consumer, orderId, paymentId, request.body.cvv),
      );
    },
  );

  app.post(
    '/vendor/order/:orderId/payment/:paymentId/verify',
    {
      preValidation: auth,
      schema: {
        summary: 'After a failed gateway request: asks the gateway what became of the payment and settles it',
        tags,
        headers: IdempotencyHeaders,
        params: PaymentParams,
        body: VerifyPaymentRequest,
        response: { 200: PaymentOutcome, ...errors },
      },
    },
    async (request, reply) => {
      const { orderId, paymentId } = request.params;
      const consumer = consumerOf(request);
      return idempotent(app.db, request, reply, carried(consumer.id, 'payment.verify'), (key) =>
        settleCardPayment(
          app.payments,
          consumer,
          orderId,
          paymentId,
          { savePaymentMethod: request.body.savePaymentMethod },
          key,
        ),
      );
    },
  );

  app.post(
    '/vendor/order/:orderId/payment/apple-pay/session',
    {
      preValidation: auth,
      schema: {
        summary: 'Apple Pay merchant validation: the merchant session for ApplePaySession.completeMerchantValidation',
        tags,
        params: OrderParams,
        body: ApplePaySessionRequest,
        response: { 200: ApplePayMerchantSession, ...errors },
      },
    },
    async (request) =>
      applePaySession(
        app.payments,
        consumerOf(request),
        request.params.orderId,
        request.body.validationUrl,
        request.hostname,
      ),
  );

  app.post(
    '/vendor/order/:orderId/purchase/wallet',
    {
      preValidation: auth,
      schema: {
        summary: "Pays the order with an Apple Pay or Google Pay token; result.status is 'Successful' on success",
        tags,
        headers: IdempotencyHeaders,
        params: OrderParams,
        body: WalletPurchaseRequest,
        response: { 200: WalletPurchaseResponse, ...errors },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const walletToken =
        (body.walletType === 'APPLEPAYWEB' ? body.applePayPurchaseToken : body.googlePayPurchaseToken) ?? '';
      const consumer = consumerOf(request);
      return idempotent(app.db, request, reply, scope(consumer.id, 'payment.wallet'), () =>
        purchaseWithWallet(app.payments, consumer, request.params.orderId, {
          amount: body.amount,
          walletType: body.walletType,
          walletToken,
        }),
      );
    },
  );
};
