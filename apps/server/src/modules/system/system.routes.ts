/** GET /v1/time (the app's clock and network check) and the health check. */
import { TimeResponse } from '@venue/contract/common';
import { HealthResponse } from '@venue/contract/system';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const timeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/time',
    { schema: { summary: "The server's clock", tags: ['system'], response: { 200: TimeResponse } } },
    async (_request, reply) => {
      const epochMs = app.clock();
      reply.header('Cache-Control', 'no-store');
      return { now: new Date(epochMs).toISOString(), epochMs };
    },
  );
};

/** Registered at / and under /v1: load balancers probe the root, the app's API base is /v1. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    { schema: { summary: 'Whether the server is up', tags: ['system'], response: { 200: HealthResponse } } },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { ok: true as const };
    },
  );
};
