/** place-order, GET order and alerted (all signed; spec §7). */
import { ErrorBody } from '@venue/contract/common';
import { AlertedRequest, PlacedOrder, PlaceOrderQuery, PlaceOrderRequest } from '@venue/contract/order';
import { OrderProblemBody } from '@venue/contract/order-payment';
import { VendorIdParams, VendorOrderParams } from '@venue/contract/route-params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { refuseOtherIds } from '../../lib/http-error.ts';
import { RequiredIdempotencyHeaders } from '../../lib/idempotency.ts';
import { consumerOf, requireConsumer } from '../consumers/consumer-auth.ts';
import { getSettledOrder } from '../payments/payment-settlement.service.ts';
import { markAlerted } from './fulfilment.service.ts';
import { toPlacedOrder } from './orders.service.ts';
import { placeOrder } from './place-order.service.ts';

export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = requireConsumer(app);

  app.post(
    '/vendor/:vendorId/place-order',
    {
      preValidation: auth,
      schema: {
        summary:
          'Places a Pending order, priced by the server; Idempotency-Key is required, and the same key answers the same order',
        tags: ['ordering'],
        params: VendorIdParams,
        querystring: PlaceOrderQuery,
        headers: RequiredIdempotencyHeaders,
        body: PlaceOrderRequest,
        response: {
          200: PlacedOrder,
          400: ErrorBody,
          401: ErrorBody,
          404: ErrorBody,
          409: OrderProblemBody,
          422: OrderProblemBody,
        },
      },
    },
    async (request) => {
      const { vendorId } = request.params;
      refuseOtherIds(request.body, { vendorId });
      return placeOrder(
        app,
        consumerOf(request),
        vendorId,
        request.body,
        { idempotencyKey: request.headers['idempotency-key'], campaignId: request.query.campaignId },
        app.clock(),
      );
    },
  );

  app.get(
    '/vendor/:vendorId/order/:orderId',
    {
      preValidation: auth,
      schema: {
        summary:
          "The signer's order with its status, queue position and estimate; a card the gateway charged for it that the app never reported is settled first",
        tags: ['ordering'],
        params: VendorOrderParams,
        response: { 200: PlacedOrder, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const { vendorId, orderId } = request.params;
      const order = await getSettledOrder(app.payments, consumerOf(request), vendorId, orderId);
      return toPlacedOrder(app.db, order, app.clock());
    },
  );

  app.post(
    '/vendor/:vendorId/order/:orderId/alerted',
    {
      preValidation: auth,
      schema: {
        summary: 'The customer saw the ready alert: PendingAlerted becomes Alerted',
        tags: ['ordering'],
        params: VendorOrderParams,
        body: AlertedRequest,
        response: { 200: PlacedOrder, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (request) => {
      const { vendorId, orderId } = request.params;
      refuseOtherIds(request.body, { vendorId, orderId });
      return markAlerted(app.payments, consumerOf(request), vendorId, orderId, app.clock());
    },
  );
};
