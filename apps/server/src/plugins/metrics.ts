/**
 * GET /metrics in the Prometheus text format (docs/operations.md "Metrics"), never public:
 *   - METRICS_PORT set: served on that port of METRICS_HOST (127.0.0.1 unless set) by a listener of
 *     its own, and not on the main port; METRICS_TOKEN, when also set, is asked there too;
 *   - else METRICS_TOKEN set: on the main port, only with `Authorization: Bearer <METRICS_TOKEN>`
 *     (401 otherwise);
 *   - neither: not served (the main port answers 404), and nothing is measured per request.
 *
 * The text is the process's metrics (lib/metrics.ts: prom-client's default ones and the counts
 * modules keep), this app's gauges, read when scraped (open event streams, the SQLite WAL file's
 * size, the PostgreSQL pool), and its requests by route pattern (RequestStats).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { Gauge, Registry } from 'prom-client';
import type { Config } from '../config.ts';
import type { PoolState } from '../db/database.ts';
import { enableProcessMetrics, processRegistry, RequestStats } from '../lib/metrics.ts';
import { sendError } from './error-handler.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** GET /metrics when metrics are on (METRICS_TOKEN or METRICS_PORT); null when off */
    metrics: MetricsEndpoint | null;
  }
}

/** What the app's gauges read when scraped. */
export interface MetricsSources {
  /** open event streams by kind (staff, customer, back_office) */
  streams(): Record<string, number>;
  /** PostgreSQL: the pool's connections */
  pool?: (() => PoolState) | undefined;
}

export interface MetricsEndpoint {
  /** this app's requests by route pattern */
  readonly requests: RequestStats;
  /** the whole text, as GET /metrics answers it */
  scrape(): Promise<string>;
  /** METRICS_PORT: starts its listener (the server calls this once it listens); null when unset */
  listen(): Promise<AddressInfo | null>;
}

export const METRICS_PATH = '/metrics';
export const METRICS_TOKEN_MESSAGE = 'Send the metrics token as Authorization: Bearer <METRICS_TOKEN>.';

const BEARER = /^Bearer\s+(\S+)\s*$/i;
const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether an Authorization header carries `token`, compared in constant time (hashed to equal lengths). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const presented = BEARER.exec(header ?? '')?.[1];
  return presented !== undefined && timingSafeEqual(digest(presented), digest(token));
}

/** The app's own gauges, each read by a collect callback when scraped: no work between scrapes. */
function appRegistry(config: Config, sources: MetricsSources): Registry {
  const registry = new Registry();
  new Gauge({
    name: 'venue_event_streams_open',
    help: "Event streams open in this process: store staff's (staff), customers' order streams (customer), the back office's (back_office).",
    labelNames: ['kind'],
    registers: [registry],
    collect() {
      for (const [kind, count] of Object.entries(sources.streams())) this.set({ kind }, count);
    },
  });
  const { database } = config;
  if (database.kind === 'sqlite' && database.path !== ':memory:') {
    const walFile = `${database.path}-wal`;
    new Gauge({
      name: 'venue_sqlite_wal_bytes',
      help: "Size of the SQLite database's write-ahead log file (0 when there is none).",
      registers: [registry],
      async collect() {
        this.set(
          await stat(walFile).then(
            (file) => file.size,
            () => 0,
          ),
        );
      },
    });
  }
  const { pool } = sources;
  if (pool) {
    new Gauge({
      name: 'venue_db_pool_connections',
      help: 'PostgreSQL pool connections by state: in_use, idle, and max (the most the pool opens, DATABASE_POOL_SIZE).',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const state = pool();
        this.set({ state: 'in_use' }, state.open - state.idle);
        this.set({ state: 'idle' }, state.idle);
        this.set({ state: 'max' }, state.max);
      },
    });
    new Gauge({
      name: 'venue_db_pool_waiting',
      help: 'Requests waiting for a PostgreSQL pool connection.',
      registers: [registry],
      collect() {
        this.set(pool().waiting);
      },
    });
  }
  return registry;
}

/**
 * Turns metrics on when METRICS_TOKEN or METRICS_PORT is set: one onResponse hook counts every
 * answer, and GET /metrics is routed on the main port (token) or served on METRICS_PORT. Register
 * before the routes. Decorates `app.metrics` (null when off).
 */
export function registerMetrics(app: FastifyInstance, config: Config, sources: MetricsSources): void {
  const { metricsToken: token, metricsPort: port } = config;
  if (token === null && port === null) {
    app.decorate('metrics', null);
    return;
  }
  enableProcessMetrics();
  const requests = new RequestStats();
  // The one cost every request pays: a few array additions (lib/metrics.ts RequestStats).
  app.addHook('onResponse', (request, reply, done) => {
    requests.record(request.method, request.routeOptions.url, reply.statusCode, reply.elapsedTime);
    done();
  });
  const own = appRegistry(config, sources);
  const scrape = async () => {
    const [processText, appText] = await Promise.all([processRegistry.metrics(), own.metrics()]);
    return `${processText}\n${appText}\n${requests.text()}`;
  };
  const allowed = (header: string | undefined) => token === null || bearerMatches(header, token);

  let server: Server | null = null;
  const endpoint: MetricsEndpoint = {
    requests,
    scrape,
    async listen() {
      if (port === null) return null;
      if (server) return server.address() as AddressInfo;
      const listener = createServer((request, response) => void answerScrape(request, response));
      await new Promise<void>((resolve, reject) => {
        listener.once('error', reject);
        listener.listen(port, config.metricsHost, () => {
          listener.off('error', reject);
          resolve();
        });
      });
      server = listener;
      return listener.address() as AddressInfo;
    },
  };
  app.decorate('metrics', endpoint);
  app.addHook('onClose', async () => {
    if (!server) return;
    const closing = new Promise<void>((resolve) => server?.close(() => resolve()));
    server.closeAllConnections();
    server = null;
    await closing;
  });

  /** The METRICS_PORT listener: GET /metrics, nothing else. */
  async function answerScrape(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = (request.url ?? '').split('?')[0];
    const answer = (status: number, type: string, body: string) => {
      response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
      response.end(request.method === 'HEAD' ? undefined : body);
    };
    if ((request.method !== 'GET' && request.method !== 'HEAD') || path !== METRICS_PATH) {
      answer(404, 'text/plain; charset=utf-8', `Not found: GET ${METRICS_PATH} is all this port serves.\n`);
      return;
    }
    if (!allowed(request.headers.authorization)) {
      response.setHeader('www-authenticate', 'Bearer realm="metrics"');
      answer(401, 'text/plain; charset=utf-8', `${METRICS_TOKEN_MESSAGE}\n`);
      return;
    }
    try {
      answer(200, processRegistry.contentType, await scrape());
    } catch (error) {
      app.log.error({ err: error }, 'metrics: the scrape failed');
      answer(500, 'text/plain; charset=utf-8', 'The metrics could not be read.\n');
    }
  }

  if (port !== null) return;
  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    if (!allowed(request.headers.authorization)) {
      reply.header('WWW-Authenticate', 'Bearer realm="metrics"');
      return sendError(reply, 401, METRICS_TOKEN_MESSAGE);
    }
    reply.type(processRegistry.contentType).header('Cache-Control', 'no-store');
    return scrape();
  });
}
