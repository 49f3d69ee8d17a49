/** GET /ops/v1/credential: who the presented token is, so a staff display knows its store. */
import { ErrorBody } from '@venue/contract/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OpsCredential } from '@venue/contract/ops-credential';

export const opsCredentialRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/credential',
    {
      schema: {
        summary: 'Who the token is: the venue admin, or a staff token and its store',
        tags: ['operations'],
        security: [{ opsToken: [] }],
        response: { 200: OpsCredential, 401: ErrorBody },
      },
    },
    async () => ({ kind: 'admin' as const, vendorId: null, name: null }),
  );
};
