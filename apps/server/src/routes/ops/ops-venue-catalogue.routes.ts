/**
 * The venue's catalogue as data: GET and PUT /ops/v1/venue/{venueId}/catalogue, and
 * POST /ops/v1/display-assets for the pictures a catalogue names.
 */
import { ErrorBody } from '@venue/contract/common';
import { VenueIdParams } from '@venue/contract/route-params';
import {
  CatalogueExportQuery,
  CatalogueImportQuery,
  CatalogueImportSummary,
  CatalogueRejection,
  UploadedDisplayAsset,
  VenueCatalogue,
} from '@venue/contract/venue-catalogue';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { exportCatalogue, importCatalogue } from '../../modules/catalogue/catalogue.service.ts';
import { MAX_UPLOAD_BYTES, storeUploadedPicture } from '../../modules/display-assets/display-assets.service.ts';
import {
  acceptOnlyPictures,
  bodyCheckedByService,
  CATALOGUE_BODY_LIMIT,
  catalogueImported,
  PICTURE_UPLOAD_TYPES,
  plainJson,
  unsupportedPictureType,
} from '../catalogue-io.ts';
import { actorOf } from './ops-auth.ts';

export const opsVenueCatalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/venue/:venueId/catalogue',
    {
      schema: {
        summary: "The venue's catalogue: vendors, trading hours, menus and coupons in one document",
        description:
          'The format of PUT /ops/v1/venue/{venueId}/catalogue. Money in cents, durations in ms. `exportedAt` says when ' +
          'it was taken: importing it later keeps the live values (isOpen, isPaused, currentInventory) changed since. ' +
          'With ?pictures=include it carries the pictures it names (base64), so it can be imported into another database.',
        tags: ['operations'],
        security: [{ opsToken: [] }],
        params: VenueIdParams,
        querystring: CatalogueExportQuery,
        response: { 200: VenueCatalogue, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
      },
      serializerCompiler: plainJson,
    },
    async (request) =>
      exportCatalogue(app.db, request.params.venueId, {
        nowMs: app.clock(),
        pictures: request.query.pictures === 'include',
      }),
  );

  app.put(
    '/venue/:venueId/catalogue',
    {
      schema: {
        summary: "Replace the venue's catalogue, all or nothing (creates the venue when absent)",
        description:
          'Vendors, items, modifier groups, modifiers and coupons the document leaves out are hidden, never deleted: ' +
          'orders keep naming them. A document with problems answers 422 listing every one with its JSON path, and changes nothing. ' +
          "Live values (stores' isOpen and isPaused, items' currentInventory) changed after the document's exportedAt are kept " +
          'and listed in keptLiveValues, unless ?force=true. Pictures the document carries are stored once per content. ' +
          'buildSettings names the customer app build settings that serve the venue.',
        tags: ['operations'],
        security: [{ opsToken: [] }],
        params: VenueIdParams,
        querystring: CatalogueImportQuery,
        body: VenueCatalogue,
        response: {
          200: CatalogueImportSummary,
          400: ErrorBody,
          401: ErrorBody,
          413: ErrorBody,
          415: ErrorBody,
          422: CatalogueRejection,
        },
      },
      validatorCompiler: bodyCheckedByService,
      bodyLimit: CATALOGUE_BODY_LIMIT,
    },
    async (request) => {
      const result = await importCatalogue(app.db, request.params.venueId, request.body, {
        actor: actorOf(request),
        nowMs: app.clock(),
        force: request.query.force === 'true',
      });
      await catalogueImported(app, result);
      return result.summary;
    },
  );

  await app.register(async (uploads) => {
    acceptOnlyPictures(uploads);
    uploads.post(
      '/display-assets',
      {
        schema: {
          summary: 'Upload a picture (PNG, JPEG or WebP, at most 5 MB) for a catalogue',
          description:
            "The body is the picture's bytes, sent as image/png, image/jpeg, image/webp or application/octet-stream; " +
            'its content decides, not its name or type. The answer is the asset id to use as displayAssetId, ' +
            'thumbnailAssetId or locationImageAssetId; GET /v1/displayassets/{id}/transformed/{size} serves it.',
          tags: ['operations'],
          security: [{ opsToken: [] }],
          consumes: PICTURE_UPLOAD_TYPES,
          response: { 201: UploadedDisplayAsset, 401: ErrorBody, 413: ErrorBody, 415: ErrorBody, 422: ErrorBody },
        },
        bodyLimit: MAX_UPLOAD_BYTES,
      },
      async (request, reply) => {
        if (!Buffer.isBuffer(request.body)) throw unsupportedPictureType(request.headers['content-type']);
        const stored = await storeUploadedPicture(app.db, request.body, app.clock());
        return reply.code(201).send(stored);
      },
    );
  });
};
