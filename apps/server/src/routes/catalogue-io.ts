/**
 * What the operations API's and the back office's catalogue routes share: the whole catalogue's
 * body limit, bodies checked by the service (every problem at its JSON path, 422) rather than by
 * the route's validator (400 at the first few), answers written as stored, picture uploads, and
 * what follows a committed change of a store's menu in this process.
 */
import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import { HttpError } from '../lib/http-error.ts';
import type { CatalogueImport } from '../modules/catalogue/catalogue.service.ts';
import { MAX_UPLOAD_BYTES, UNSUPPORTED_PICTURE_MESSAGE } from '../modules/display-assets/display-assets.service.ts';
import { publishVendorChanged } from '../modules/vendors/vendors.service.ts';
import { validatorCompilerWithoutNul } from '../plugins/request-validation.ts';

/**
 * A whole venue's catalogue: 2,000 items with their options and descriptions take about 1 MB; with
 * its pictures (`?pictures=include`, base64: a third larger than the files) a venue with a few
 * hundred photos of a few hundred KB each needs tens of MB. Only the venue admin gets this far
 * (the credential is checked before the body is read), and the body is checked whole before
 * anything is stored.
 */
export const CATALOGUE_BODY_LIMIT = 100 * 1024 * 1024;

/**
 * Picture bodies an upload takes; the content decides, so a generic type is welcome too, and
 * `image/jpg`, which is no registered type but what many cameras and tools send JPEGs as.
 */
export const PICTURE_UPLOAD_TYPES = ['image/png', 'image/jpeg', 'image/jpg', 'image/webp', 'application/octet-stream'];

/** The answer to a body sent as anything else: which types are taken, and what was sent. */
export function unsupportedPictureType(contentType: string | undefined): HttpError {
  const sent = contentType?.split(';')[0]?.trim();
  return new HttpError(
    415,
    `${UNSUPPORTED_PICTURE_MESSAGE} Send its bytes as image/png, image/jpeg, image/webp or application/octet-stream` +
      `${sent ? `, not ${sent}` : ' (the request named no Content-Type)'}.`,
  );
}

/**
 * In this (encapsulated) scope only pictures are parsed: JSON, text or any other type is refused
 * with a sentence naming the types taken, never Fastify's bare 'Unsupported Media Type'. The body
 * is read first (within the limit), so the client is still listening when it is answered.
 */
export function acceptOnlyPictures(scope: FastifyInstance): void {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser(
    PICTURE_UPLOAD_TYPES,
    { parseAs: 'buffer', bodyLimit: MAX_UPLOAD_BYTES },
    (_request, body, done) => done(null, body),
  );
  scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_UPLOAD_BYTES }, (request, _body, done) =>
    done(unsupportedPictureType(request.headers['content-type'])),
  );
}

/**
 * A body checked by the service, which reports every problem with its JSON path (422), where the
 * route validator would stop at a few (400). Its schema stays on the route for the OpenAPI
 * document; parameters and queries are validated as everywhere.
 */
export const bodyCheckedByService: FastifySchemaCompiler<unknown> = (route) =>
  route.httpPart === 'body'
    ? (data: unknown) => ({ value: data })
    : validatorCompilerWithoutNul(route as Parameters<typeof validatorCompilerWithoutNul>[0]);

/** Answers written as stored: a venue whose older data breaks a newer rule must still be readable. */
export const plainJson = () => (data: unknown) => JSON.stringify(data);

/**
 * Everything that must follow a committed change of these stores' menus in this process: cached
 * menus are dropped (other processes see the bumped menu versions) and staff displays are told,
 * one `vendor` event per store rather than one per item: a display reads the store's menu again.
 */
export async function menusChanged(app: FastifyInstance, vendorIds: Iterable<number>): Promise<void> {
  for (const vendorId of new Set(vendorIds)) {
    app.menuCache.invalidate(vendorId);
    await publishVendorChanged(app.events, vendorId, app.clock());
  }
}

/** What must follow a committed catalogue import: every store of the venue may have changed. */
export async function catalogueImported(app: FastifyInstance, result: CatalogueImport): Promise<void> {
  await menusChanged(app, result.vendorIds);
}
