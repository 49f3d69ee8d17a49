/** POST /v1/vendor/{vendorId}/calculate-order-payment — the server's totals for a basket. */
import { ErrorBody } from '@venue/contract/common';
import {
  CalculateOrderPaymentRequest,
  CalculateOrderPaymentResponse,
  OrderProblemBody,
} from '@venue/contract/order-payment';
import { VendorIdParams } from '@venue/contract/route-params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest } from '../../lib/http-error.ts';
import { priceVendorOrder, toPaymentSummary } from '../../modules/pricing/pricing.service.ts';

export const pricingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/vendor/:vendorId/calculate-order-payment',
    {
      schema: {
        summary: "Prices a basket from the vendor's own menu: items, options, service charges and total",
        description:
          '409 when the vendor is closed (We have closed), paused (Back Soon!) or an item is sold out (menuItemIds names them); 422 for any other broken rule.',
        tags: ['ordering'],
        params: VendorIdParams,
        body: CalculateOrderPaymentRequest,
        response: {
          200: CalculateOrderPaymentResponse,
          400: ErrorBody,
          404: ErrorBody,
          409: OrderProblemBody,
          413: ErrorBody,
          422: OrderProblemBody,
        },
      },
    },
    async (request) => {
      const { vendorId } = request.params;
      if (request.body.vendorId !== undefined && request.body.vendorId !== vendorId) {
        throw badRequest('vendorId: does not match the vendor in the path');
      }
      const { order } = await priceVendorOrder(app, vendorId, request.body, app.clock());
      return { paymentSummary: toPaymentSummary(order) };
    },
  );
};
