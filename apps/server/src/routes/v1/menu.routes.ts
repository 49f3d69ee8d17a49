/** GET /v1/vendor/{vendorId}/current-menu — served from the in-memory menu cache. */
import { ErrorBody } from '@venue/contract/common';
import { Menu } from '@venue/contract/menu';
import { VendorIdParams } from '@venue/contract/route-params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { matchesEtag } from '../../lib/etag.ts';
import { pickEncoding } from '../../modules/menu/menu-cache.ts';

export const menuRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/vendor/:vendorId/current-menu',
    {
      schema: {
        summary: "A vendor's current menu: items, modifiers and modifier groups",
        description: 'Answers 304 when If-None-Match names the current ETag.',
        tags: ['catalogue'],
        params: VendorIdParams,
        response: { 200: Menu, 304: z.null().describe('Not modified'), 400: ErrorBody, 404: ErrorBody },
      },
      // The cache keeps compressed copies of each menu; compressing per request would cost more than the rest of the call.
      compress: false,
    },
    async (request, reply) => {
      const entry = await app.menuCache.get(request.params.vendorId);
      reply.header('ETag', entry.etag).header('Cache-Control', 'no-cache').header('Vary', 'Accept-Encoding');
      if (matchesEtag(request.headers['if-none-match'], entry.etag)) return reply.code(304).send(null);
      const encoding = pickEncoding(request.headers['accept-encoding']);
      if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
      // Already JSON text: Fastify sends strings and buffers as they are, skipping schema serialization.
      return reply.type('application/json; charset=utf-8').send(app.menuCache.body(entry, encoding) as never);
    },
  );
};
