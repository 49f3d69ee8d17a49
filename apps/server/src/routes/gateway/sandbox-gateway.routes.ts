/**
 * GET /sandbox-gateway/v1/card — the sandbox gateway's JSONP card endpoint (spec §7 card payment):
 * the app loads it as a script with the card in the query, and it answers
 * `callback({ r, id, v, token, successful, errors })`. The card number and CVV in the URL are
 * kept out of the logs (see the logger's request serializer in app.ts).
 */
import { GatewayCardQuery } from '@venue/contract/payment';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SandboxGateway } from '../../gateway/sandbox-gateway.ts';

export const SANDBOX_GATEWAY_PREFIX = '/sandbox-gateway/v1';
export const SANDBOX_CARD_PATH = `${SANDBOX_GATEWAY_PREFIX}/card`;

export const sandboxGatewayRoutes: FastifyPluginAsyncZod<{ gateway: SandboxGateway }> = async (app, options) => {
  app.get(
    '/card',
    {
      schema: {
        summary:
          'Sandbox gateway: charge a card (JSONP). CVV 200 → 2, 960 → 96, 970 → 97, 980 → 98, 990 → 99, 999 → 999, else 1; Luhn failure → 97',
        tags: ['sandbox gateway'],
        querystring: GatewayCardQuery,
      },
    },
    async (request, reply) => {
      const q = request.query;
      const result = await options.gateway.chargeCard({
        currency: q.currency,
        verification: q.verification,
        amount: q.amount,
        reference: q.reference,
        cardHolder: q.card_holder,
        cardNumber: q.card_number,
        cvv: q.cvv,
        expiryMonth: q.expiry_month,
        expiryYear: q.expiry_year,
      });
      reply.header('Cache-Control', 'no-store');
      if (!q.callback) return reply.type('application/json; charset=utf-8').send(JSON.stringify(result));
      // The callback name is a plain identifier (checked by the schema), so the script cannot carry anything else.
      return reply.type('application/javascript; charset=utf-8').send(`/**/${q.callback}(${JSON.stringify(result)});`);
    },
  );
};
