/**
 * Every store's staff tokens in the back office (issue 26 §5):
 *   GET    /admin/v1/staff-tokens                       every store's tokens (a store manager: his stores')
 *   POST   /admin/v1/stores/{vendorId}/staff-tokens     { name } → 201 with the token and its sign-in link, shown once
 *   DELETE /admin/v1/staff-tokens/{id}                  revokes it at once → 204
 * The same tokens, answers and audit entries as the operations API's staff-token routes.
 */
import { AdminStaffTokenList, AdminStaffTokenParams, AdminStoreParams } from '@venue/contract/admin-catalogue';
import { ErrorBody } from '@venue/contract/common';
import { StaffTokenCreate, StaffTokenCreated } from '@venue/contract/staff-tokens';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { managerActor } from '../../modules/managers/managers.service.ts';
import {
  createStaffToken,
  listStaffTokensOfStores,
  revokeStaffToken,
  staffSignInLink,
  staffTokenStore,
} from '../../modules/staff-tokens/staff-tokens.service.ts';
import { managerOf, requireManager, requireOwnStore, requireVendor } from './admin-auth.ts';

const TAGS = ['back office'];
const SECURITY = [{ adminSession: [] }];
const ERRORS = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 429: ErrorBody };

export const adminStaffTokenRoutes: FastifyPluginAsyncZod = async (app) => {
  const signedIn = requireManager({ db: app.db, clock: app.clock });

  app.get(
    '/staff-tokens',
    {
      onRequest: signedIn,
      schema: {
        summary:
          "Every store's staff tokens in one list (a store manager: his stores'), revoked ones included, never their secrets.",
        tags: TAGS,
        security: SECURITY,
        response: { 200: AdminStaffTokenList, ...ERRORS },
      },
    },
    async (request, reply) => {
      const manager = managerOf(request);
      reply.header('Cache-Control', 'no-store');
      return listStaffTokensOfStores(app.db, manager.role === 'admin' ? null : manager.vendorIds);
    },
  );

  app.post(
    '/stores/:vendorId/staff-tokens',
    {
      onRequest: [signedIn, requireOwnStore],
      schema: {
        summary:
          "Makes a staff token for a store. The answer holds the token and its sign-in link (with a QR code): shown this once, stored only as a hash. It acts only on that store's /ops/v1/vendor/{vendorId}/… routes.",
        tags: TAGS,
        security: SECURITY,
        params: AdminStoreParams,
        body: StaffTokenCreate,
        response: { 201: StaffTokenCreated, ...ERRORS },
      },
    },
    async (request, reply) => {
      const { vendorId } = request.params;
      const actor = managerActor(managerOf(request));
      const created = await createStaffToken(app.db, vendorId, request.body.name, actor, app.clock());
      reply.header('Cache-Control', 'no-store');
      return reply.code(201).send({ ...created, ...(await staffSignInLink(app.config.publicUrl, created.token)) });
    },
  );

  app.delete(
    '/staff-tokens/:id',
    {
      onRequest: signedIn,
      schema: {
        summary:
          "Revokes a staff token at once, in every server process (a store manager: his stores' only). Revoking it again changes nothing.",
        tags: TAGS,
        security: SECURITY,
        params: AdminStaffTokenParams,
        response: { 204: z.null().describe('Revoked'), ...ERRORS },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const vendorId = await staffTokenStore(app.db, id);
      if (requireVendor(request, reply, vendorId)) return reply;
      await revokeStaffToken(app.db, vendorId, id, managerActor(managerOf(request)), app.clock());
      return reply.code(204).send(null);
    },
  );
};
