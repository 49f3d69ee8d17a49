/** POST /v1/consumer/create and POST /v1/current-consumer/update (auth). */
import { ErrorBody } from '@venue/contract/common';
import {
  ConsumerProfile,
  CreateConsumerRequest,
  CreatedConsumer,
  UpdateConsumerRequest,
} from '@venue/contract/consumer';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { consumerOf, rememberSigningKey, requireConsumer } from '../../modules/consumers/consumer-auth.ts';
import { createConsumer, updateConsumer } from '../../modules/consumers/consumers.service.ts';

export const consumerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/consumer/create',
    {
      schema: {
        summary: 'Creates a consumer; answers its id and the hmacKey later calls are signed with (shown once)',
        tags: ['consumer'],
        body: CreateConsumerRequest,
        response: { 200: CreatedConsumer, 400: ErrorBody },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const created = await createConsumer(app.db, request.body, app.clock());
      rememberSigningKey(app, created.id, created.hmacKey);
      return created;
    },
  );

  app.post(
    '/current-consumer/update',
    {
      preValidation: requireConsumer(app),
      schema: {
        summary: "Changes the signing consumer's name, contact or metaData",
        tags: ['consumer'],
        body: UpdateConsumerRequest,
        response: { 200: ConsumerProfile, 400: ErrorBody, 401: ErrorBody },
      },
    },
    async (request) => updateConsumer(app.db, consumerOf(request), request.body, app.clock()),
  );
};
