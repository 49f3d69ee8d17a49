/** POST /v1/current-consumer/issue-receipt (auth, spec §7). */
import { ErrorBody } from '@venue/contract/common';
import { IssueReceiptRequest, IssuedReceipt } from '@venue/contract/receipt';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { consumerOf, requireConsumer } from '../../modules/consumers/consumer-auth.ts';
import type { Mailer } from '../../modules/receipts/mailer.ts';
import { clientKey } from '../../lib/client-key.ts';
import { issueReceipt } from '../../modules/receipts/receipts.service.ts';

export const receiptRoutes: FastifyPluginAsyncZod<{ mailer: Mailer }> = async (app, options) => {
  app.post(
    '/current-consumer/issue-receipt',
    {
      preValidation: requireConsumer(app),
      schema: {
        summary:
          "E-mails the receipt of the signer's paid order to the signer's email address; limited per recipient and per client address a day",
        tags: ['consumer'],
        body: IssueReceiptRequest,
        response: {
          200: IssuedReceipt,
          400: ErrorBody,
          401: ErrorBody,
          404: ErrorBody,
          422: ErrorBody,
          429: ErrorBody,
        },
      },
    },
    async (request) =>
      issueReceipt(
        { db: app.db, mailer: options.mailer, publicUrl: app.config.publicUrl },
        consumerOf(request),
        request.body.orderId,
        app.clock(),
        clientKey(request.ip),
      ),
  );
};
