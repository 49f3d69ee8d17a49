/**
 * Runtime settings of the server, parsed once from the environment. This is the only file that
 * reads `process.env`; everything else receives a `Config`.
 */
import { createECDH, randomBytes } from 'node:crypto';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { isIP } from 'node:net';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { DatabaseConfig } from './db/database.ts';
import { PIPELINED_CONNECTIONS } from './db/pg-pipeline.ts';
import { defaultStreamsPerProcess, STREAMS_PER_ADDRESS } from './lib/stream-limits.ts';
import type { TracingConfig } from './lib/tracing.ts';

/** The repository root (apps/server/src → ../../..), so defaults do not depend on the working directory. */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

const POSTGRES_URL = /^postgres(ql)?:\/\//;

const onOff = z.enum(['on', 'off']).transform((value) => value === 'on');

/** An address or CIDR range of a trusted proxy, or one of proxy-addr's named ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
}

/**
 * Which proxies in front of the server to believe about the client's address (X-Forwarded-For):
 * `off` (none: the connection's address is the client); a number, how many proxy hops to trust
 * (1 = the one proxy in front, which appends the address it saw, so whatever a client wrote
 * further left is never used); or a comma-separated list of proxy addresses or CIDR ranges.
 * "Trust every hop" is refused: with it any client names its own address (docs/decisions/004-rate-limits.md).
 */
export const TRUST_ALL_REFUSED =
  'trusting every hop lets any client choose its address: set the number of proxies in front (1 for one), or their addresses';
const trustProxy = z
  .string()
  .trim()
  .transform((value, ctx): false | number | string[] => {
    const lower = value.toLowerCase();
    if (lower === '' || lower === '0' || lower === 'false' || lower === 'off') return false;
    if (/^\d+$/.test(lower)) return Number(lower);
    if (['true', 'on', 'yes', 'all', '*'].includes(lower)) {
      ctx.addIssue({ code: 'custom', message: TRUST_ALL_REFUSED });
      return z.NEVER;
    }
    const entries = value.split(',').map((entry) => entry.trim());
    const bad = entries.filter((entry) => !isProxyAddress(entry));
    if (bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `not a number of hops, nor proxy addresses or CIDR ranges: ${bad.join(', ')}`,
      });
      return z.NEVER;
    }
    return entries;
  });

/** A VAPID key as web-push takes it: base64url without padding, of an exact decoded length. */
const vapidKey = (bytes: number, name: string) =>
  z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]+$/, `${name} must be base64url text without padding`)
    .refine((text) => Buffer.from(text, 'base64url').length === bytes, `${name} must decode to ${bytes} bytes`);

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z.string().trim().min(1).optional(),
  // PostgreSQL connections per process (docs/decisions/022-postgres-checkout.md); keep
  // nodes × this below the database's max_connections.
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(10),
  // PostgreSQL connections that statements committing alone share, besides the pool (decision 051);
  // 0 sends every statement through the pool.
  DATABASE_SHARED_CONNECTIONS: z.coerce.number().int().min(0).max(64).default(PIPELINED_CONNECTIONS),
  OPS_TOKEN: z.string().trim().min(16, 'OPS_TOKEN must be at least 16 characters').optional(),
  // GET /metrics (Prometheus): on the main port only with `Authorization: Bearer <METRICS_TOKEN>`;
  // with METRICS_PORT, on that port of METRICS_HOST instead; with neither, not served (docs/operations.md).
  METRICS_TOKEN: z.string().trim().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  METRICS_PORT: z.coerce
    .number({ error: 'METRICS_PORT must be a port number' })
    .int('METRICS_PORT must be a port number')
    .min(0, 'METRICS_PORT must be a port number (0 to 65535)')
    .max(65_535, 'METRICS_PORT must be a port number (0 to 65535)')
    .optional(),
  METRICS_HOST: z.string().trim().min(1).default('127.0.0.1'),
  // The demo venue and its coupons go into a brand-new database (no venue at all) unless `off`.
  DEMO_VENUE: onOff.default(true),
  // The demo kitchen: unset, it runs only when this database holds a venue seeded as the demo;
  // `on` or `off` decide, but even `on` moves only the demo venue's orders (modules/fulfilment/kitchen-simulator.ts).
  KITCHEN_SIMULATOR: z.enum(['on', 'off']).optional(),
  // How much faster than real time the simulated kitchen works (2 = orders ready in half their time to service).
  KITCHEN_SIMULATOR_PACE: z.coerce.number().positive().max(3600).default(1),
  SMTP_URL: z.url().optional(),
  // Where receipts go when SMTP_URL is unset: one .eml file per message.
  OUTBOX_DIR: z.string().trim().min(1).optional(),
  PUBLIC_URL: z.url().optional(),
  PAYMENT_GATEWAY: z.enum(['sandbox']).default('sandbox'),
  WEB_DIST: z.string().trim().min(1).optional(),
  STAFF_DIST: z.string().trim().min(1).optional(),
  ADMIN_DIST: z.string().trim().min(1).optional(),
  // Per client address and minute; loopback is exempt. Behind a reverse proxy set TRUST_PROXY=1, or
  // every customer shares the proxy's address and its allowance (docs/decisions/004-rate-limits.md).
  RATE_LIMIT_MAX: z.coerce.number().int().positive().default(1200),
  TRUST_PROXY: trustProxy.default(false),
  // Failed operations sign-ins per client address and minute before the address may no longer try
  // the admin token (docs/decisions/017-staff-tokens.md).
  OPS_SIGN_IN_LIMIT: z.coerce.number().int().positive().default(10),
  // Shared counts (rate limits, failed sign-ins) for several nodes behind one load balancer; unset,
  // each process counts alone (docs/decisions/020-ready-drain-shared-limits.md).
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'REDIS_URL must be a redis:// or rediss:// URL' }).optional(),
  // Behind a load balancer: how long a draining node goes on answering (with /ready at 503) before
  // it stops accepting, so the balancer's health checks mark it down first (docs/deploy.md).
  DRAIN_DELAY_MS: z.coerce.number().int().min(0).max(8_000).default(0),
  // Every key this server writes to Redis starts with it, so environments can share one Redis.
  REDIS_KEY_PREFIX: z.string().trim().min(1).max(100).default('venue:'),
  // OpenTelemetry traces over OTLP/HTTP to this collector (its /v1/traces); unset, tracing is off
  // and none of OpenTelemetry is loaded (lib/tracing.ts, docs/operations.md).
  OTEL_EXPORTER_OTLP_ENDPOINT: z
    .url({ protocol: /^https?$/, error: 'OTEL_EXPORTER_OTLP_ENDPOINT must be an http:// or https:// URL' })
    .optional(),
  OTEL_SERVICE_NAME: z.string().trim().min(1).max(200).default('venue-server'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Web Push (docs/decisions/023-web-push.md): both keys, or neither (then generated once and kept
  // in the database, the same for every node).
  VAPID_PUBLIC_KEY: vapidKey(65, 'VAPID_PUBLIC_KEY').optional(),
  VAPID_PRIVATE_KEY: vapidKey(32, 'VAPID_PRIVATE_KEY').optional(),
  VAPID_SUBJECT: z
    .string()
    .trim()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'VAPID_SUBJECT must be a mailto: address or an https:// URL')
    .optional(),
  // Tests only: accept push endpoints on http://127.0.0.1 (a stand-in push service); never in production.
  PUSH_ALLOW_LOOPBACK: onOff.default(false),
  // Event streams this process holds at most (lib/stream-limits.ts); default from its open-file limit.
  STREAM_MAX_PER_PROCESS: z.coerce.number().int().min(1).max(1_000_000).optional(),
  // Event streams one client address holds at most (a venue's Wi-Fi is one address for many phones).
  STREAM_MAX_PER_ADDRESS: z.coerce.number().int().min(1).max(10_000_000).default(STREAMS_PER_ADDRESS),
  // Push services beyond the browsers' own (modules/push/push-endpoint.ts): host names or parent
  // domains, separated by commas.
  PUSH_SERVICE_HOSTS: z
    .string()
    .trim()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((host) => host.trim().toLowerCase())
        .filter((host) => host !== ''),
    )
    .pipe(
      z.array(
        z
          .string()
          .regex(
            /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/,
            'PUSH_SERVICE_HOSTS: host names such as push.example.com, separated by commas',
          ),
      ),
    ),
});

export type KitchenSimulatorSetting = 'on' | 'off' | 'auto';

export interface Config {
  port: number;
  host: string;
  database: DatabaseConfig;
  /** PostgreSQL: connections in this process's pool */
  databasePoolSize: number;
  /** PostgreSQL: connections shared by statements that commit alone (0: the pool only) */
  databaseSharedConnections: number;
  opsToken: string;
  /** the bearer token GET /metrics asks for (on METRICS_PORT too); null: none asked */
  metricsToken: string | null;
  /** GET /metrics is served on this port of `metricsHost`, not on the main port; null: on the main port, with the token */
  metricsPort: number | null;
  metricsHost: string;
  /** true when OPS_TOKEN was unset and a random token was made for this run */
  opsTokenGenerated: boolean;
  /** where a generated token is written for the operator (beside the SQLite file, else ./data) */
  opsTokenFile: string;
  /** seed the demo venue into a database that holds no venue */
  demoVenue: boolean;
  /** the demo kitchen: `auto` (unset) runs it when the database holds a demo-seeded venue */
  kitchenSimulator: KitchenSimulatorSetting;
  /** 1 = the simulated kitchen takes each vendor's time to service; 10 = ten times faster */
  kitchenSimulatorPace: number;
  /** after SIGTERM, how long the node goes on answering before it stops accepting (ms) */
  drainDelayMs: number;
  smtpUrl: string | null;
  /** receipts are written here as .eml files when smtpUrl is null */
  outboxDir: string;
  /** The address customers reach the app at (links in receipts, gateway form URL). */
  publicUrl: string;
  paymentGateway: 'sandbox';
  webDist: string;
  /** the built staff display, served under /staff */
  staffDist: string;
  /** the built back office, served under /admin */
  adminDist: string;
  /** requests per minute per client address; loopback is exempt */
  rateLimitMax: number;
  /** proxy hops to trust, or the trusted proxies' addresses; false: none */
  trustProxy: false | number | string[];
  /** failed operations sign-ins per client address and minute before the admin token is refused there */
  opsSignInLimit: number;
  /** Redis shared by every node for rate limits and failed sign-ins; null = counted per process */
  redisUrl: string | null;
  /** the start of every key this server writes to Redis */
  redisKeyPrefix: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** OpenTelemetry traces (OTEL_EXPORTER_OTLP_ENDPOINT, OTEL_SERVICE_NAME); null = off */
  tracing: TracingConfig | null;
  /** the VAPID key pair from the settings; null = generated once and kept in the database */
  vapidKeys: { publicKey: string; privateKey: string } | null;
  /** who push services contact about this sender: a mailto: address or an https:// URL */
  vapidSubject: string;
  /** tests only: push endpoints on http loopback addresses are accepted */
  pushAllowLoopback: boolean;
  /** push services taken besides the browsers' own (PUSH_SERVICE_HOSTS) */
  pushServiceHosts: string[];
  /** event streams this process holds at most (STREAM_MAX_PER_PROCESS, or from the open-file limit) */
  streamMaxPerProcess: number;
  /** event streams one client address holds at most in this process (STREAM_MAX_PER_ADDRESS) */
  streamMaxPerAddress: number;
}

/** A plain path selects SQLite (relative paths resolve against the working directory); postgres:// selects PostgreSQL. */
export function parseDatabaseUrl(value: string | undefined): DatabaseConfig {
  if (value === undefined) return { kind: 'sqlite', path: join(REPO_ROOT, 'data', 'venue.db') };
  if (POSTGRES_URL.test(value)) return { kind: 'postgres', url: value };
  const path = value.startsWith('file:') ? value.slice('file:'.length) : value;
  if (path === ':memory:') return { kind: 'sqlite', path };
  return { kind: 'sqlite', path: isAbsolute(path) ? path : resolve(path) };
}

/**
 * The VAPID pair, checked: both set or neither, and the public key must be the private key's.
 * Answers the problem as a settings line, or the keys.
 */
function vapidKeysOf(publicKey: string | undefined, privateKey: string | undefined) {
  if (publicKey === undefined && privateKey === undefined) return { keys: null };
  if (publicKey === undefined || privateKey === undefined) {
    return { problem: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together (or neither, to generate them)' };
  }
  const ecdh = createECDH('prime256v1');
  try {
    ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
  } catch {
    return { problem: 'VAPID_PRIVATE_KEY is not a P-256 private key' };
  }
  if (ecdh.getPublicKey('base64url') !== publicKey) {
    return { problem: 'VAPID_PUBLIC_KEY is not the public key of VAPID_PRIVATE_KEY' };
  }
  return { keys: { publicKey, privateKey } };
}

/** The default VAPID subject: the public address when it is https, else a mailto: address at its host. */
function defaultVapidSubject(publicUrl: string): string {
  const url = new URL(publicUrl);
  return url.protocol === 'https:' && url.hostname !== 'localhost' ? url.origin : `mailto:push@${url.hostname}`;
}

/** Parses settings from an environment; throws an Error listing every bad variable. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  // Empty strings mean "unset", as in most shells' `VAR= command`.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const result = EnvSchema.safeParse(present);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.') || 'environment'}: ${issue.message}`);
    throw new Error(`Invalid server settings:\n${lines.join('\n')}`);
  }
  const e = result.data;
  const vapid = vapidKeysOf(e.VAPID_PUBLIC_KEY, e.VAPID_PRIVATE_KEY);
  if (vapid.problem) throw new Error(`Invalid server settings:\n  VAPID keys: ${vapid.problem}`);
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT !== 0 && e.METRICS_PORT === e.PORT) {
    throw new Error(
      'Invalid server settings:\n  METRICS_PORT: must differ from PORT (metrics are kept off the public port)',
    );
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const database = parseDatabaseUrl(e.DATABASE_URL);
  return {
    port: e.PORT,
    host: e.HOST,
    database,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databaseSharedConnections: e.DATABASE_SHARED_CONNECTIONS,
    opsToken: e.OPS_TOKEN ?? randomBytes(24).toString('base64url'),
    opsTokenGenerated: e.OPS_TOKEN === undefined,
    metricsToken: e.METRICS_TOKEN ?? null,
    metricsPort: e.METRICS_PORT ?? null,
    metricsHost: e.METRICS_HOST,
    opsTokenFile: join(database.kind === 'sqlite' ? dirname(database.path) : join(REPO_ROOT, 'data'), 'ops-token'),
    demoVenue: e.DEMO_VENUE,
    kitchenSimulator: e.KITCHEN_SIMULATOR ?? 'auto',
    kitchenSimulatorPace: e.KITCHEN_SIMULATOR_PACE,
    drainDelayMs: e.DRAIN_DELAY_MS,
    smtpUrl: e.SMTP_URL ?? null,
    outboxDir: e.OUTBOX_DIR ? resolve(e.OUTBOX_DIR) : join(REPO_ROOT, 'data', 'outbox'),
    publicUrl,
    paymentGateway: e.PAYMENT_GATEWAY,
    webDist: e.WEB_DIST ? resolve(e.WEB_DIST) : join(REPO_ROOT, 'apps', 'web', 'dist'),
    staffDist: e.STAFF_DIST ? resolve(e.STAFF_DIST) : join(REPO_ROOT, 'apps', 'staff', 'dist'),
    adminDist: e.ADMIN_DIST ? resolve(e.ADMIN_DIST) : join(REPO_ROOT, 'apps', 'admin', 'dist'),
    rateLimitMax: e.RATE_LIMIT_MAX,
    trustProxy: e.TRUST_PROXY,
    opsSignInLimit: e.OPS_SIGN_IN_LIMIT,
    redisUrl: e.REDIS_URL ?? null,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    logLevel: e.LOG_LEVEL,
    tracing: e.OTEL_EXPORTER_OTLP_ENDPOINT
      ? { endpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: e.OTEL_SERVICE_NAME }
      : null,
    vapidKeys: vapid.keys ?? null,
    vapidSubject: e.VAPID_SUBJECT ?? defaultVapidSubject(publicUrl),
    pushAllowLoopback: e.PUSH_ALLOW_LOOPBACK,
    pushServiceHosts: e.PUSH_SERVICE_HOSTS,
    streamMaxPerProcess: e.STREAM_MAX_PER_PROCESS ?? defaultStreamsPerProcess(),
    streamMaxPerAddress: e.STREAM_MAX_PER_ADDRESS,
  };
}

/** The settings of this process. */
export function loadConfig(): Config {
  return parseConfig(process.env);
}
