/**
 * Redis for the shared-limit tests: redis://127.0.0.1:6379 unless TEST_REDIS_URL says otherwise.
 * When it cannot be reached those tests are skipped with a notice, or fail with REQUIRE_REDIS=1.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
const REQUIRE_REDIS = process.env.REQUIRE_REDIS === '1';

async function reachable(url: string): Promise<boolean> {
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 500,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.ping();
    return true;
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

/** Whether the Redis tests run; prints why not, or throws when REQUIRE_REDIS=1. */
export async function redisForTests(): Promise<boolean> {
  if (await reachable(TEST_REDIS_URL)) return true;
  if (REQUIRE_REDIS) throw new Error(`REQUIRE_REDIS=1 but Redis at ${TEST_REDIS_URL} cannot be reached.`);
  console.warn(`Redis tests are skipped: nothing answers at ${TEST_REDIS_URL} (REQUIRE_REDIS=1 makes this a failure).`);
  return false;
}

/** A key prefix of its own for one test run, so runs never see each other's counts. */
export function uniqueKeyPrefix(): string {
  return `test-${process.pid}-${randomBytes(6).toString('hex')}:`;
}

/** Deletes every key under `prefix`. */
export async function deleteKeys(prefix: string): Promise<void> {
  const client = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 0 });
  try {
    const keys = await client.keys(`${prefix}*`);
    if (keys.length > 0) await client.del(...keys);
  } finally {
    client.disconnect();
  }
}
