/**
 * Builds the Fastify application. Registration order matters and is always:
 *   1. external plugins (security headers, rate limiting, compression): they must wrap every route;
 *   2. app plugins (decorations such as `db`, the error handler, the OpenAPI generator) that routes rely on;
 *   3. route modules (/v1 catalogue, /ops/v1 operations);
 *   4. the built web app and its client-side-route fallback, which takes whatever the API did not.
 */
import swagger from '@fastify/swagger';
import Fastify, {
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyServerOptions,
  type RouteOptions,
} from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type pg from 'pg';
import type { Config } from './config.ts';
import type { PoolState } from './db/database.ts';
import type { Tracing } from './lib/tracing.ts';
import type { PaymentGateway } from './gateway/payment-gateway.ts';
import { pushPost } from './modules/push/push-transport.ts';
import type { Database } from './db/schema.ts';
import { addressRoutes } from './routes/v1/address.routes.ts';
import { consumerRoutes } from './routes/v1/consumers.routes.ts';
import { couponRoutes } from './routes/v1/coupons.routes.ts';
import { displayAssetRoutes } from './routes/v1/display-assets.routes.ts';
import { DisplayAssetRenderer } from './modules/display-assets/display-assets.service.ts';
import { EventBus, type EventDraft } from './modules/events/event-bus.ts';
import { EventStreams, type EventStreamSettings } from './modules/events/event-streams.ts';
import { orderEventRoutes } from './routes/v1/order-events.routes.ts';
import { OrderStreams, type OrderStreamSettings } from './modules/order-streams/order-streams.ts';
import { orderEventDraft } from './modules/orders/order-views.ts';
import { MenuCache } from './modules/menu/menu-cache.ts';
import { menuRoutes } from './routes/v1/menu.routes.ts';
import { pricingRoutes } from './routes/v1/pricing.routes.ts';
import { orderRoutes } from './routes/v1/orders.routes.ts';
import { placeOrderRoutes } from './routes/v1/place-order.routes.ts';
import { paymentRoutes } from './routes/v1/payments.routes.ts';
import { createMailer } from './modules/receipts/mailer.ts';
import { RefundMailer } from './modules/receipts/refund-email.ts';
import { receiptRoutes } from './routes/v1/receipts.routes.ts';
import type { PaymentDeps } from './modules/payments/payment-common.ts';
import type { FulfilmentDeps } from './modules/fulfilment/fulfilment.service.ts';
import { pushRoutes } from './routes/v1/push.routes.ts';
import { PushNotifier } from './modules/push/push.service.ts';
import { VapidKeySource } from './modules/push/vapid-keys.ts';
import { healthRoutes, readyRoutes, timeRoutes } from './routes/v1/system.routes.ts';
import { vendorRoutes } from './routes/v1/vendors.routes.ts';
import { venueRoutes } from './routes/v1/venues.routes.ts';
import { opsPlugin } from './routes/ops/ops.plugin.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { validatorCompilerWithoutNul } from './plugins/request-validation.ts';
import { compiledSerializerCompiler } from './plugins/response-serialization.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerWebApp } from './plugins/web-app.ts';
import { SandboxGateway } from './gateway/sandbox-gateway.ts';
import { SANDBOX_GATEWAY_PREFIX, sandboxGatewayRoutes } from './routes/gateway/sandbox-gateway.routes.ts';
import { lingerWhenClosing } from './lib/lingering-close.ts';
import { SERVER_TIMEOUTS, serverTimeoutOptions, type ServerTimeouts } from './lib/server-timeouts.ts';
import { logUrl, redactLogLine } from './lib/redact.ts';
import { closeRedis, connectRedis } from './lib/redis.ts';
import { StreamLimits } from './lib/stream-limits.ts';
import { MemorySignInFailureStore, RedisSignInFailureStore } from './lib/sign-in-failures.ts';
import { ADMIN_PREFIX, adminPlugin } from './routes/admin/admin.plugin.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Kysely<Database>;
    /** the server's notion of now (epoch ms); tests replace it */
    clock: () => number;
    menuCache: MenuCache;
    displayAssets: DisplayAssetRenderer;
    /** what taking payments needs: database, gateway, menu cache, clock, event bus */
    payments: PaymentDeps;
    /** what moving orders needs (status changes, the fulfilment worker, the kitchen simulator): the payment services, and who is told of a change (Web Push, refund emails) */
    fulfilment: FulfilmentDeps;
    /** operations events: publish after a change commits, subscribe per vendor (every process) */
    events: EventBus;
    /** this process's open event streams (GET /ops/v1/vendor/{vendorId}/events) */
    eventStreams: EventStreams;
    /** this process's customers' order streams (GET /v1/order/{orderId}/events) */
    orderStreams: OrderStreams;
    /** caps on open event streams, per order, consumer, credential, address and process */
    streamLimits: StreamLimits;
    /** set when the process starts draining (GET /ready answers 503 from then on) */
    lifecycle: { draining: boolean };
    /** Web Push: the VAPID keys, and the sender of order notifications (modules/push) */
    push: { vapid: VapidKeySource; notifier: PushNotifier };
  }
}

export interface BuildAppOptions {
  config: Config;
  db: Kysely<Database>;
  /** pino options, `false` for silence (tests), or true for the defaults */
  logger?: FastifyServerOptions['logger'];
  clock?: () => number;
  /** called with every route as it is registered (tests enumerate the whole API with it) */
  onRoute?: (route: RouteOptions) => void;
  /** more routes inside the operations scope, under its credential check (tests) */
  extraOpsRoutes?: FastifyPluginAsync;
  /** PostgreSQL: a new client for the event bus's LISTEN session (`DatabaseHandle.createSessionClient`) */
  createSessionClient?: (() => pg.Client) | undefined;
  /** PostgreSQL: the pool's connections, for GET /metrics (`DatabaseHandle.poolState`) */
  databasePool?: (() => PoolState) | undefined;
  /** event stream limits and heartbeat (tests shorten them) */
  eventStreams?: Partial<EventStreamSettings>;
  orderStreams?: Partial<OrderStreamSettings>;
  /** how long the server waits for slow clients (tests shorten them) */
  timeouts?: Partial<ServerTimeouts>;
  /** OpenTelemetry, when on (lib/tracing.ts); absent, nothing of it is added to any request */
  tracing?: Tracing | null;
}

export const API_PREFIX = '/v1';
export const OPS_PREFIX = '/ops/v1';

/** The payment gateway's calls, each a span when tracing is on. */
const GATEWAY_CALLS = [
  'createAccessCode',
  'findCharge',
  'chargeToken',
  'chargeWallet',
  'refund',
  'refundedOf',
  'describeCard',
  'applePayMerchantSession',
] as const satisfies readonly (keyof PaymentGateway)[];

function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  const clock = options.clock ?? Date.now;
  const { tracing } = options;
  const logger = options.logger ?? { level: config.logLevel, ...(tracing ? { mixin: tracing.logMixin } : {}) };
  const app = Fastify({
    // No card data in any log line (lib/redact.ts): the sandbox gateway's card request carries it
    // in the query, and a client can send it anywhere else. Request URLs keep only harmless query
    // values: no signatures, typed addresses or positions (logUrl).
    logger:
      typeof logger === 'object' && logger !== null
        ? {
            ...logger,
            hooks: { ...(logger as { hooks?: object }).hooks, streamWrite: redactLogLine },
            serializers: {
              req: (request: { method: string; url: string; ip?: string }) => ({
                method: request.method,
                url: logUrl(request.url),
                remoteAddress: request.ip,
              }),
              ...(logger as { serializers?: object }).serializers,
            },
          }
        : logger,
    // A number is a count of proxy hops to trust.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    // Ids are short; long path segments are always a mistake or a probe.
    routerOptions: { maxParamLength: 200 },
    bodyLimit: 256 * 1024,
    // Slow clients cannot hold connections (lib/server-timeouts.ts); event streams stay open.
    ...serverTimeoutOptions(options.timeouts),
  }).withTypeProvider<ZodTypeProvider>();
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  if (tracing) {
    // Each request runs inside its span from the first byte; the span is named once its route is known.
    const [listener] = app.server.listeners('request') as Parameters<Tracing['tracedListener']>;
    app.server.removeListener('request', listener);
    app.server.on('request', tracing.tracedListener(listener));
    app.addHook('onRequest', (request, _reply, done) => {
      tracing.nameRequest(request.raw, request.method, request.routeOptions.url);
      done();
    });
  }
  app.setValidatorCompiler(validatorCompilerWithoutNul);
  app.setSerializerCompiler(compiledSerializerCompiler);

  // Shared counts for several nodes (rate limits, failed sign-ins); closed after the server.
  const redis = config.redisUrl ? await connectRedis(config.redisUrl, app.log) : null;
  if (redis) app.addHook('onClose', async () => closeRedis(redis));

  // 1. External plugins.
  await registerSecurity(app, config, redis);

  // 2. App plugins.
  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('clock', clock);
  app.decorate('lifecycle', { draining: false });
  // While draining, every answer closes its connection (lib/drain.ts), so a load balancer never
  // reuses a kept-alive connection that the node is about to close. An answer that closes the
  // connection before the request has all arrived (a body past the limit) lets the client, still
  // writing, read it before the connection goes (lib/lingering-close.ts). One hook, called back
  // rather than awaited: it runs for every answer.
  const linger = { ...SERVER_TIMEOUTS, ...options.timeouts };
  app.addHook('onSend', (request, reply, payload, done) => {
    if (app.lifecycle.draining) reply.header('connection', 'close');
    if (!request.raw.complete && String(reply.getHeader('connection')).toLowerCase() === 'close')
      lingerWhenClosing(request.raw, linger);
    done(null, payload);
  });
  app.decorate('menuCache', new MenuCache(db));
  app.decorate('displayAssets', new DisplayAssetRenderer(db));
  const bus = new EventBus(db, {
    clock,
    log: app.log,
    createSessionClient: options.createSessionClient,
    tracing: tracing?.events ?? null,
  });
  // An order's event owed by a change whose process died before publishing it: the order as it is now.
  bus.whenOwed('order', ({ vendorId, orderId }) => orderEventDraft(vendorId, orderId ?? 0, bus.now()));
  const events = tracing
    ? tracing.tracedMethods(
        bus,
        'ops_events',
        ['publish', 'publishChange'],
        ([draft]) => {
          const { vendorId, orderId, type } = draft as EventDraft;
          return { 'venue.event.type': type, 'venue.vendor.id': vendorId, 'venue.order.id': orderId ?? undefined };
        },
        // A change published with its event is still the event's publish, as traces show it.
        { publishChange: 'publish' },
      )
    : bus;
  app.decorate('events', events);
  app.decorate('eventStreams', new EventStreams(events, app.log, options.eventStreams, tracing?.events ?? null));
  app.decorate('streamLimits', new StreamLimits(config.streamMaxPerProcess, app.log, clock));
  app.decorate(
    'orderStreams',
    new OrderStreams(
      { db, bus: events, streams: app.eventStreams, clock, log: app.log, tracing: tracing?.events ?? null },
      options.orderStreams,
    ),
  );
  // Open streams never end by themselves: ended before the server closes, or closing would wait for ever.
  app.addHook('preClose', (done) => {
    app.eventStreams.closeAll();
    app.orderStreams.close();
    done();
  });
  app.addHook('onClose', async () => events.close());
  const sandbox = new SandboxGateway(db, clock);
  const gateway: PaymentGateway = tracing
    ? tracing.tracedMethods<PaymentGateway>(sandbox, 'payment_gateway', GATEWAY_CALLS)
    : sandbox;
  const vapid = new VapidKeySource(db, config.vapidKeys, clock);
  const notifier = new PushNotifier({
    db,
    vapid,
    subject: config.vapidSubject,
    log: app.log,
    rules: { allowLoopback: config.pushAllowLoopback, extraHosts: config.pushServiceHosts },
    ...(tracing
      ? { post: tracing.tracedFunction('push send', pushPost({ allowLoopback: config.pushAllowLoopback })) }
      : {}),
  });
  app.decorate('push', { vapid, notifier });
  // Notifications under way finish (or time out) before the database is closed.
  app.addHook('onClose', async () => notifier.idle());
  const mailer = createMailer({ smtpUrl: config.smtpUrl, outboxDir: config.outboxDir });
  app.addHook('onClose', async () => mailer.close());
  const refunds = new RefundMailer({ db, mailer, publicUrl: config.publicUrl, clock, log: app.log });
  // Emails under way are sent before the mailer and the database close.
  app.addHook('onClose', async () => refunds.idle());
  app.decorate('payments', { db, gateway, menuCache: app.menuCache, clock, events });
  app.decorate('fulfilment', { db, gateway, menuCache: app.menuCache, events, orderStatus: notifier, refunds });
  registerErrorHandler(app);
  // GET /metrics and the per-request count, when METRICS_TOKEN or METRICS_PORT is set (before the routes).
  registerMetrics(app, config, { streams: () => app.eventStreams.countByKind(), pool: options.databasePool });
  // JSON bodies are parsed as before (prototype-poisoning checks included), keeping the text for request signatures.
  const parseJson = app.getDefaultJsonParser('error', 'ignore');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    request.rawBody = body as string;
    parseJson(request, body as string, done);
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Venue ordering API',
        version: '1.0.0',
        description: 'The customer API (/v1), the operations API (/ops/v1) and the back office API (/admin/v1).',
      },
      components: {
        securitySchemes: {
          adminSession: {
            type: 'apiKey',
            in: 'cookie',
            name: 'venue_admin',
            description:
              "A back-office manager's session (POST /admin/v1/session). An admin acts on every store; a store manager on the stores named on the account, and answers 403 elsewhere.",
          },
          opsToken: {
            type: 'http',
            scheme: 'bearer',
            description:
              "The venue admin's OPS_TOKEN (every operations route), or a store's staff token (`vst_…`, made with POST /ops/v1/vendor/{vendorId}/staff-tokens), which acts only on that store's /ops/v1/vendor/{vendorId}/… routes other than the staff-token routes and answers 403 elsewhere. Repeated failed sign-ins from one address answer 429.",
          },
        },
      },
    },
    transform: jsonSchemaTransform,
    // Schemas registered with an id (the venue catalogue) are named in components and referred to.
    transformObject: jsonSchemaTransformObject,
  });

  // 3. Routes.
  await app.register(
    async (v1) => {
      await v1.register(venueRoutes);
      await v1.register(vendorRoutes);
      await v1.register(addressRoutes);
      await v1.register(menuRoutes);
      await v1.register(pricingRoutes);
      await v1.register(consumerRoutes);
      await v1.register(placeOrderRoutes);
      await v1.register(orderRoutes);
      await v1.register(orderEventRoutes);
      await v1.register(paymentRoutes);
      await v1.register(couponRoutes);
      await v1.register(receiptRoutes, { mailer });
      await v1.register(pushRoutes);
      await v1.register(displayAssetRoutes);
      await v1.register(timeRoutes);
      await v1.register(healthRoutes);
      v1.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
    },
    { prefix: API_PREFIX },
  );
  await app.register(healthRoutes);
  await app.register(readyRoutes);
  // Failed sign-ins, counted per address (and per account) for the operations API and the back office.
  const signInFailures = redis
    ? new RedisSignInFailureStore(redis, config.redisKeyPrefix, app.log)
    : new MemorySignInFailureStore();
  await app.register(opsPlugin, {
    prefix: OPS_PREFIX,
    signInFailures,
    ...(options.extraOpsRoutes ? { extraRoutes: options.extraOpsRoutes } : {}),
  });
  await app.register(adminPlugin, { prefix: ADMIN_PREFIX, mailer, signInFailures, refunds });
  await app.register(sandboxGatewayRoutes, { prefix: SANDBOX_GATEWAY_PREFIX, gateway: sandbox });

  // 4. The web app.
  await registerWebApp(app, config.webDist, { staffDist: config.staffDist, adminDist: config.adminDist });

  return app;
}
