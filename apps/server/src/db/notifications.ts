/**
 * PostgreSQL LISTEN on one dedicated connection (outside the pool: a pooled connection would be
 * handed to queries, and LISTEN belongs to the session). When the connection drops — the database
 * restarted, the network broke — it reconnects with a growing pause and says so through
 * `onConnected`, so the owner catches up on what it missed while it was away.
 */
import type pg from 'pg';

export interface ListenerHandlers {
  onNotify(payload: string): void;
  /** after every successful LISTEN, the first included */
  onConnected(): void;
  onError(error: Error): void;
}

export interface ListenerOptions {
  /** first pause before reconnecting (ms); doubled after each failure */
  minBackoffMs?: number;
  maxBackoffMs?: number;
}

export class NotificationListener {
  private client: pg.Client | null = null;
  private retry: NodeJS.Timeout | null = null;
  private backoffMs: number;
  private stopped = false;
  private readonly minBackoffMs: number;
  private readonly maxBackoffMs: number;

  /**
   * @param createClient a new, unconnected client to the database
   * @param channel a fixed identifier (never user input: it is written into the LISTEN statement)
   */
  constructor(
    private readonly createClient: () => pg.Client,
    private readonly channel: string,
    private readonly handlers: ListenerHandlers,
    options: ListenerOptions = {},
  ) {
    if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
    this.minBackoffMs = options.minBackoffMs ?? 250;
    this.maxBackoffMs = options.maxBackoffMs ?? 10_000;
    this.backoffMs = this.minBackoffMs;
  }

  get connected(): boolean {
    return this.client !== null;
  }

  start(): void {
    this.stopped = false;
    void this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const client = this.createClient();
    let lost = false;
    const drop = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (error) this.handlers.onError(error);
      if (this.client === client) this.client = null;
      void client.end().catch(() => undefined);
      this.scheduleReconnect();
    };
    client.on('error', (error) => drop(error));
    client.on('end', () => drop());
    client.on('notification', (message) => {
      if (message.channel === this.channel) this.handlers.onNotify(message.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${this.channel}`);
    } catch (error) {
      drop(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    if (this.stopped || lost) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.backoffMs = this.minBackoffMs;
    this.handlers.onConnected();
  }

  private scheduleReconnect(): void {
    if (this.stopped || this.retry) return;
    const pause = this.backoffMs;
    this.backoffMs = Math.min(this.maxBackoffMs, this.backoffMs * 2);
    this.retry = setTimeout(() => {
      this.retry = null;
      void this.connect();
    }, pause);
    this.retry.unref();
  }
}
