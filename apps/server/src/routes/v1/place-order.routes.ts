/** place-order (signed; spec §7): the button's request becomes a Pending order (place-order.service.ts). */
import { ErrorBody } from '@venue/contract/common';
import { PlacedOrder, PlaceOrderQuery, PlaceOrderRequest } from '@venue/contract/order';
import { OrderProblemBody } from '@venue/contract/order-payment';
import { VendorIdParams } from '@venue/contract/route-params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { refuseOtherIds } from '../../lib/http-error.ts';
import { RequiredIdempotencyHeaders } from '../../lib/idempotency.ts';
import { consumerOf, requireConsumer } from '../../modules/consumers/consumer-auth.ts';
import { placeOrder } from '../../modules/orders/place-order.service.ts';

export const placeOrderRoutes: FastifyPluginAsyncZod = async (app) => {
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
};
