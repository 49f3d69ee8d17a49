/** GET /ops/v1/credential: who the presented token is, so a staff display knows its store. */
import { ErrorBody } from '@venue/contract/common';
import { OpsCredential } from '@venue/contract/ops-credential';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const opsCredentialRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/credential',
    {
      // every valid credential may ask who it is; a staff token learns only its own store
      config: { opsAccess: 'any' },
      schema: {
        summary: 'Who the token is: the venue admin, or a staff token and its store',
        tags: ['operations'],
        security: [{ opsToken: [] }],
        response: { 200: OpsCredential, 401: ErrorBody },
      },
    },
    async (request) => {
      const credential = request.opsCredential;
      return credential?.kind === 'staff'
        ? { kind: 'staff' as const, vendorId: credential.vendorId, name: credential.name }
        : { kind: 'admin' as const, vendorId: null, name: null };
    },
  );
};
