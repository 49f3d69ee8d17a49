/** GET /v1/client/{clientId}/venues */
import { ErrorBody } from '@venue/contract/common';
import { ClientIdParams } from '@venue/contract/route-params';
import { VenueList } from '@venue/contract/venue';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listVenues } from '../../modules/venues/venues.service.ts';

export const venueRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/client/:clientId/venues',
    {
      schema: {
        summary: 'The venues of a client',
        tags: ['catalogue'],
        params: ClientIdParams,
        response: { 200: VenueList, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => listVenues(app.db, request.params.clientId),
  );
};
