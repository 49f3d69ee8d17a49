/** GET/PUT/DELETE …/coupon, POST …/coupon/purchase and GET …/invoice of the signer's order (spec §7). */
import { ErrorBody } from '@venue/contract/common';
import { ApplyCouponQuery, CouponPurchaseRequest, Invoice, OrderCoupon } from '@venue/contract/coupon';
import { OrderProblemBody } from '@venue/contract/order-payment';
import { PaymentOutcome } from '@venue/contract/payment';
import { DecimalId } from '@venue/contract/route-params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { consumerOf, requireConsumer } from '../../modules/consumers/consumer-auth.ts';
import { applyCoupon, getInvoice, getOrderCoupon, removeCoupon } from '../../modules/coupons/coupons.service.ts';
import { purchaseOrderWithCoupon } from '../../modules/payments/coupon-payments.service.ts';

const OrderParams = z.object({ orderId: DecimalId });
const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: OrderProblemBody, 422: OrderProblemBody };

export const couponRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = requireConsumer(app);
  const tags = ['coupon'];

  app.get(
    '/current-consumer/order/:orderId/coupon',
    {
      preValidation: auth,
      schema: {
        summary: "The order's coupon and invoice",
        tags,
        params: OrderParams,
        response: { 200: OrderCoupon, ...errors },
      },
    },
    async (request) => getOrderCoupon(app.db, consumerOf(request), request.params.orderId),
  );

  app.put(
    '/current-consumer/order/:orderId/coupon',
    {
      preValidation: auth,
      schema: {
        summary:
          "Applies a coupon to the pending order: answers maybeCouponCode and the new invoice, or 422 'Invalid coupon code.'",
        tags,
        params: OrderParams,
        querystring: ApplyCouponQuery,
        response: { 200: OrderCoupon, ...errors },
      },
    },
    async (request) =>
      applyCoupon(app.db, consumerOf(request), request.params.orderId, request.query.couponCode, app.clock()),
  );

  app.delete(
    '/current-consumer/order/:orderId/coupon',
    {
      preValidation: auth,
      schema: {
        summary: 'Takes the coupon off the pending order: answers the order priced without it',
        tags,
        params: OrderParams,
        response: { 200: OrderCoupon, ...errors },
      },
    },
    async (request) => removeCoupon(app.db, consumerOf(request), request.params.orderId, app.clock()),
  );

  app.post(
    '/current-consumer/order/:orderId/coupon/purchase',
    {
      preValidation: auth,
      schema: {
        summary: 'Pays the order with its coupon when the coupon covers the whole total',
        tags,
        params: OrderParams,
        body: CouponPurchaseRequest,
        response: { 200: PaymentOutcome, ...errors },
      },
    },
    async (request) => purchaseOrderWithCoupon(app.payments, consumerOf(request), request.params.orderId, request.body),
  );

  app.get(
    '/current-consumer/order/:orderId/invoice',
    {
      preValidation: auth,
      schema: {
        summary: "The order's invoice: subtotal, discount, total",
        tags,
        params: OrderParams,
        response: { 200: Invoice, ...errors },
      },
    },
    async (request) => getInvoice(app.db, consumerOf(request), request.params.orderId),
  );
};
