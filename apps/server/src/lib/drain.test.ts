import type { FastifyInstance } from 'fastify';
import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { DRAINING_REASON } from '../routes/v1/system.routes.ts';
import { seedWhenEmpty } from '../modules/catalogue/demo-venue.ts';
import { databases } from '../test/databases.ts';
import { SseReader } from '../test/sse-client.ts';
import { TEST_OPS_TOKEN, testConfig } from '../test/test-app.ts';
import { DRAIN_RETRY_MIN_MS, DRAIN_RETRY_SPREAD_MS, drain } from './drain.ts';

const auth = { authorization: `Bearer ${TEST_OPS_TOKEN}` };
const VENDOR = 4;
const SLOW_MS = 600;
/** The forced exit in main.ts comes at 10 s; draining must be done well before. */
const DRAIN_BOUND_MS = 3_000;

function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

describe.each(databases)('graceful drain on $name', (database) => {
  let app: FastifyInstance;
  let dispose: () => Promise<void>;
  let base = '';
  let port = 0;

  beforeAll(async () => {
    const handle = await database.create();
    dispose = handle.dispose;
    await seedWhenEmpty(handle.db);
    app = await buildApp({
      config: testConfig(),
      db: handle.db,
      logger: false,
      createSessionClient: handle.createSessionClient,
      extraOpsRoutes: async (ops) => {
        ops.get('/test/slow', async () => {
          await new Promise((resolve) => setTimeout(resolve, SLOW_MS));
          return { done: true };
        });
      },
    });
    base = await app.listen({ port: 0, host: '127.0.0.1' });
    port = new URL(base).port ? Number(new URL(base).port) : 0;
  });
  afterAll(async () => {
    await dispose?.();
  });

  it('answers /ready with 200 before draining', async () => {
    const res = await fetch(`${base}/ready`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ status: 'ready' });
  });

  it('finishes the request in flight, refuses new connections, ends streams with a retry hint, within the bound', async () => {
    const stream = await SseReader.open(`${base}/ops/v1/vendor/${VENDOR}/events`, auth);
    expect(stream.response.status).toBe(200);
    await stream.next((m) => m.event === 'ready');
    const slow = fetch(`${base}/ops/v1/test/slow`, { headers: auth });
    // The slow request is being handled before the drain starts.
    await new Promise((resolve) => setTimeout(resolve, 100));

    const started = performance.now();
    const drained = drain(app);
    // Synchronously, before the listener closes: the next probe of the load balancer sees 503.
    expect(app.lifecycle.draining).toBe(true);

    await stream.end(DRAIN_BOUND_MS);
    expect(stream.retry).toBeGreaterThanOrEqual(DRAIN_RETRY_MIN_MS);
    expect(stream.retry).toBeLessThanOrEqual(DRAIN_RETRY_MIN_MS + DRAIN_RETRY_SPREAD_MS);
    expect(await refused(port)).toBe(true);

    const answer = await slow;
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ done: true });
    await drained;
    expect(performance.now() - started).toBeLessThan(DRAIN_BOUND_MS);
  });
});

/** GET on a given agent: the status, the Connection header, and whether the socket was a reused one. */
function get(url: string, agent: Agent, headers: Record<string, string>) {
  return new Promise<{ status: number; connection: string | undefined; reused: boolean }>((resolve, reject) => {
    const req = request(url, { agent, headers }, (res) => {
      res.resume();
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, reused: req.reusedSocket }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

describe.each(databases)('graceful drain behind a load balancer (DRAIN_DELAY_MS) on $name', (database) => {
  const DELAY_MS = 2_000;

  it('goes on answering for the delay, on kept-alive and new connections, each answer closing its connection; then stops accepting', async () => {
    const handle = await database.create();
    await seedWhenEmpty(handle.db);
    const app = await buildApp({ config: testConfig(), db: handle.db, logger: false });
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const base = await app.listen({ port: 0, host: '127.0.0.1' });
      const port = Number(new URL(base).port);
      const url = `${base}/ops/v1/vendor/${VENDOR}/orders?limit=1`;
      // A kept-alive connection, as a load balancer holds to each node.
      const before = await get(url, agent, auth);
      expect(before.status).toBe(200);
      expect(before.connection).not.toBe('close');

      const drained = drain(app, { delayMs: DELAY_MS });
      expect(app.lifecycle.draining).toBe(true);
      const ready = await fetch(`${base}/ready`);
      expect(ready.status).toBe(503);
      // The kept-alive connection is still served, and told it closes after this answer.
      const onKept = await get(url, agent, auth);
      expect(onKept).toEqual({ status: 200, connection: 'close', reused: true });
      // A new connection meanwhile is accepted and answered too.
      const onNew = await get(url, agent, auth);
      expect(onNew).toEqual({ status: 200, connection: 'close', reused: false });

      await drained;
      expect(await refused(port)).toBe(true);
    } finally {
      agent.destroy();
      await app.close();
      await handle.dispose();
    }
  });
});

describe.each(databases)('GET /ready on $name', (database) => {
  it('answers 503 with the reason while draining, and when migrations are behind', async () => {
    const handle = await database.create();
    const app = await buildApp({ config: testConfig(), db: handle.db, logger: false });
    try {
      app.lifecycle.draining = true;
      const draining = await app.inject({ method: 'GET', url: '/ready' });
      expect(draining.statusCode).toBe(503);
      expect(draining.headers['cache-control']).toBe('no-store');
      expect(draining.json()).toEqual({ status: 'not ready', reason: DRAINING_REASON });

      app.lifecycle.draining = false;
      await handle.db
        .deleteFrom('kysely_migration' as never)
        .where('name' as never, '=', '2026-11-25-3-ops-events' as never)
        .execute();
      const behind = await app.inject({ method: 'GET', url: '/ready' });
      expect(behind.statusCode).toBe(503);
      expect(behind.json().reason).toContain('2026-11-25-3-ops-events');
    } finally {
      await app.close();
      await handle.dispose();
    }
  });
});
