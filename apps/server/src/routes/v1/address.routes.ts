/** GET /v1/address/autocomplete, GET /v1/address/place/{placeId}, GET /v1/vendor/{vendorId}/delivery-quote */
import {
  AddressAutocompleteQuery,
  AddressPlace,
  AddressPlaceParams,
  AddressPlaceQuery,
  AddressSuggestionList,
  DeliveryQuote,
  DeliveryQuoteQuery,
} from '@venue/contract/address';
import { ErrorBody } from '@venue/contract/common';
import { VendorIdParams } from '@venue/contract/route-params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getVendor } from '../../modules/vendors/vendors.service.ts';
import { placeAddress, suggestAddresses, vendorDeliveryQuote } from '../../modules/address/address.service.ts';
import { loadGazetteer } from '../../modules/address/gazetteer.ts';

/** Localities do not change while the server runs: browsers may keep answers for a day. */
const CACHE_FOR_A_DAY = 'public, max-age=86400';

export const addressRoutes: FastifyPluginAsyncZod = async (app) => {
  // Read the data while the server starts rather than on the first customer's keystroke.
  app.addHook('onReady', async () => {
    void loadGazetteer().catch((error: unknown) => app.log.warn({ err: error }, 'address data not loaded'));
  });

  app.get(
    '/address/autocomplete',
    {
      schema: {
        summary: 'Australian localities matching typed text (a suburb or postcode, optionally after a street line)',
        tags: ['delivery'],
        querystring: AddressAutocompleteQuery,
        response: { 200: AddressSuggestionList, 400: ErrorBody },
      },
    },
    async (request, reply) => {
      const { input, latitude, longitude, biasLatitude, biasLongitude } = request.query;
      reply.header('Cache-Control', CACHE_FOR_A_DAY);
      return suggestAddresses(await loadGazetteer(), input, {
        centre: latitude !== undefined && longitude !== undefined ? { latitude, longitude } : undefined,
        bias:
          biasLatitude !== undefined && biasLongitude !== undefined
            ? { latitude: biasLatitude, longitude: biasLongitude }
            : undefined,
      });
    },
  );

  app.get(
    '/address/place/:placeId',
    {
      schema: {
        summary: 'A suggested place as a delivery address (spec §3)',
        tags: ['delivery'],
        params: AddressPlaceParams,
        querystring: AddressPlaceQuery,
        response: { 200: AddressPlace, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', CACHE_FOR_A_DAY);
      return placeAddress(await loadGazetteer(), request.params.placeId, request.query.streetAddress);
    },
  );

  app.get(
    '/vendor/:vendorId/delivery-quote',
    {
      schema: {
        summary: 'Distance (m), travel time and delivery time (ms) from a vendor to a delivery point',
        tags: ['delivery'],
        params: VendorIdParams,
        querystring: DeliveryQuoteQuery,
        response: { 200: DeliveryQuote, 400: ErrorBody, 404: ErrorBody, 422: ErrorBody },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const vendor = await getVendor(app.db, request.params.vendorId, app.clock());
      return vendorDeliveryQuote(vendor, request.query);
    },
  );
};
