/**
 * The back office's orders (architecture: 'The back office'):
 *   GET  /admin/v1/orders?q=&from=&to=&vendorId=&status=&cursor=&limit=   search, newest first → { orders, next }
 *   GET  /admin/v1/orders/{orderId}                                      the order with payments, refunds and history
 *   POST /admin/v1/orders/{orderId}/refunds                              a refund (Idempotency-Key) → 201
 *   GET  /admin/v1/orders.csv?from=&to=&vendorId=                        one row per order line
 * A store manager sees and refunds only his stores' orders (403 for another's).
 */
import {
  AdminOrderDetail,
  AdminOrderList,
  AdminOrderParams,
  AdminOrdersCsvQuery,
  AdminOrdersQuery,
  AdminRefund,
  RefundRequest,
} from '@venue/contract/admin-orders';
import { ErrorBody } from '@venue/contract/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { managerActor, storeScope } from '../../modules/managers/managers.service.ts';
import {
  findOrderForRefund,
  getOrderRecord,
  searchOrders,
  toAdminRefund,
} from '../../modules/order-records/order-records.service.ts';
import { giveRefund, type RefundListener } from '../../modules/payments/refunds.service.ts';
import { ordersCsv } from '../../modules/takings/takings.service.ts';
import { sendError } from '../../plugins/error-handler.ts';
import { managerOf, requireManager, requireVendor } from './admin-auth.ts';

export interface AdminOrderRoutesOptions {
  refunds?: RefundListener | undefined;
}

const ERRORS = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody };
const TAGS = ['back office'];
const SECURITY = [{ adminSession: [] }];
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,200}$/;

/** The name a CSV download is saved as. */
function csvName(what: string, from: string | undefined, to: string | undefined): string {
  const days = [from, to && to !== from ? to : undefined].filter(Boolean).join('_to_');
  return `${what}${days ? `-${days}` : ''}.csv`;
}

export const adminOrderRoutes: FastifyPluginAsyncZod<AdminOrderRoutesOptions> = async (app, options) => {
  const signedIn = requireManager({ db: app.db, clock: app.clock });

  app.get(
    '/orders',
    {
      onRequest: signedIn,
      schema: {
        summary:
          "Finds orders across the manager's stores, newest first: `q` matches the order number, the customer's name, mobile or email as given with the order; `from`/`to` are days in the venue's time zone. `next` is the cursor of the next page.",
        tags: TAGS,
        security: SECURITY,
        querystring: AdminOrdersQuery,
        response: { 200: AdminOrderList, ...ERRORS },
      },
    },
    async (request, reply) => {
      const { vendorId } = request.query;
      if (vendorId !== undefined && requireVendor(request, reply, vendorId)) return reply;
      reply.header('Cache-Control', 'no-store');
      return searchOrders(app.db, storeScope(managerOf(request)), request.query);
    },
  );

  app.get(
    '/orders.csv',
    {
      onRequest: signedIn,
      schema: {
        summary:
          "The orders paid in a range of days (today without one) as CSV, one row per order line (items, options, service charges, and a coupon discount as a negative line), so each order's lines add up to what it paid.",
        tags: TAGS,
        security: SECURITY,
        querystring: AdminOrdersCsvQuery,
        response: { 200: z.string().describe('text/csv'), ...ERRORS },
      },
    },
    async (request, reply) => {
      const { vendorId, from, to } = request.query;
      if (vendorId !== undefined && requireVendor(request, reply, vendorId)) return reply;
      const csv = await ordersCsv(app.db, storeScope(managerOf(request)), request.query, app.clock());
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${csvName('orders', from, to)}"`)
        .header('Cache-Control', 'no-store')
        .send(csv);
    },
  );

  app.get(
    '/orders/:orderId',
    {
      onRequest: signedIn,
      schema: {
        summary:
          "One order: its lines with options and notes, the customer's details as given, each payment and refund (with amountMinor), what is left to refund, and its history with who made each change.",
        tags: TAGS,
        security: SECURITY,
        params: AdminOrderParams,
        response: { 200: AdminOrderDetail, ...ERRORS },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return getOrderRecord(app.db, storeScope(managerOf(request)), request.params.orderId);
    },
  );

  app.post(
    '/orders/:orderId/refunds',
    {
      onRequest: signedIn,
      schema: {
        summary:
          'Refunds an order, also after collection: in full (neither lines nor amountMinor), by line and quantity, or by amount, with a reason. Send an Idempotency-Key header: the same key refunds once however often it is sent. More than is left to refund answers 409; a refund the gateway refuses answers 422 and nothing is recorded.',
        tags: TAGS,
        security: SECURITY,
        params: AdminOrderParams,
        headers: z.object({ 'idempotency-key': z.string().optional() }),
        body: RefundRequest,
        response: { 200: AdminRefund, 201: AdminRefund, ...ERRORS },
      },
    },
    async (request, reply) => {
      const manager = managerOf(request);
      // Another store's order is refused (403) whatever the request lacks.
      const order = await findOrderForRefund(app.db, storeScope(manager), request.params.orderId);
      const key = request.headers['idempotency-key'];
      if (!key || !IDEMPOTENCY_KEY.test(key))
        return sendError(reply, 400, 'Send an Idempotency-Key header (1 to 200 visible characters) with each refund.');
      const { refund } = await giveRefund(
        { db: app.db, gateway: app.payments.gateway, refunds: options.refunds },
        order,
        request.body,
        key,
        managerActor(manager),
        app.clock(),
      );
      return reply.code(201).send(toAdminRefund(refund));
    },
  );
};
