import { request, type IncomingMessage } from 'node:http';
import { SseParser } from '@venue/client/sse-parser';

/**
 * A Server-Sent Events client that keeps its stream open as a browser's would: when the stream ends
 * or breaks it waits the server's last `retry:` hint and connects again, sending the last event id
 * it saw as `Last-Event-ID`, so a test can cut servers from under it and then check what it read.
 * Every connection is recorded: which node answered (HAProxy's X-Served-By), its status, the
 * `retry:` hints it carried and how it ended.
 */

export interface StreamEvent {
  id: string | null;
  type: string;
  data: string;
  /** index into `connections` */
  connection: number;
}

export interface StreamConnection {
  /** the node that answered (X-Served-By), when a proxy said */
  servedBy: string | null;
  /** the answer's status; null when no answer came (refused, cut before the headers) */
  status: number | null;
  /** `retry:` hints the server sent on this connection, in order */
  retryHints: number[];
  /** how many events it carried */
  events: number;
  /** 'ended': the server finished the answer; 'cut': the connection broke; 'closed': by us */
  end?: 'ended' | 'cut' | 'closed';
}

export interface ResumingStreamOptions {
  /** the URL to open, asked afresh for every connection (a signed URL expires) */
  url: () => string;
  headers?: () => Record<string, string>;
  /** the pause before a reconnection until the server sends a `retry:` hint (ms) */
  defaultRetryMs?: number;
  /** answers after which the client stops for good, as EventSource does on 204 (default: 204, 401, 403, 404) */
  finalStatuses?: number[];
  /** told each connection's answer status as it arrives (null: the connection failed without one) */
  onAnswer?: (status: number | null) => void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class ResumingEventStream {
  readonly events: StreamEvent[] = [];
  readonly connections: StreamConnection[] = [];
  /** why the client stopped for good, if it did */
  stoppedBy: string | null = null;
  private lastEventId: string | null = null;
  private retryMs: number;
  private closed = false;
  private current: IncomingMessage | null = null;
  private abortCurrent: (() => void) | null = null;
  private waiters: Array<() => void> = [];
  private readonly running: Promise<void>;

  constructor(private readonly options: ResumingStreamOptions) {
    this.retryMs = options.defaultRetryMs ?? 1_000;
    this.running = this.run();
  }

  /** The connection open now (or the last one). */
  get connection(): StreamConnection | undefined {
    return this.connections.at(-1);
  }

  get connected(): boolean {
    return this.current !== null;
  }

  /** Data events of one type (`order`, …), in the order they arrived. */
  ofType(type: string): StreamEvent[] {
    return this.events.filter((event) => event.type === type);
  }

  /** Waits until `condition()` holds after some stream activity; fails with `what` after `timeoutMs`. */
  async until(condition: () => boolean, what: string, timeoutMs = 60_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!condition()) {
      const left = deadline - Date.now();
      if (left <= 0) {
        throw new Error(
          `Timed out waiting until ${what}; connections: ${JSON.stringify(this.connections)}, stopped: ${this.stoppedBy}`,
        );
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 250));
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.abortCurrent?.();
    this.wake();
    await this.running;
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }

  private async run(): Promise<void> {
    const final = new Set(this.options.finalStatuses ?? [204, 401, 403, 404]);
    while (!this.closed) {
      const status = await this.connectOnce();
      this.wake();
      if (this.closed) return;
      if (status !== null && final.has(status)) {
        this.stoppedBy = `answered ${status}`;
        return;
      }
      await sleep(this.retryMs);
    }
  }

  /** One connection, read until it ends; resolves with its status (null: no answer). */
  private connectOnce(): Promise<number | null> {
    const record: StreamConnection = { servedBy: null, status: null, retryHints: [], events: 0 };
    const index = this.connections.push(record) - 1;
    const url = new URL(this.options.url());
    const headers: Record<string, string> = {
      accept: 'text/event-stream',
      'cache-control': 'no-cache',
      ...this.options.headers?.(),
      ...(this.lastEventId !== null ? { 'last-event-id': this.lastEventId } : {}),
    };
    return new Promise((resolve) => {
      let settled = false;
      const finish = (end: StreamConnection['end']) => {
        if (settled) return;
        settled = true;
        record.end ??= end;
        this.current = null;
        this.abortCurrent = null;
        resolve(record.status);
      };
      // A connection of its own (no agent): each stream is one client connection, as a phone's is.
      const req = request(
        { host: url.hostname, port: url.port, path: `${url.pathname}${url.search}`, headers, agent: false },
        (res) => {
          record.status = res.statusCode ?? null;
          this.options.onAnswer?.(record.status);
          const servedBy = res.headers['x-served-by'];
          record.servedBy = typeof servedBy === 'string' ? servedBy : null;
          if (res.statusCode !== 200) {
            res.resume();
            res.on('end', () => finish('ended'));
            res.on('error', () => finish('cut'));
            res.on('close', () => finish(res.complete ? 'ended' : 'cut'));
            return;
          }
          this.current = res;
          this.wake();
          const parser = new SseParser({
            event: (event) => {
              if (event.id !== null) this.lastEventId = event.id;
              record.events += 1;
              this.events.push({ ...event, connection: index });
              this.wake();
            },
            retry: (retry) => {
              record.retryHints.push(retry);
              this.retryMs = retry;
            },
          });
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => parser.push(chunk));
          res.on('end', () => finish('ended'));
          res.on('error', () => finish('cut'));
          // 'close' without a complete answer: the connection broke mid-stream.
          res.on('close', () => finish(res.complete ? 'ended' : 'cut'));
        },
      );
      this.abortCurrent = () => {
        record.end = 'closed';
        req.destroy();
      };
      req.on('error', () => {
        if (record.status === null && record.end !== 'closed') this.options.onAnswer?.(null);
        finish('cut');
      });
      req.end();
    });
  }
}
