/**
 * The back office's takings and the venue right now:
 *   GET /admin/v1/reports/takings?from=&to=&by=store|item|hour&vendorId=&format=csv   (without days: today)
 *   GET /admin/v1/reports/today
 *   GET /admin/v1/events      Server-Sent Events: `change` whenever one of the manager's stores has news
 * A store manager's figures cover his stores only.
 */
import { Takings, TakingsQuery, Today } from '@venue/contract/admin-reports';
import { ErrorBody } from '@venue/contract/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { admitEventStream, hijackEventStream } from '../../lib/event-stream-reply.ts';
import { sessionManager, storeScope } from '../../modules/managers/managers.service.ts';
import { takings, takingsCsv, today } from '../../modules/takings/takings.service.ts';
import { listVendorIdsOfInstallation } from '../../modules/vendors/vendors.service.ts';
import { isLocalCaller } from '../../plugins/security.ts';
import { managerOf, requireManager, requireVendor, sessionToken } from './admin-auth.ts';

const ERRORS = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 429: ErrorBody, 503: ErrorBody };
const TAGS = ['back office'];
const SECURITY = [{ adminSession: [] }];
/** One manager's open streams (a few tabs and screens). */
const STREAMS_PER_MANAGER = 10;
/** Changes are told at most this often: a rush of orders is one `change`, not hundreds. */
const CHANGE_COALESCE_MS = 1_000;

export const adminReportRoutes: FastifyPluginAsyncZod = async (app) => {
  const signedIn = requireManager({ db: app.db, clock: app.clock });

  app.get(
    '/reports/takings',
    {
      onRequest: signedIn,
      schema: {
        summary:
          "The takings of a day or a range of days in the venue's time zone, by store, item or hour: orders, gross sales, coupon discounts, service charges, refunds, net, the GST included, average order, and payments by method. Without days, today; with one of from/to, that day. Paid orders count on the day they were paid, refunds on the day they were given; the totals are the sums of the rows. `format=csv` answers the same as CSV.",
        tags: TAGS,
        security: SECURITY,
        querystring: TakingsQuery,
        response: { 200: z.union([Takings, z.string().describe('text/csv')]), ...ERRORS },
      },
    },
    async (request, reply) => {
      const { vendorId, format } = request.query;
      if (vendorId !== undefined && requireVendor(request, reply, vendorId)) return reply;
      const report = await takings(app.db, storeScope(managerOf(request)), request.query, app.clock());
      reply.header('Cache-Control', 'no-store');
      if (format !== 'csv') return report;
      const days = report.to === report.from ? report.from : `${report.from}_to_${report.to}`;
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="takings-by-${report.by}-${days}.csv"`)
        .send(takingsCsv(report));
    },
  );

  app.get(
    '/reports/today',
    {
      onRequest: signedIn,
      schema: {
        summary:
          "The venue right now: today's figures so far, and per store whether it is open, paused or closed, its queue and the wait a new order would be told. Read it again on each `change` of /admin/v1/events.",
        tags: TAGS,
        security: SECURITY,
        response: { 200: Today, ...ERRORS },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return today(app.db, storeScope(managerOf(request)), app.clock());
    },
  );

  app.get(
    '/events',
    {
      onRequest: signedIn,
      schema: {
        summary:
          "Server-Sent Events for the back office: a `change` event (data: the store's id) when an order of one of the manager's stores is paid or moves, or a store opens, closes or pauses, at most once a second. The stream ends when the session does.",
        tags: TAGS,
        security: SECURITY,
        response: { 200: z.string().describe('text/event-stream'), ...ERRORS },
      },
    },
    async (request, reply) => {
      const manager = managerOf(request);
      admitEventStream(
        app.streamLimits,
        request,
        reply,
        [{ key: `manager:${manager.id}`, max: STREAMS_PER_MANAGER, what: 'this account' }],
        { localCaller: isLocalCaller(request), perAddress: app.config.streamMaxPerAddress },
      );
      await app.events.start();
      const vendorIds = storeScope(manager) ?? (await listVendorIdsOfInstallation(app.db));
      const token = sessionToken(request);
      const headers = hijackEventStream(request, reply, 'no-store');
      if (!headers) return;
      const stream = app.eventStreams.open(reply.raw, headers, {
        stillAllowed: async () => token !== null && (await sessionManager(app.db, token, app.clock())) !== null,
        label: { managerId: manager.id },
        kind: 'back_office',
      });
      if (!stream) return;
      const pending = new Set<number>();
      let timer: NodeJS.Timeout | null = null;
      const flush = () => {
        timer = null;
        for (const vendorId of pending) stream.write(`event: change\ndata: ${vendorId}\n\n`);
        pending.clear();
      };
      const unsubscribes = vendorIds.map((vendorId) =>
        app.events.subscribe(vendorId, () => {
          pending.add(vendorId);
          timer ??= setTimeout(flush, CHANGE_COALESCE_MS);
        }),
      );
      stream.unsubscribe = () => {
        if (timer) clearTimeout(timer);
        for (const unsubscribe of unsubscribes) unsubscribe();
      };
      stream.write('event: ready\ndata: {}\n\n');
    },
  );
};
