/**
 * The Redis client shared counts go through (rate limits, failed sign-ins). Tuned for counting on
 * the request path: a command waits at most COMMAND_TIMEOUT_MS and is not queued while the
 * connection is down, so an unreachable Redis costs a request a failed count (the callers fail
 * open), never a hang or a 500. Losing and regaining the connection is logged once each.
 */
import { Redis } from 'ioredis';

const CONNECT_TIMEOUT_MS = 1_000;
const COMMAND_TIMEOUT_MS = 500;

export interface RedisLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

/** Connects (waiting for the first connection at most CONNECT_TIMEOUT_MS); keeps reconnecting in the background. */
export async function connectRedis(url: string, log: RedisLog): Promise<Redis> {
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: CONNECT_TIMEOUT_MS,
    commandTimeout: COMMAND_TIMEOUT_MS,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
  });
  const where = new URL(url).host;
  let down = false;
  client.on('error', (error: Error) => {
    if (down) return;
    down = true;
    log.warn({ err: error, redis: where }, 'Redis is unreachable: limits are counted without it until it is back');
  });
  client.on('ready', () => {
    if (!down) return;
    down = false;
    log.info({ redis: where }, 'Redis is reachable again');
  });
  // Unreachable at start: the server starts anyway, and the client keeps trying in the background.
  await client.connect().catch(() => undefined);
  return client;
}

/** Closes the client, politely when connected. */
export async function closeRedis(client: Redis): Promise<void> {
  if (client.status === 'ready') {
    await client.quit().catch(() => client.disconnect());
  } else {
    client.disconnect();
  }
}
