/** GET /v1/venue/{venueId}/vendors and GET /v1/vendor/{vendorId}/availableScheduledPickupTimeSlots */
import { ErrorBody } from '@venue/contract/common';
import { VendorIdParams, VenueIdParams } from '@venue/contract/route-params';
import { TimeSlotList, VendorList } from '@venue/contract/venue';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TradingSchedule } from '../../modules/vendors/trading-schedule.ts';
import { listVendors, pickupTimeSlots } from '../../modules/vendors/vendors.service.ts';

export const vendorRoutes: FastifyPluginAsyncZod = async (app) => {
  const schedule = new TradingSchedule();

  app.get(
    '/venue/:venueId/vendors',
    {
      schema: {
        summary: 'The vendors of a venue, with whether each is open now',
        tags: ['catalogue'],
        params: VenueIdParams,
        response: { 200: VendorList, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => listVendors(app.db, request.params.venueId, app.clock(), schedule),
  );

  app.get(
    '/vendor/:vendorId/availableScheduledPickupTimeSlots',
    {
      schema: {
        summary: 'Pickup or delivery times a customer may choose (ISO instants, UTC, ascending)',
        tags: ['catalogue'],
        params: VendorIdParams,
        response: { 200: TimeSlotList, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return pickupTimeSlots(app.db, request.params.vendorId, app.clock());
    },
  );
};
