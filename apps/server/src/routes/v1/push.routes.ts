/**
 * GET /v1/push/public-key (unsigned) and PUT/DELETE
 * /v1/current-consumer/order/{orderId}/push-subscription (signed, the order's owner only).
 */
import { ErrorBody } from '@venue/contract/common';
import { PushPublicKey, PushSubscriptionBody } from '@venue/contract/push';
import { DecimalId } from '@venue/contract/route-params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { consumerOf, requireConsumer } from '../../modules/consumers/consumer-auth.ts';
import { removePushSubscriptions, savePushSubscription } from '../../modules/push/push.service.ts';

const OrderParams = z.object({ orderId: DecimalId });
const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody };

export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = requireConsumer(app);
  const tags = ['push'];

  app.get(
    '/push/public-key',
    {
      schema: {
        summary: "The server's VAPID public key: the applicationServerKey a browser subscribes to push with",
        tags,
        response: { 200: PushPublicKey },
      },
    },
    async (_request, reply) => {
      // The same for every node and every deploy that keeps its database; checked again now and then.
      reply.header('Cache-Control', 'no-cache');
      return { publicKey: (await app.push.vapid.keys()).publicKey };
    },
  );

  app.put(
    '/current-consumer/order/:orderId/push-subscription',
    {
      preValidation: auth,
      schema: {
        summary:
          "Stores the browser's push subscription for the signer's order: the order's store and ticket are pushed when it is ready, cancelled or needs the customer",
        tags,
        params: OrderParams,
        body: PushSubscriptionBody,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await savePushSubscription(app.db, consumerOf(request), request.params.orderId, request.body, {
        rules: { allowLoopback: app.config.pushAllowLoopback, extraHosts: app.config.pushServiceHosts },
        nowMs: app.clock(),
      });
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/current-consumer/order/:orderId/push-subscription',
    {
      preValidation: auth,
      schema: {
        summary: "No more push notifications for the signer's order",
        tags,
        params: OrderParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await removePushSubscriptions(app.db, consumerOf(request), request.params.orderId);
      return reply.code(204).send(null);
    },
  );
};
