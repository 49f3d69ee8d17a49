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
import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { exportCatalogue, importCatalogue, type CatalogueImport } from '../../modules/catalogue/catalogue.service.ts';
import {
  MAX_UPLOAD_BYTES,
  storeUploadedPicture,
  UNSUPPORTED_PICTURE_MESSAGE,
} from '../../modules/display-assets/display-assets.service.ts';
import { HttpError } from '../../lib/http-error.ts';
import { publishVendorChanged } from '../../modules/vendors/vendors.service.ts';
import { validatorCompilerWithoutNul } from '../../plugins/request-validation.ts';
import { actorOf } from './ops-auth.ts';

/**
 * A whole venue's catalogue: 2,000 items with their options and descriptions take about 1 MB; with
 * its pictures (`?pictures=include`, base64: a third larger than the files) a venue with a few
 * hundred photos of a few hundred KB each needs tens of MB. Only the venue admin's token gets this
 * far (it is checked before the body is read), and the body is checked whole before anything is stored.
 */
export const CATALOGUE_BODY_LIMIT = 100 * 1024 * 1024;

/**
 * Picture bodies the upload takes; the content decides, so a generic type is welcome too, and
 * `image/jpg`, which is no registered type but what many cameras and tools send JPEGs as.
 */
const PICTURE_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/jpg', 'image/webp', 'application/octet-stream'];

/** The answer to a body sent as anything else: which types are taken, and what was sent. */
function unsupportedPictureType(contentType: string | undefined): HttpError {
  const sent = contentType?.split(';')[0]?.trim();
  return new HttpError(
    415,
    `${UNSUPPORTED_PICTURE_MESSAGE} Send its bytes as image/png, image/jpeg, image/webp or application/octet-stream` +
      `${sent ? `, not ${sent}` : ' (the request named no Content-Type)'}.`,
  );
}

/**
 * The catalogue body is checked by the import itself, which reports every problem with its JSON
 * path (422), where the route validator would stop at a few (400). Its schema stays on the route
 * for the OpenAPI document; parameters are validated as everywhere.
 */
const bodyCheckedByImport: FastifySchemaCompiler<unknown> = (route) =>
  route.httpPart === 'body'
    ? (data: unknown) => ({ value: data })
    : validatorCompilerWithoutNul(route as Parameters<typeof validatorCompilerWithoutNul>[0]);

/** The export is written as stored: a venue whose older data breaks a newer rule must still be exportable. */
const plainJson = () => (data: unknown) => JSON.stringify(data);

/**
 * Everything that must follow a committed catalogue import in this process: cached menus are
 * dropped (other processes see the bumped menu versions). Live updates to staff displays hook in
 * here too.
 */
export async function catalogueImported(app: FastifyInstance, result: CatalogueImport): Promise<void> {
  for (const vendorId of result.vendorIds) {
    app.menuCache.invalidate(vendorId);
    // One `vendor` event per store rather than one per item: a display reads the store's menu again.
    await publishVendorChanged(app.events, vendorId, app.clock());
  }
}

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
      validatorCompiler: bodyCheckedByImport,
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
    // Here only pictures are parsed: JSON, text or any other type is refused by the catch-all below
    // with a sentence naming the types taken, never Fastify's bare 'Unsupported Media Type'. The
    // body is read first (within the limit), so the client is still listening when it is answered.
    uploads.removeAllContentTypeParsers();
    uploads.addContentTypeParser(
      PICTURE_CONTENT_TYPES,
      { parseAs: 'buffer', bodyLimit: MAX_UPLOAD_BYTES },
      (_request, body, done) => done(null, body),
    );
    uploads.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_UPLOAD_BYTES }, (request, _body, done) =>
      done(unsupportedPictureType(request.headers['content-type'])),
    );
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
          consumes: PICTURE_CONTENT_TYPES,
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
