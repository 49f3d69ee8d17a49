/**
 * The server's clockwork: every tick, Scheduled orders whose time has come join the queue, then
 * any further steps run (the kitchen simulator, when on). Ticks never overlap; a failing tick (the
 * database is away) is logged and the next one tries again.
 */
import { queueDueScheduledOrders, type FulfilmentDeps } from './fulfilment.service.ts';

export const FULFILMENT_TICK_MS = 2_000;

export interface WorkerLog {
  warn(object: object, message: string): void;
}

export class FulfilmentWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private failing = false;

  constructor(
    private readonly deps: Pick<FulfilmentDeps, 'db' | 'events'>,
    private readonly clock: () => number,
    private readonly log: WorkerLog,
    private readonly steps: ReadonlyArray<(nowMs: number) => Promise<unknown>> = [],
    private readonly tickMs = FULFILMENT_TICK_MS,
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), this.tickMs);
    this.timer.unref();
  }

  /** Stops the clock and waits for a tick in progress. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** One tick now (tests call this directly). */
  tick(): Promise<void> {
    if (this.running) return this.running;
    this.running = this.runOnce().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async runOnce(): Promise<void> {
    try {
      const now = this.clock();
      await queueDueScheduledOrders(this.deps, now);
      for (const step of this.steps) await step(now);
      this.failing = false;
    } catch (error) {
      // Say it once per outage, not every two seconds.
      if (!this.failing) this.log.warn({ err: error }, 'fulfilment tick failed; retrying');
      this.failing = true;
    }
  }
}
