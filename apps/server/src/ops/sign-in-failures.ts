/**
 * Failed sign-ins to the operations API, counted per client address in fixed one-minute windows
 * (docs/decisions/017-staff-tokens.md). Kept behind `SignInFailureStore` so a shared store (Redis:
 * INCR plus PEXPIRE on the first hit) can replace this process's memory when several processes
 * serve the API.
 */

export const SIGN_IN_FAILURE_WINDOW_MS = 60_000;

export interface FailureWindow {
  /** failures counted in the current window */
  count: number;
  /** epoch ms when the window ends and the count starts again from zero */
  resetsAt: number;
}

export interface SignInFailureStore {
  /** Counts one failure for `key` and answers its window after counting. */
  add(key: string, nowMs: number): Promise<FailureWindow>;
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
