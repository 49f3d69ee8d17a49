/**
 * A small Server-Sent Events reader for tests: `fetch` on a real listener, the stream parsed by
 * @venue/client's parser (the one the staff display uses), everything kept in order so a test can
 * wait for what it expects.
 */
import { SseParser } from '@venue/client/sse-parser';

export interface SseMessage {
  /** the `id:` of this event, if it had one */
  id: string | undefined;
  event: string;
  data: string;
  /** when it was read (performance.now()) */
  receivedAt: number;
}

export class SseReader {
  readonly messages: SseMessage[] = [];
  readonly comments: string[] = [];
  retry: number | undefined;
  /** resolves when the server ends the stream (or it breaks) */
  readonly ended: Promise<void>;
  private ending = false;
  private waiters: Array<() => void> = [];

  private constructor(
    readonly response: Response,
    private readonly controller: AbortController,
  ) {
    this.ended = this.read().finally(() => {
      this.ending = true;
      this.wake();
    });
  }

  /** Opens a stream; resolves once the answer's headers arrived (any status). */
  static async open(url: string, headers: Record<string, string> = {}): Promise<SseReader> {
    const controller = new AbortController();
    const response = await fetch(url, {
      headers: { accept: 'text/event-stream', ...headers },
      signal: controller.signal,
    });
    return new SseReader(response, controller);
  }

  get isEnded(): boolean {
    return this.ending;
  }

  /** Data events only (not `ready`/`reset`). */
  dataEvents(): SseMessage[] {
    return this.messages.filter((m) => m.event !== 'ready' && m.event !== 'reset');
  }

  /** Waits for the first message (from `from` on) that matches; fails after `timeoutMs`. */
  async next(match: (message: SseMessage) => boolean, timeoutMs = 2_000, from = 0): Promise<SseMessage> {
    const deadline = performance.now() + timeoutMs;
    for (;;) {
      const found = this.messages.slice(from).find(match);
      if (found) return found;
      if (this.ending) throw new Error(`the stream ended; got ${this.describe()}`);
      const left = deadline - performance.now();
      if (left <= 0) throw new Error(`nothing matching within ${timeoutMs} ms; got ${this.describe()}`);
      await this.wait(left);
    }
  }

  /** Waits until `count` comments have arrived. */
  async comment(count = 1, timeoutMs = 2_000): Promise<string[]> {
    const deadline = performance.now() + timeoutMs;
    while (this.comments.length < count) {
      const left = deadline - performance.now();
      if (left <= 0 || this.ending) throw new Error(`${this.comments.length} comments, wanted ${count}`);
      await this.wait(left);
    }
    return this.comments;
  }

  /** Resolves when the stream ends; fails after `timeoutMs`. */
  async end(timeoutMs = 2_000): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      this.ended,
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`the stream did not end within ${timeoutMs} ms`)), timeoutMs);
      }),
    ]).finally(() => clearTimeout(timer));
  }

  close(): void {
    this.controller.abort();
  }

  private describe(): string {
    return JSON.stringify(this.messages.map((m) => `${m.id ?? '-'} ${m.event}`));
  }

  private wait(ms: number): Promise<void> {
    return new Promise((resolve) => {
      let timer: NodeJS.Timeout | undefined = undefined;
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      timer = setTimeout(done, ms);
      this.waiters.push(done);
    });
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }

  private async read(): Promise<void> {
    if (!this.response.body) return;
    const decoder = new TextDecoder();
    const parser = new SseParser({
      event: (event) => {
        // the stream's last event id: this server writes `id:` on every event, so it is the event's own
        this.messages.push({
          id: event.id ?? undefined,
          event: event.type,
          data: event.data,
          receivedAt: performance.now(),
        });
      },
      comment: (text) => this.comments.push(text.trim()),
      retry: (ms) => (this.retry = ms),
    });
    try {
      for await (const chunk of this.response.body) {
        parser.push(decoder.decode(chunk as Uint8Array, { stream: true }));
        this.wake();
      }
    } catch {
      // Aborted by the test, or the connection broke: the stream has ended either way.
    }
  }
}
