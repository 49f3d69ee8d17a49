/** GET /v1/time (the app's clock and network check), the health check and the readiness check. */
import { TimeResponse } from '@venue/contract/common';
import { HealthResponse, NotReadyResponse, ReadyResponse } from '@venue/contract/system';
import { databaseNotReadyReason } from '../../db/migrate.ts';
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
    {
      schema: { summary: 'Whether the server is up', tags: ['system'], response: { 200: HealthResponse } },
      // A load balancer probes from one address every few seconds; its probes must never be refused.
      config: { rateLimit: false },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { ok: true as const };
    },
  );
};

export const DRAINING_REASON = 'The server is shutting down.';

/**
 * GET /ready, for a load balancer: 200 when this node should get traffic, 503 (with the reason)
 * while its database is away, its migrations are behind this build, or it is draining. /health
 * stays the liveness check: a node that is alive but not ready must not be restarted for it.
 */
export const readyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/ready',
    {
      schema: {
        summary: 'Whether this node should receive traffic',
        tags: ['system'],
        response: { 200: ReadyResponse, 503: NotReadyResponse },
      },
      config: { rateLimit: false },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const reason = app.lifecycle.draining ? DRAINING_REASON : await databaseNotReadyReason(app.db);
      if (reason !== null) return reply.code(503).send({ status: 'not ready' as const, reason });
      return { status: 'ready' as const };
    },
  );
};
