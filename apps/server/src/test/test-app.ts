/** Builds the real app on a seeded test database for one describe block. */
import { afterAll, beforeAll } from 'vitest';
import type { FastifyInstance, FastifyPluginAsync, RouteOptions } from 'fastify';
import { buildApp } from '../app.ts';
import { parseConfig, type Config } from '../config.ts';
import type { DatabaseHandle } from '../db/database.ts';
import type { ServerTimeouts } from '../lib/server-timeouts.ts';
import type { EventStreamSettings } from '../modules/events/event-streams.ts';
import type { OrderStreamSettings } from '../modules/order-streams/order-streams.ts';
import { seedWhenEmpty } from '../modules/catalogue/demo-venue.ts';
import type { TestDatabase } from './databases.ts';

export const TEST_OPS_TOKEN = 'test-ops-token-0123456789';

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  clock?: () => number;
  seed?: boolean;
  /** sees every route the app registers */
  onRoute?: (route: RouteOptions) => void;
  /** more routes inside the operations scope */
  extraOpsRoutes?: FastifyPluginAsync;
  /** event stream limits and heartbeat */
  eventStreams?: Partial<EventStreamSettings>;
  /** customers' order streams: how often queue places are re-read */
  orderStreams?: Partial<OrderStreamSettings>;
  /** how long the server waits for clients (lib/server-timeouts.ts) */
  timeouts?: Partial<ServerTimeouts>;
}

/** Settings for tests: a fixed ops token, no web build unless asked, quiet logs. */
export function testConfig(env: Record<string, string> = {}): Config {
  return parseConfig({
    OPS_TOKEN: TEST_OPS_TOKEN,
    WEB_DIST: '/nonexistent-web-dist',
    STAFF_DIST: '/nonexistent-staff-dist',
    ADMIN_DIST: '/nonexistent-admin-dist',
    LOG_LEVEL: 'silent',
    ...env,
  });
}

/** A seeded database and an app on it, created before the block's tests and closed after. */
export function useTestApp(testDatabase: TestDatabase, options: TestAppOptions = {}): TestApp {
  const ctx = {} as TestApp & { dispose?: () => Promise<void> };
  beforeAll(async () => {
    const database = await testDatabase.create();
    if (options.seed !== false) await seedWhenEmpty(database.db);
    ctx.database = database;
    ctx.dispose = database.dispose;
    ctx.config = testConfig(options.env);
    ctx.app = await buildApp({
      config: ctx.config,
      db: database.db,
      logger: false,
      ...(options.clock ? { clock: options.clock } : {}),
      ...(options.onRoute ? { onRoute: options.onRoute } : {}),
      ...(options.extraOpsRoutes ? { extraOpsRoutes: options.extraOpsRoutes } : {}),
      createSessionClient: database.createSessionClient,
      databasePool: database.poolState,
      ...(options.eventStreams ? { eventStreams: options.eventStreams } : {}),
      ...(options.orderStreams ? { orderStreams: options.orderStreams } : {}),
      ...(options.timeouts ? { timeouts: options.timeouts } : {}),
    });
    await ctx.app.ready();
  });
  afterAll(async () => {
    await ctx.app?.close();
    await ctx.dispose?.();
  });
  return ctx;
}
