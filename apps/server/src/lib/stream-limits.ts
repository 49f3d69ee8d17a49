/**
 * How many event streams may be open at once. Each stream holds a connection (a file descriptor)
 * for as long as it lasts, so without caps one client could open streams until the process had no
 * descriptors left and every other connection, `/health` included, failed. A stream is admitted
 * only while each of its keys (its order, its consumer, its credential, its client address) is
 * under that key's cap, and the process under its own; it is counted until its response closes.
 */
import { readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';

/** A few of each: a customer's phone and a second tab; a store's tablets and a spare. */
export const STREAMS_PER_ORDER = 5;
export const STREAMS_PER_CONSUMER = 10;
export const STREAMS_PER_STAFF_TOKEN = 20;
/** The venue admin's token may watch every store at once (a kitchen system integrating them all). */
export const STREAMS_PER_ADMIN_TOKEN = 200;
/**
 * One address can be a whole venue's Wi-Fi behind one public address; as many as the request rate
 * limit lets poll (1,200 a minute at one poll each 5 s per customer is 100 customers).
 */
export const STREAMS_PER_ADDRESS = 100;
/** How long a refused client should wait before trying again (s). */
export const STREAM_RETRY_AFTER_SECONDS = 30;

/** One cap a new stream must fit under. */
export interface StreamClaim {
  key: string;
  max: number;
  /** what the 429 says is full, e.g. 'this order' */
  what: string;
}

export interface StreamRefusal {
  statusCode: 429 | 503;
  message: string;
  retryAfterSeconds: number;
}

export interface StreamLimitsLog {
  warn(object: object, message: string): void;
}

/** Descriptors kept for everything but streams: requests, the database, files, the event bus. */
const DESCRIPTOR_RESERVE = 128;

/**
 * The default cap of streams per process: the process's open-file limit less a reserve (a tenth,
 * at least 128), so streams alone can never exhaust it; 10,000 where the limit cannot be read.
 */
export function defaultStreamsPerProcess(limitsText = readProcessLimits()): number {
  const soft = /^Max open files\s+(\d+)/m.exec(limitsText ?? '')?.[1];
  if (soft === undefined) return 10_000;
  const limit = Number(soft);
  return Math.max(16, limit - Math.max(DESCRIPTOR_RESERVE, Math.floor(limit / 10)));
}

function readProcessLimits(): string | null {
  try {
    return readFileSync('/proc/self/limits', 'utf8');
  } catch {
    return null;
  }
}

/** A full process logs this at most once a minute, so a flood of refusals cannot flood the log. */
const WARN_EVERY_MS = 60_000;

export class StreamLimits {
  private readonly open = new Map<string, number>();
  private total = 0;
  private lastWarning = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly perProcess: number,
    private readonly log: StreamLimitsLog,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Streams open in this process. */
  get count(): number {
    return this.total;
  }

  /**
   * Admits a stream that will be written to `raw` when every claim and the process have room, and
   * counts it until `raw` closes; otherwise answers why not, having counted nothing.
   */
  admit(raw: ServerResponse, claims: readonly StreamClaim[]): StreamRefusal | null {
    if (this.total >= this.perProcess) {
      const now = this.clock();
      if (now - this.lastWarning >= WARN_EVERY_MS) {
        this.lastWarning = now;
        this.log.warn(
          { openStreams: this.total, limit: this.perProcess },
          'Event streams: this process holds as many as STREAM_MAX_PER_PROCESS allows; new ones get 503 (raise the open-file limit and the setting, or add a node)',
        );
      }
      return {
        statusCode: 503,
        message: 'This server is holding as many live streams as it can; try again shortly.',
        retryAfterSeconds: STREAM_RETRY_AFTER_SECONDS,
      };
    }
    const full = claims.find((claim) => (this.open.get(claim.key) ?? 0) >= claim.max);
    if (full) {
      return {
        statusCode: 429,
        message: `Too many live streams are open for ${full.what} (at most ${full.max}); close one and try again.`,
        retryAfterSeconds: STREAM_RETRY_AFTER_SECONDS,
      };
    }
    for (const claim of claims) this.open.set(claim.key, (this.open.get(claim.key) ?? 0) + 1);
    this.total += 1;
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      this.total -= 1;
      for (const claim of claims) {
        const left = (this.open.get(claim.key) ?? 1) - 1;
        if (left <= 0) this.open.delete(claim.key);
        else this.open.set(claim.key, left);
      }
    };
    raw.once('close', release);
    return null;
  }
}
