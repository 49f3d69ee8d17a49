/**
 * Failed sign-ins (the operations API, the back office), counted per key (a client address, an
 * account) in fixed one-minute windows (docs/decisions/017-staff-tokens.md): in this process's
 * memory, or in Redis when several nodes serve the API (REDIS_URL;
 * docs/decisions/020-ready-drain-shared-limits.md).
 */
import type { Redis } from 'ioredis';

export const SIGN_IN_FAILURE_WINDOW_MS = 60_000;

export interface FailureWindow {
  /** failures counted in the current window */
  count: number;
  /** epoch ms when the window ends and the count starts again from zero */
  resetsAt: number;
}

/**
 * A sign-in attempt is counted before its token is compared, and the count decides whether it is
 * compared at all: a read followed by an increase let simultaneous guesses all pass the check
 * before any of them was counted. An attempt that turns out right is taken back off the count.
 */
export interface SignInFailureStore {
  /** Counts one attempt for `key`, atomically, and answers its window with this attempt counted. */
  add(key: string, nowMs: number): Promise<FailureWindow>;
  /** Takes back an attempt that proved to be a right token, from the window `add` counted it in. */
  release(key: string, counted: FailureWindow): Promise<void>;
  /** The key's current window, or null when it has no failures in it. */
  get(key: string, nowMs: number): Promise<FailureWindow | null>;
}

/** Past this many keys, ended windows are swept out before a new key is added. */
const SWEEP_AT = 10_000;

/** One process's counts, in memory. */
export class MemorySignInFailureStore implements SignInFailureStore {
  private readonly windows = new Map<string, FailureWindow>();

  constructor(private readonly windowMs = SIGN_IN_FAILURE_WINDOW_MS) {}

  async add(key: string, nowMs: number): Promise<FailureWindow> {
    const current = this.current(key, nowMs);
    if (current) {
      current.count += 1;
      return { ...current };
    }
    // Many addresses (an attack spread over IPv6 addresses, say) must not grow the map for ever.
    if (this.windows.size >= SWEEP_AT) this.sweep(nowMs);
    const fresh = { count: 1, resetsAt: nowMs + this.windowMs };
    this.windows.set(key, fresh);
    return { ...fresh };
  }

  async release(key: string, counted: FailureWindow): Promise<void> {
    const window = this.windows.get(key);
    // Only the window the attempt was counted in: a later one has not counted it.
    if (window && window.resetsAt === counted.resetsAt && window.count > 0) window.count -= 1;
  }

  async get(key: string, nowMs: number): Promise<FailureWindow | null> {
    const window = this.current(key, nowMs);
    return window ? { ...window } : null;
  }

  private current(key: string, nowMs: number): FailureWindow | null {
    const window = this.windows.get(key);
    if (!window) return null;
    if (nowMs >= window.resetsAt) {
      this.windows.delete(key);
      return null;
    }
    return window;
  }

  /** how many keys are held (tests) */
  get size(): number {
    return this.windows.size;
  }

  private sweep(nowMs: number): void {
    for (const [key, window] of this.windows) if (nowMs >= window.resetsAt) this.windows.delete(key);
  }
}

/** A key outlives its window by this much (ms), so clocks a little apart still read the same count. */
const REDIS_EXPIRY_SLACK_MS = 5_000;

const RELEASE_SCRIPT = "if redis.call('exists', KEYS[1]) == 1 then return redis.call('decr', KEYS[1]) end return 0";

export interface SignInFailureLog {
  warn(object: object, message: string): void;
}

/**
 * Counts shared by every node through Redis: one key per address and window (windows aligned to
 * the epoch, so every node names the same key), INCR plus PEXPIRE in one transaction. While Redis
 * cannot be reached the counts fall back to this process's memory: a guesser is still slowed by
 * each node, and no request fails because of Redis.
 */
export class RedisSignInFailureStore implements SignInFailureStore {
  private readonly fallback: MemorySignInFailureStore;

  constructor(
    private readonly redis: Redis,
    private readonly keyPrefix: string,
    private readonly log: SignInFailureLog,
    private readonly windowMs = SIGN_IN_FAILURE_WINDOW_MS,
  ) {
    this.fallback = new MemorySignInFailureStore(windowMs);
  }

  async add(key: string, nowMs: number): Promise<FailureWindow> {
    const { redisKey, resetsAt } = this.slot(key, nowMs);
    try {
      const results = await this.redis
        .multi()
        .incr(redisKey)
        .pexpire(redisKey, resetsAt - nowMs + REDIS_EXPIRY_SLACK_MS)
        .exec();
      const [incrError, count] = results?.[0] ?? [new Error('the transaction was discarded'), null];
      if (incrError) throw incrError;
      return { count: Number(count), resetsAt };
    } catch (error) {
      this.log.warn({ err: error }, 'Failed sign-ins: Redis is unreachable, counting in this process');
      return this.fallback.add(key, nowMs);
    }
  }

  async release(key: string, counted: FailureWindow): Promise<void> {
    const { redisKey } = this.slot(key, counted.resetsAt - this.windowMs);
    try {
      // Only a key that still exists: DECR on an expired one would leave a -1 with no expiry.
      await this.redis.eval(RELEASE_SCRIPT, 1, redisKey);
    } catch (error) {
      this.log.warn({ err: error }, 'Failed sign-ins: Redis is unreachable, counting in this process');
      await this.fallback.release(key, counted);
    }
  }

  async get(key: string, nowMs: number): Promise<FailureWindow | null> {
    const { redisKey, resetsAt } = this.slot(key, nowMs);
    try {
      const count = await this.redis.get(redisKey);
      return count === null ? null : { count: Number(count), resetsAt };
    } catch (error) {
      this.log.warn({ err: error }, 'Failed sign-ins: Redis is unreachable, counting in this process');
      return this.fallback.get(key, nowMs);
    }
  }

  private slot(key: string, nowMs: number): { redisKey: string; resetsAt: number } {
    const start = Math.floor(nowMs / this.windowMs) * this.windowMs;
    return { redisKey: `${this.keyPrefix}ops-sign-in-failures:${start}:${key}`, resetsAt: start + this.windowMs };
  }
}
