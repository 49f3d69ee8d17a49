/** GET /v1/displayassets/{assetId}/transformed/{transform} — item pictures, logos and location maps. */
import { ErrorBody } from '@venue/contract/common';
import { DisplayAssetParams } from '@venue/contract/route-params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { matchesEtag } from '../../lib/etag.ts';
import { pickFormat } from '../../modules/display-assets/display-assets.service.ts';

export const displayAssetRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/displayassets/:assetId/transformed/:transform',
    {
      schema: {
        summary: 'A picture rendered to a width the apps use: 100x, 200x, 300x or 350x',
        description:
          'WebP when the Accept header allows it, else PNG. Other sizes answer 404; a very tall picture is made narrower so that no render exceeds 420,000 pixels.',
        tags: ['catalogue'],
        params: DisplayAssetParams,
        produces: ['image/webp', 'image/png'],
        response: {
          200: z.any().describe('The image'),
          304: z.null().describe('Not modified'),
          400: ErrorBody,
          404: ErrorBody,
        },
      },
    },
    async (request, reply) => {
      const format = pickFormat(request.headers.accept);
      const image = await app.displayAssets.image(request.params.assetId, request.params.transform, format);
      reply.header('Vary', 'Accept').header('Cache-Control', 'public, max-age=86400').header('ETag', image.etag);
      if (matchesEtag(request.headers['if-none-match'], image.etag)) return reply.code(304).send(null);
      return reply.type(image.contentType).send(image.body);
    },
  );
};
