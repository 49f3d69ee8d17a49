/** GET /v1/order/{orderId}/events: the customer's placed order, live (Server-Sent Events). */
import { ErrorBody } from '@venue/contract/common';
import { OrderEventsQuery } from '@venue/contract/order';
import { OrderIdParams } from '@venue/contract/route-params';
import { isFinalStatus } from '@venue/domain/order-status';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { admitEventStream, hijackEventStream } from '../../lib/event-stream-reply.ts';
import { STREAMS_PER_CONSUMER, STREAMS_PER_ORDER } from '../../lib/stream-limits.ts';
import { isLocalCaller } from '../../plugins/security.ts';
import { notFound } from '../../lib/http-error.ts';
import { consumerOf, requireConsumerOrSignedQuery } from '../../modules/consumers/consumer-auth.ts';
import { findOwnOrder } from '../../modules/orders/orders.service.ts';

const STREAM_DESCRIPTION = [
  'text/event-stream of `order` events, each the placed order exactly as GET /v1/vendor/{vendorId}/order/{orderId} answers it:',
  'one at once, then whenever its status, its place in the queue or its estimate changes.',
  'A `: heartbeat` comment every 15 s. Once the order is Serviced or Cancelled the stream says so and ends;',
  'a finished order answers 204 (an EventSource then stops reconnecting). Signed like GET order, with headers,',
  'or for an EventSource with `consumerId`, `timestamp` and `signature` in the query, the signature over the path without its query.',
].join(' ');

export const orderEventRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/order/:orderId/events',
    {
      preValidation: requireConsumerOrSignedQuery(app),
      schema: {
        summary:
          "The signer's placed order, live: status, queue position and estimate as they change (Server-Sent Events)",
        description: STREAM_DESCRIPTION,
        tags: ['ordering'],
        params: OrderIdParams,
        querystring: OrderEventsQuery,
        response: {
          200: z.string().describe(STREAM_DESCRIPTION),
          204: z.null().describe('The order is finished: nothing more will happen to it.'),
          400: ErrorBody,
          401: ErrorBody,
          404: ErrorBody,
          429: ErrorBody,
          503: ErrorBody,
        },
      },
    },
    async (request, reply) => {
      const { orderId } = request.params;
      // Another consumer's order answers exactly as a missing one does.
      const row = await findOwnOrder(app.db, consumerOf(request), orderId);
      if (!row) throw notFound(`Order ${orderId} not found`);
      if (isFinalStatus(row.order_status)) return reply.code(204).send(null);
      admitEventStream(
        app.streamLimits,
        request,
        reply,
        [
          { key: `order:${orderId}`, max: STREAMS_PER_ORDER, what: 'this order' },
          { key: `consumer:${consumerOf(request).id}`, max: STREAMS_PER_CONSUMER, what: 'this customer' },
        ],
        { localCaller: isLocalCaller(request), perAddress: app.config.streamMaxPerAddress },
      );
      await app.events.start();
      const headers = hijackEventStream(request, reply, 'no-store');
      if (!headers) return;
      await app.orderStreams.serve(row, reply.raw, headers);
    },
  );
};
