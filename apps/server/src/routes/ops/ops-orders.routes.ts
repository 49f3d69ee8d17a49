/** GET /ops/v1/vendor/{vendorId}/orders and POST /ops/v1/vendor/{vendorId}/order/{orderId}/status */
import { ErrorBody } from '@venue/contract/common';
import { OpsOrder, OpsOrderList, OpsOrdersQuery, OrderStatusChange } from '@venue/contract/ops-orders';
import { KITCHEN_OPEN_STATUSES } from '@venue/domain/order-status';
import { VendorIdParams, VendorOrderParams } from '@venue/contract/route-params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { changeOrderStatus, listOpsOrders } from '../../modules/fulfilment/fulfilment.service.ts';
import { actorOf } from './ops-auth.ts';

const DEFAULT_LIMIT = 200;

export const opsOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/vendor/:vendorId/orders',
    {
      schema: {
        summary:
          "A vendor's orders, oldest in the queue first. `status` takes one or more statuses separated by commas; without it, every order still to be dealt with (Paid, Waiting, Scheduled, PendingAlerted, Alerted, VendorSupportRequired).",
        tags: ['operations'],
        security: [{ opsToken: [] }],
        params: VendorIdParams,
        querystring: OpsOrdersQuery,
        response: { 200: OpsOrderList, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const { status, limit } = request.query;
      return listOpsOrders(
        app.db,
        request.params.vendorId,
        status ?? KITCHEN_OPEN_STATUSES,
        limit ?? DEFAULT_LIMIT,
        app.clock(),
      );
    },
  );

  app.post(
    '/vendor/:vendorId/order/:orderId/status',
    {
      schema: {
        summary:
          'Moves an order: PendingAlerted (ready), Serviced (collected or delivered), Cancelled (stock returned, payment refunded) or VendorSupportRequired. Asking for the status it already has changes nothing. PendingAlerted on an order collected within the last 15 s, by the same token, undoes the collection: the order is ready again as it was (the customer is not alerted again); otherwise a Serviced order answers 409.',
        tags: ['operations'],
        security: [{ opsToken: [] }],
        params: VendorOrderParams,
        body: OrderStatusChange,
        response: {
          200: OpsOrder,
          400: ErrorBody,
          401: ErrorBody,
          403: ErrorBody,
          404: ErrorBody,
          409: ErrorBody,
          429: ErrorBody,
        },
      },
    },
    async (request) => {
      const { vendorId, orderId } = request.params;
      const { status } = request.body;
      // Ready again, asked of a collected order, is the staff display's undo (undo-collected.ts).
      return changeOrderStatus(app.fulfilment, vendorId, orderId, status, actorOf(request), app.clock());
    },
  );
};
