import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { RedisSignInFailureStore } from '../lib/sign-in-failures.ts';
import { databases } from '../test/databases.ts';
import { deleteKeys, redisForTests, TEST_REDIS_URL, uniqueKeyPrefix } from '../test/redis.ts';
import { TEST_OPS_TOKEN, testConfig } from '../test/test-app.ts';

const PUBLIC_ADDRESS = '203.0.113.9';
const RATE_LIMIT_MAX = 4;
const SIGN_IN_LIMIT = 3;
/** Nothing listens on port 1: the address of a Redis that is down. */
const UNREACHABLE_REDIS = 'redis://127.0.0.1:1';
const quietLog = { warn: () => undefined, info: () => undefined };

const redisUp = await redisForTests();

/** `count` wrong admin tokens from one address, all sent at once, spread over the nodes: their statuses. */
async function simultaneousGuesses(nodes: FastifyInstance[], address: string, count: number): Promise<number[]> {
  const answers = await Promise.all(
    Array.from({ length: count }, (_, i) =>
      nodes[i % nodes.length]!.inject({
        method: 'GET',
        url: '/ops/v1/credential',
        remoteAddress: address,
        headers: { authorization: `Bearer wrong-guess-${i}-0123456789` },
      }),
    ),
  );
  return answers.map((answer) => answer.statusCode);
}
const [sqlite] = databases;

/** Two nodes on one database sharing one Redis, as behind a load balancer. */
describe.skipIf(!redisUp)('limits shared through Redis', () => {
  const prefix = uniqueKeyPrefix();
  let database: DatabaseHandle & { dispose(): Promise<void> };
  let nodes: FastifyInstance[] = [];

  beforeAll(async () => {
    database = await sqlite!.create();
    const config = testConfig({
      REDIS_URL: TEST_REDIS_URL,
      REDIS_KEY_PREFIX: prefix,
      RATE_LIMIT_MAX: String(RATE_LIMIT_MAX),
      OPS_SIGN_IN_LIMIT: String(SIGN_IN_LIMIT),
    });
    nodes = await Promise.all([0, 1].map(() => buildApp({ config, db: database.db, logger: false })));
    await Promise.all(nodes.map((node) => node.ready()));
  });
  afterAll(async () => {
    await Promise.all(nodes.map((node) => node.close()));
    await database?.dispose();
    await deleteKeys(prefix);
  });

  it('counts a client once across both nodes: limited on one, limited on the other', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < RATE_LIMIT_MAX + 2; i += 1) {
      const node = nodes[i % 2]!;
      const res = await node.inject({ method: 'GET', url: '/v1/time', remoteAddress: PUBLIC_ADDRESS });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([...Array<number>(RATE_LIMIT_MAX).fill(200), 429, 429]);
  });

  it('counts failed sign-ins across both nodes', async () => {
    const address = '198.51.100.9';
    for (let i = 0; i < SIGN_IN_LIMIT; i += 1) {
      const res = await nodes[i % 2]!.inject({
        method: 'GET',
        url: '/ops/v1/credential',
        remoteAddress: address,
        headers: { authorization: 'Bearer not-the-token-0123456789' },
      });
      expect(res.statusCode).toBe(401);
    }
    for (const node of nodes) {
      const res = await node.inject({
        method: 'GET',
        url: '/ops/v1/credential',
        remoteAddress: address,
        headers: { authorization: `Bearer ${TEST_OPS_TOKEN}` },
      });
      expect(res.statusCode).toBe(429);
    }
  });

  it('the Redis store: two clients count one address together, per window', async () => {
    const clients = [new Redis(TEST_REDIS_URL), new Redis(TEST_REDIS_URL)];
    try {
      const [a, b] = clients.map((client) => new RedisSignInFailureStore(client, prefix, quietLog, 1_000));
      const now = 10_500;
      expect(await a!.get('store-test', now)).toBeNull();
      expect(await a!.add('store-test', now)).toEqual({ count: 1, resetsAt: 11_000 });
      expect(await b!.add('store-test', now + 100)).toEqual({ count: 2, resetsAt: 11_000 });
      expect(await a!.get('store-test', now + 200)).toEqual({ count: 2, resetsAt: 11_000 });
      // The next window starts from zero.
      expect(await b!.get('store-test', 11_000)).toBeNull();
      const ttl = await clients[0]!.pttl(`${prefix}ops-sign-in-failures:10000:store-test`);
      expect(ttl).toBeGreaterThan(0);
    } finally {
      for (const client of clients) client.disconnect();
    }
  });
});

/**
 * Simultaneous wrong admin tokens from one address (the request rate limit set high, so only the
 * sign-in limit answers): counted first, so no more than the limit are ever compared.
 */
describe.each([
  { where: 'across two nodes sharing Redis', shared: true },
  { where: 'in one process', shared: false },
])('failed sign-ins sent at once, $where', ({ shared }) => {
  const prefix = uniqueKeyPrefix();
  let database: DatabaseHandle & { dispose(): Promise<void> };
  let nodes: FastifyInstance[] = [];

  beforeAll(async () => {
    if (shared && !redisUp) return;
    database = await sqlite!.create();
    const config = testConfig({
      ...(shared ? { REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: prefix } : {}),
      RATE_LIMIT_MAX: '100000',
      OPS_SIGN_IN_LIMIT: String(SIGN_IN_LIMIT),
    });
    nodes = await Promise.all((shared ? [0, 1] : [0]).map(() => buildApp({ config, db: database.db, logger: false })));
    await Promise.all(nodes.map((node) => node.ready()));
  });
  afterAll(async () => {
    await Promise.all(nodes.map((node) => node.close()));
    await database?.dispose();
    if (shared && redisUp) await deleteKeys(prefix);
  });

  it.skipIf(shared && !redisUp)(
    'compares at most the limit of 100 simultaneous wrong admin tokens, sent at once',
    async () => {
      const statuses = await simultaneousGuesses(nodes, '198.51.100.30', 100);
      expect(statuses.filter((status) => status === 401)).toHaveLength(SIGN_IN_LIMIT);
      expect(statuses.filter((status) => status === 429)).toHaveLength(100 - SIGN_IN_LIMIT);
    },
  );

  it.skipIf(shared && !redisUp)('does not count the right admin token against its address', async () => {
    const address = '198.51.100.31';
    for (let i = 0; i < SIGN_IN_LIMIT + 2; i += 1) {
      const res = await nodes[i % nodes.length]!.inject({
        method: 'GET',
        url: '/ops/v1/credential',
        remoteAddress: address,
        headers: { authorization: `Bearer ${TEST_OPS_TOKEN}` },
      });
      expect(res.statusCode).toBe(200);
    }
    const statuses = await simultaneousGuesses(nodes, address, 10);
    expect(statuses.filter((status) => status === 401)).toHaveLength(SIGN_IN_LIMIT);
  });
});

describe('limits when Redis cannot be reached', () => {
  let database: DatabaseHandle & { dispose(): Promise<void> };
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await sqlite!.create();
    const config = testConfig({
      REDIS_URL: UNREACHABLE_REDIS,
      RATE_LIMIT_MAX: '2',
      OPS_SIGN_IN_LIMIT: '2',
    });
    app = await buildApp({ config, db: database.db, logger: false });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
  });

  it('lets requests through (fail open) instead of answering 500', async () => {
    for (let i = 0; i < 4; i += 1) {
      const res = await app.inject({ method: 'GET', url: '/v1/time', remoteAddress: PUBLIC_ADDRESS });
      expect(res.statusCode).toBe(200);
    }
  });

  it('counts failed sign-ins in the process meanwhile', async () => {
    const bad = { authorization: 'Bearer not-the-token-0123456789' };
    for (let i = 0; i < 2; i += 1) {
      const res = await app.inject({
        method: 'GET',
        url: '/ops/v1/credential',
        remoteAddress: '198.51.100.10',
        headers: bad,
      });
      expect(res.statusCode).toBe(401);
    }
    const res = await app.inject({
      method: 'GET',
      url: '/ops/v1/credential',
      remoteAddress: '198.51.100.10',
      headers: { authorization: `Bearer ${TEST_OPS_TOKEN}` },
    });
    expect(res.statusCode).toBe(429);
  });
});
