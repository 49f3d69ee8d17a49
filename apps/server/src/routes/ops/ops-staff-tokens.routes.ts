/**
 * The admin's management of per-store staff tokens:
 *   POST   /ops/v1/vendor/{vendorId}/staff-tokens        makes one and shows it, once
 *   GET    /ops/v1/vendor/{vendorId}/staff-tokens        lists them, never their secrets
 *   DELETE /ops/v1/vendor/{vendorId}/staff-tokens/{id}   revokes one at once
 * Admin only (`opsAccess: 'admin'`): a staff token cannot make, see or revoke tokens, not even its own store's.
 */
import { ErrorBody } from '@venue/contract/common';
import { VendorIdParams } from '@venue/contract/route-params';
import { StaffTokenCreate, StaffTokenCreated, StaffTokenList, StaffTokenParams } from '@venue/contract/staff-tokens';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createStaffToken,
  listStaffTokens,
  revokeStaffToken,
  staffSignInLink,
} from '../../modules/staff-tokens/staff-tokens.service.ts';
import { actorOf } from './ops-auth.ts';

const ADMIN_ONLY = { opsAccess: 'admin' } as const;
const ERRORS = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 429: ErrorBody };

export const opsStaffTokenRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/vendor/:vendorId/staff-tokens',
    {
      config: ADMIN_ONLY,
      schema: {
        summary:
          "Makes a staff token for a store (admin only). The answer holds the token itself: it is shown this once and stored only as a hash. A staff token acts only on its own store's /ops/v1/vendor/{vendorId}/… routes.",
        tags: ['operations'],
        security: [{ opsToken: [] }],
        params: VendorIdParams,
        body: StaffTokenCreate,
        response: { 201: StaffTokenCreated, ...ERRORS },
      },
    },
    async (request, reply) => {
      const { vendorId } = request.params;
      const created = await createStaffToken(app.db, vendorId, request.body.name, actorOf(request), app.clock());
      reply.header('Cache-Control', 'no-store');
      return reply.code(201).send({ ...created, ...(await staffSignInLink(app.config.publicUrl, created.token)) });
    },
  );

  app.get(
    '/vendor/:vendorId/staff-tokens',
    {
      config: ADMIN_ONLY,
      schema: {
        summary:
          "A store's staff tokens, oldest first, revoked ones included (revokedAt set), without their secrets (admin only)",
        tags: ['operations'],
        security: [{ opsToken: [] }],
        params: VendorIdParams,
        response: { 200: StaffTokenList, ...ERRORS },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return listStaffTokens(app.db, request.params.vendorId);
    },
  );

  app.delete(
    '/vendor/:vendorId/staff-tokens/:id',
    {
      config: ADMIN_ONLY,
      schema: {
        summary:
          'Revokes a staff token at once, in every server process (admin only). Revoking it again changes nothing.',
        tags: ['operations'],
        security: [{ opsToken: [] }],
        params: StaffTokenParams,
        response: { 204: z.null().describe('Revoked'), ...ERRORS },
      },
    },
    async (request, reply) => {
      const { vendorId, id } = request.params;
      await revokeStaffToken(app.db, vendorId, id, actorOf(request), app.clock());
      return reply.code(204).send(null);
    },
  );
};
