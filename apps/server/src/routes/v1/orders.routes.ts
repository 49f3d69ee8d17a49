/** GET order and alerted (both signed; spec §7); placing an order is place-order.routes.ts. */
import { ErrorBody } from '@venue/contract/common';
import { AlertedRequest, PlacedOrder } from '@venue/contract/order';
import { VendorOrderParams } from '@venue/contract/route-params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { refuseOtherIds } from '../../lib/http-error.ts';
import { consumerOf, requireConsumer } from '../../modules/consumers/consumer-auth.ts';
import { getSettledOrder } from '../../modules/payments/payment-settlement.service.ts';
import { markAlerted } from '../../modules/fulfilment/fulfilment.service.ts';
import { toPlacedOrder } from '../../modules/orders/orders.service.ts';

export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = requireConsumer(app);

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
      return markAlerted(app.fulfilment, consumerOf(request), vendorId, orderId, app.clock());
    },
  );
};
