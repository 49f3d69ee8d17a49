/** GET /ops/v1/vendor/{vendorId}/events: the store's live events as Server-Sent Events. */
import { ErrorBody } from '@venue/contract/common';
import { OpsEventId, OpsEventsQuery } from '@venue/contract/ops-events';
import { VendorIdParams } from '@venue/contract/route-params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { admitEventStream, hijackEventStream } from '../../lib/event-stream-reply.ts';
import { STREAMS_PER_ADMIN_TOKEN, STREAMS_PER_STAFF_TOKEN } from '../../lib/stream-limits.ts';
import { isLocalCaller } from '../../plugins/security.ts';
import { notFound } from '../../lib/http-error.ts';
import type { LastEventId } from '../../modules/events/event-streams.ts';
import { vendorExists } from '../../modules/vendors/vendors.service.ts';
import { credentialIsCurrent } from './ops-auth.ts';

const STREAM_DESCRIPTION = [
  'text/event-stream. Events: `order` (the ops order, as the orders list shows it) when an order is paid and at every status change;',
  '`vendor` (the vendor) when the store opens, closes, pauses or changes its time to service; `menu-item` (the item) when its stock or visibility changes;',
  '`ready` once live (its id is where a resume starts) and `reset` when the events since the last id cannot be replayed (read everything again).',
  'A `: heartbeat` comment keeps the stream alive. Every event has an `id:`; reconnect with `Last-Event-ID` (or `?lastEventId=`) to resume.',
].join(' ');

/** The header wins over the query: EventSource sends it on every reconnect, with the newest id. */
function lastEventIdOf(header: string | string[] | undefined, query: number | undefined): LastEventId {
  const text = Array.isArray(header) ? header[0] : header;
  if (text === undefined || text.trim() === '') return query;
  const parsed = OpsEventId.safeParse(text.trim());
  return parsed.success ? parsed.data : 'unreadable';
}

export const opsEventRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/vendor/:vendorId/events',
    {
      schema: {
        summary:
          "The store's live events (Server-Sent Events): orders paid and moved, the store opened, closed or paused, items sold out, restocked or hidden.",
        description: STREAM_DESCRIPTION,
        tags: ['operations'],
        security: [{ opsToken: [] }],
        params: VendorIdParams,
        querystring: OpsEventsQuery,
        response: {
          200: z.string().describe(STREAM_DESCRIPTION),
          400: ErrorBody,
          401: ErrorBody,
          404: ErrorBody,
          429: ErrorBody,
          503: ErrorBody,
        },
      },
    },
    async (request, reply) => {
      const { vendorId } = request.params;
      if (!(await vendorExists(app.db, vendorId))) throw notFound(`Vendor ${vendorId} not found`);
      const credential = request.opsCredential;
      admitEventStream(
        app.streamLimits,
        request,
        reply,
        [
          credential?.kind === 'staff'
            ? { key: `staff:${credential.tokenId}`, max: STREAMS_PER_STAFF_TOKEN, what: 'this staff token' }
            : { key: 'admin', max: STREAMS_PER_ADMIN_TOKEN, what: 'the admin token' },
        ],
        { localCaller: isLocalCaller(request), perAddress: app.config.streamMaxPerAddress },
      );
      await app.events.start();
      const lastEventId = lastEventIdOf(request.headers['last-event-id'], request.query.lastEventId);
      const headers = hijackEventStream(request, reply, 'no-cache');
      if (!headers) return;
      // A stream outlives the check its request passed: a revoked staff token's stream ends at the next heartbeat.
      await app.eventStreams.serve(vendorId, reply.raw, headers, lastEventId, {
        ...(credential ? { stillAllowed: () => credentialIsCurrent(app.db, credential) } : {}),
      });
    },
  );
};
