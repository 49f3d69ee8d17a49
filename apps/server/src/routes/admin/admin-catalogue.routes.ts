/**
 * The back office's menu and store editor (issue 26), contract admin-catalogue.ts:
 *   GET    /admin/v1/stores                                      the manager's stores, with their versions
 *   POST   /admin/v1/stores                                      a new store (admin) → 201
 *   GET    /admin/v1/stores/{vendorId}                           the store and its whole menu
 *   PATCH  /admin/v1/stores/{vendorId}                           its settings (the fields sent)
 *   DELETE /admin/v1/stores/{vendorId}?version=                  archives it (admin) → 204
 *   PUT    /admin/v1/stores/{vendorId}/item-types                its item types, in order (renames too)
 *   POST   /admin/v1/stores/{vendorId}/items                     a new item → 201
 *   PATCH  /admin/v1/stores/{vendorId}/items/{itemId}            an item (the fields sent)
 *   DELETE /admin/v1/stores/{vendorId}/items/{itemId}?version=   archives it → 204
 *   POST   /admin/v1/stores/{vendorId}/option-groups             a new option group with its options → 201
 *   PATCH  /admin/v1/stores/{vendorId}/option-groups/{groupId}   a group (options: the whole list)
 *   DELETE /admin/v1/stores/{vendorId}/option-groups/{groupId}?version=   archives it → 204
 *   GET    /admin/v1/coupons                                     the coupons the manager may see
 *   POST   /admin/v1/coupons                                     a new coupon (any store: admin) → 201
 *   PATCH  /admin/v1/coupons/{id}                                a coupon (the fields sent)
 *   DELETE /admin/v1/coupons/{id}?version=                       archives it → 204
 *   POST   /admin/v1/pictures                                    uploads a picture → 201 with its id and a preview URL
 *   GET    /admin/v1/catalogue                                   the whole catalogue (admin), as the operations export
 *   PUT    /admin/v1/catalogue                                   replaces it (admin), as the operations import
 * A store manager acts on the stores on his account only (403 elsewhere, nothing changed). Saves
 * answer 422 with every problem at its field, or 409 when someone saved the row since it was read.
 */
import {
  AdminCatalogueExportQuery,
  AdminCatalogueImportQuery,
  AdminCoupon,
  AdminCouponCreate,
  AdminCouponList,
  AdminCouponParams,
  AdminCouponPatch,
  AdminItem,
  AdminItemCreate,
  AdminItemParams,
  AdminItemPatch,
  AdminItemTypesUpdate,
  AdminOptionGroup,
  AdminOptionGroupCreate,
  AdminOptionGroupParams,
  AdminOptionGroupPatch,
  AdminPicture,
  AdminStore,
  AdminStoreCreate,
  AdminStoreList,
  AdminStoreMenu,
  AdminStoreParams,
  AdminStorePatch,
  DeleteQuery,
  EditConflict,
  EditRejection,
} from '@venue/contract/admin-catalogue';
import { ErrorBody } from '@venue/contract/common';
import { CatalogueImportSummary, CatalogueRejection, VenueCatalogue } from '@venue/contract/venue-catalogue';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../lib/http-error.ts';
import {
  createCoupon,
  createGroup,
  createItem,
  createStore,
  defaultVenueId,
  venueIdForImport,
  deleteCoupon,
  deleteGroup,
  deleteItem,
  deleteStore,
  editCoupon,
  editGroup,
  editItem,
  editStore,
  getStoreMenu,
  listCoupons,
  listStores,
  setItemTypes,
  type Editor,
  type Saved,
  type StoreScope,
} from '../../modules/catalogue/catalogue-editor.service.ts';
import { exportCatalogue, importCatalogue } from '../../modules/catalogue/catalogue.service.ts';
import { MAX_UPLOAD_BYTES, storeUploadedPicture } from '../../modules/display-assets/display-assets.service.ts';
import { managerActor, mayActOnVendor, type SignedManager } from '../../modules/managers/managers.service.ts';
import {
  acceptOnlyPictures,
  bodyCheckedByService,
  CATALOGUE_BODY_LIMIT,
  catalogueImported,
  menusChanged,
  PICTURE_UPLOAD_TYPES,
  plainJson,
  unsupportedPictureType,
} from '../catalogue-io.ts';
import {
  ADMIN_ONLY_MESSAGE,
  managerOf,
  OTHER_STORE_MESSAGE,
  requireAdmin,
  requireManager,
  requireOwnStore,
} from './admin-auth.ts';

const TAGS = ['back office'];
const SECURITY = [{ adminSession: [] }];
const ERRORS = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 429: ErrorBody };
/** A save's answers besides success: 409 someone saved it since it was read, 422 its problems. */
const SAVE_ERRORS = { ...ERRORS, 409: EditConflict, 413: ErrorBody, 415: ErrorBody, 422: EditRejection };
const SAVE_NOTE =
  ' Send back the `version` you read: a save of an older version answers 409 naming who changed it and when. ' +
  'Every problem answers 422 with its JSON path in the body; nothing is saved.';

/** The stores a manager sees: every store for an admin, his own for a store manager. */
const scopeOf = (manager: SignedManager): StoreScope => (manager.role === 'admin' ? null : manager.vendorIds);

export const adminCatalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  const signedIn = requireManager({ db: app.db, clock: app.clock });

  /** Who saves, and which stores he may act on (null: a coupon for any store, an admin's). */
  function editorOf(request: FastifyRequest): Editor {
    const manager = managerOf(request);
    return {
      actor: managerActor(manager),
      nowMs: app.clock(),
      refuse: (vendorId) => {
        if (vendorId === null) return manager.role === 'admin' ? null : new HttpError(403, ADMIN_ONLY_MESSAGE);
        return mayActOnVendor(manager, vendorId) ? null : new HttpError(403, OTHER_STORE_MESSAGE);
      },
    };
  }

  /** The answer of a committed save, once cached menus are dropped and staff displays told. */
  async function saved<T>(outcome: Saved<T>): Promise<T> {
    await menusChanged(app, outcome.vendorIds);
    return outcome.result;
  }

  const noStore = (reply: FastifyReply) => reply.header('Cache-Control', 'no-store');

  // ── stores ──

  app.get(
    '/stores',
    {
      onRequest: signedIn,
      schema: {
        summary: "The signed-in manager's stores (every store for an admin), with their versions.",
        tags: TAGS,
        security: SECURITY,
        response: { 200: AdminStoreList, ...ERRORS },
      },
      serializerCompiler: plainJson,
    },
    async (request, reply) => {
      noStore(reply);
      return listStores(app.db, scopeOf(managerOf(request)));
    },
  );

  app.post(
    '/stores',
    {
      onRequest: [signedIn, requireAdmin],
      schema: {
        summary: 'Makes a store (admin only), with no menu yet; its id is chosen by the server.',
        description: `Fields are the catalogue format's vendor fields.${SAVE_NOTE}`,
        tags: TAGS,
        security: SECURITY,
        body: AdminStoreCreate,
        response: { 201: AdminStore, ...SAVE_ERRORS },
      },
      validatorCompiler: bodyCheckedByService,
      serializerCompiler: plainJson,
    },
    async (request, reply) =>
      reply.code(201).send(await saved(await createStore(app.db, request.body, editorOf(request)))),
  );

  app.get(
    '/stores/:vendorId',
    {
      onRequest: [signedIn, requireOwnStore],
      schema: {
        summary:
          'A store and its whole menu: settings, item types, items, option groups with their options, each with its version.',
        tags: TAGS,
        security: SECURITY,
        params: AdminStoreParams,
        response: { 200: AdminStoreMenu, ...ERRORS },
      },
      serializerCompiler: plainJson,
    },
    async (request, reply) => {
      noStore(reply);
      return getStoreMenu(app.db, request.params.vendorId);
    },
  );

  app.patch(
    '/stores/:vendorId',
    {
      onRequest: [signedIn, requireOwnStore],
      schema: {
        summary:
          "Changes a store's settings: only the fields sent (open and paused stay as the staff set them unless sent).",
        description: `vendorOrderConfiguration and displayAssets may be sent in part; openingHours replaces the week.${SAVE_NOTE}`,
        tags: TAGS,
        security: SECURITY,
        params: AdminStoreParams,
        body: AdminStorePatch,
        response: { 200: AdminStore, ...SAVE_ERRORS },
      },
      validatorCompiler: bodyCheckedByService,
      serializerCompiler: plainJson,
    },
    async (request) => saved(await editStore(app.db, request.params.vendorId, request.body, editorOf(request))),
  );

  app.delete(
    '/stores/:vendorId',
    {
      onRequest: [signedIn, requireAdmin],
      schema: {
        summary:
          'Deletes a store (admin only): archived with its coupons, as an import does; orders keep naming it. ?version= is the version read.',
        tags: TAGS,
        security: SECURITY,
        params: AdminStoreParams,
        querystring: DeleteQuery,
        response: { 204: z.null(), ...SAVE_ERRORS },
      },
    },
    async (request, reply) => {
      await saved(await deleteStore(app.db, request.params.vendorId, request.query.version, editorOf(request)));
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/stores/:vendorId/item-types',
    {
      onRequest: [signedIn, requireOwnStore],
      schema: {
        summary:
          "A store's item types in the order the app shows them (the store's version); renamedFrom renames a type and moves its items.",
        description: `A type left out must have no items left.${SAVE_NOTE}`,
        tags: TAGS,
        security: SECURITY,
        params: AdminStoreParams,
        body: AdminItemTypesUpdate,
        response: { 200: AdminStoreMenu, ...SAVE_ERRORS },
      },
      validatorCompiler: bodyCheckedByService,
      serializerCompiler: plainJson,
    },
    async (request) => saved(await setItemTypes(app.db, request.params.vendorId, request.body, editorOf(request))),
  );

  // ── items ──

  app.post(
    '/stores/:vendorId/items',
    {
      onRequest: [signedIn, requireOwnStore],
      schema: {
        summary:
          'Adds a menu item to a store (its id is chosen by the server; last unless displayOrder says otherwise).',
        description: `Fields are the catalogue format's item fields, gstFree included.${SAVE_NOTE}`,
        tags: TAGS,
        security: SECURITY,
        params: AdminStoreParams,
        body: AdminItemCreate,
        response: { 201: AdminItem, ...SAVE_ERRORS },
      },
      validatorCompiler: bodyCheckedByService,
      serializerCompiler: plainJson,
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await saved(await createItem(app.db, request.params.vendorId, request.body, editorOf(request)))),
  );

  app.patch(
    '/stores/:vendorId/items/:itemId',
    {
      onRequest: [signedIn, requireOwnStore],
      schema: {
        summary:
          'Changes a menu item: only the fields sent (stock stays as the staff set it unless currentInventory is sent).',
        description: SAVE_NOTE.trim(),
        tags: TAGS,
        security: SECURITY,
        params: AdminItemParams,
        body: AdminItemPatch,
        response: { 200: AdminItem, ...SAVE_ERRORS },
      },
      validatorCompiler: bodyCheckedByService,
      serializerCompiler: plainJson,
    },
    async (request) => {
      const { vendorId, itemId } = request.params;
      return saved(await editItem(app.db, vendorId, itemId, request.body, editorOf(request)));
    },
  );

  app.delete(
    '/stores/:vendorId/items/:itemId',
    {
      onRequest: [signedIn, requireOwnStore],
      schema: {
        summary:
          'Deletes a menu item: archived as an import does (customers no longer see it; orders keep naming it). ?version= is the version read.',
        tags: TAGS,
        security: SECURITY,
        params: AdminItemParams,
        querystring: DeleteQuery,
        response: { 204: z.null(), ...SAVE_ERRORS },
      },
    },
    async (request, reply) => {
      const { vendorId, itemId } = request.params;
      await saved(await deleteItem(app.db, vendorId, itemId, request.query.version, editorOf(request)));
      return reply.code(204).send(null);
    },
  );

  // ── option groups ──

  app.post(
    '/stores/:vendorId/option-groups',
    {
      onRequest: [signedIn, requireOwnStore],
      schema: {
        summary: 'Adds an option group with its options to a store (required: minimumChoices at least 1).',
        description: `At most one option isDefault.${SAVE_NOTE}`,
        tags: TAGS,
        security: SECURITY,
        params: AdminStoreParams,
        body: AdminOptionGroupCreate,
        response: { 201: AdminOptionGroup, ...SAVE_ERRORS },
      },
      validatorCompiler: bodyCheckedByService,
      serializerCompiler: plainJson,
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await saved(await createGroup(app.db, request.params.vendorId, request.body, editorOf(request)))),
  );

  app.patch(
    '/stores/:vendorId/option-groups/:groupId',
    {
      onRequest: [signedIn, requireOwnStore],
      schema: {
        summary:
          'Changes an option group: the fields sent; options, when sent, is the whole list (options with an id are kept and changed, without one added, left out removed).',
        description: SAVE_NOTE.trim(),
        tags: TAGS,
        security: SECURITY,
        params: AdminOptionGroupParams,
        body: AdminOptionGroupPatch,
        response: { 200: AdminOptionGroup, ...SAVE_ERRORS },
      },
      validatorCompiler: bodyCheckedByService,
      serializerCompiler: plainJson,
    },
    async (request) => {
      const { vendorId, groupId } = request.params;
      return saved(await editGroup(app.db, vendorId, groupId, request.body, editorOf(request)));
    },
  );

  app.delete(
    '/stores/:vendorId/option-groups/:groupId',
    {
      onRequest: [signedIn, requireOwnStore],
      schema: {
        summary:
          'Deletes an option group and its options (archived; orders keep naming them); refused while an item offers it. ?version= is the version read.',
        tags: TAGS,
        security: SECURITY,
        params: AdminOptionGroupParams,
        querystring: DeleteQuery,
        response: { 204: z.null(), ...SAVE_ERRORS },
      },
    },
    async (request, reply) => {
      const { vendorId, groupId } = request.params;
      await saved(await deleteGroup(app.db, vendorId, groupId, request.query.version, editorOf(request)));
      return reply.code(204).send(null);
    },
  );

  // ── coupons ──

  app.get(
    '/coupons',
    {
      onRequest: signedIn,
      schema: {
        summary: "Coupons: every one for an admin, a store manager's stores' for him.",
        tags: TAGS,
        security: SECURITY,
        response: { 200: AdminCouponList, ...ERRORS },
      },
      serializerCompiler: plainJson,
    },
    async (request, reply) => {
      noStore(reply);
      return listCoupons(app.db, scopeOf(managerOf(request)));
    },
  );

  app.post(
    '/coupons',
    {
      onRequest: signedIn,
      schema: {
        summary: "Makes a coupon for one of the manager's stores, or (admin only) for any store (vendorId null).",
        description: `Fields are the catalogue format's coupon fields.${SAVE_NOTE}`,
        tags: TAGS,
        security: SECURITY,
        body: AdminCouponCreate,
        response: { 201: AdminCoupon, ...SAVE_ERRORS },
      },
      validatorCompiler: bodyCheckedByService,
      serializerCompiler: plainJson,
    },
    async (request, reply) =>
      reply.code(201).send(await saved(await createCoupon(app.db, request.body, editorOf(request)))),
  );

  app.patch(
    '/coupons/:id',
    {
      onRequest: signedIn,
      schema: {
        summary: 'Changes a coupon: the fields sent (its code cannot change: orders name it).',
        description: SAVE_NOTE.trim(),
        tags: TAGS,
        security: SECURITY,
        params: AdminCouponParams,
        body: AdminCouponPatch,
        response: { 200: AdminCoupon, ...SAVE_ERRORS },
      },
      validatorCompiler: bodyCheckedByService,
      serializerCompiler: plainJson,
    },
    async (request) => saved(await editCoupon(app.db, request.params.id, request.body, editorOf(request))),
  );

  app.delete(
    '/coupons/:id',
    {
      onRequest: signedIn,
      schema: {
        summary:
          'Deletes a coupon: archived, never usable again; orders keep naming it. ?version= is the version read.',
        tags: TAGS,
        security: SECURITY,
        params: AdminCouponParams,
        querystring: DeleteQuery,
        response: { 204: z.null(), ...SAVE_ERRORS },
      },
    },
    async (request, reply) => {
      await saved(await deleteCoupon(app.db, request.params.id, request.query.version, editorOf(request)));
      return reply.code(204).send(null);
    },
  );

  // ── the whole catalogue (admin) ──

  app.get(
    '/catalogue',
    {
      onRequest: [signedIn, requireAdmin],
      schema: {
        summary:
          "The venue's whole catalogue (admin only): the same document as GET /ops/v1/venue/{venueId}/catalogue.",
        description:
          "venueId defaults to the installation's (first) venue; ?pictures=include carries the pictures it names.",
        tags: TAGS,
        security: SECURITY,
        querystring: AdminCatalogueExportQuery,
        response: { 200: VenueCatalogue, ...ERRORS },
      },
      serializerCompiler: plainJson,
    },
    async (request, reply) => {
      noStore(reply);
      const venueId = request.query.venueId ?? (await defaultVenueId(app.db));
      return exportCatalogue(app.db, venueId, { nowMs: app.clock(), pictures: request.query.pictures === 'include' });
    },
  );

  app.put(
    '/catalogue',
    {
      onRequest: [signedIn, requireAdmin],
      schema: {
        summary:
          "Replaces a venue's whole catalogue, all or nothing (admin only), as PUT /ops/v1/venue/{venueId}/catalogue: ?venueId= names the venue (default: the installation's; on a new installation, the document's venue.id), and the document's venue.id must be it.",
        description:
          'A document with problems answers 422 listing every one with its JSON path, and changes nothing. ' +
          "Live values changed after the document's exportedAt are kept (keptLiveValues) unless ?force=true. " +
          'buildSettings names the customer app build settings that serve the venue.',
        tags: TAGS,
        security: SECURITY,
        querystring: AdminCatalogueImportQuery,
        body: VenueCatalogue,
        response: { 200: CatalogueImportSummary, ...ERRORS, 413: ErrorBody, 415: ErrorBody, 422: CatalogueRejection },
      },
      validatorCompiler: bodyCheckedByService,
      bodyLimit: CATALOGUE_BODY_LIMIT,
    },
    async (request) => {
      // The venue is named (or the installation's), never taken from the document once there is one: a
      // document of another venue is refused (422), not applied here. A new installation takes the document's.
      const venueId = request.query.venueId ?? (await venueIdForImport(app.db, request.body));
      const result = await importCatalogue(app.db, venueId, request.body, {
        actor: managerActor(managerOf(request)),
        nowMs: app.clock(),
        force: request.query.force === 'true',
      });
      await catalogueImported(app, result);
      return result.summary;
    },
  );

  // ── pictures ──

  await app.register(async (uploads) => {
    acceptOnlyPictures(uploads);
    uploads.post(
      '/pictures',
      {
        onRequest: signedIn,
        schema: {
          summary: "Uploads an item's or a store's picture (PNG, JPEG or WebP, at most 5 MB).",
          description:
            "The body is the picture's bytes (image/png, image/jpeg, image/webp or application/octet-stream); its content decides. " +
            "The answer is its id, to save as an item's displayAssetId or a store's thumbnailAssetId or locationImageAssetId, and a preview URL.",
          tags: TAGS,
          security: SECURITY,
          consumes: PICTURE_UPLOAD_TYPES,
          response: {
            201: AdminPicture,
            401: ErrorBody,
            403: ErrorBody,
            413: ErrorBody,
            415: ErrorBody,
            422: ErrorBody,
            429: ErrorBody,
          },
        },
        bodyLimit: MAX_UPLOAD_BYTES,
      },
      async (request, reply) => {
        if (!Buffer.isBuffer(request.body)) throw unsupportedPictureType(request.headers['content-type']);
        const stored = await storeUploadedPicture(app.db, request.body, app.clock());
        return reply.code(201).send({ ...stored, url: `/v1/displayassets/${stored.id}/transformed/350x` });
      },
    );
  });
};
