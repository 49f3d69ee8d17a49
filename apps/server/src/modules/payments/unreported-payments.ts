/**
 * Card payments charged at the gateway that nobody reported. The app reports a charge with the
 * payment update (and retries it); if the phone is gone, or the server was killed between the
 * charge and the update, the customer has paid for an order that is still Pending. Each server
 * process sweeps payments initiated more than `UNREPORTED_AFTER_MS` ago, once each, asks the
 * gateway about them and settles the charged ones (see `settleUnreportedPayment`). A charge made
 * later than that is made by an app that is there to report it.
 */
import type { PaymentDeps } from './payment-common.ts';
import { settleUnreportedPayment } from './payment-settlement.service.ts';
import { listInitiatedPaymentsAfter } from './payments.repository.ts';

/** Time the app has to report a charge itself (its own retries and verify take well under this). */
export const UNREPORTED_AFTER_MS = 2 * 60_000;
/** How far back a process starting up looks (payments left by the process before it). */
export const LOOK_BACK_MS = 60 * 60_000;
const BATCH = 50;

export class UnreportedPaymentSweeper {
  /** the last payment checked (created_at, id) */
  private cursor: { createdAt: number; id: number };

  constructor(
    private readonly deps: PaymentDeps,
    startMs: number,
  ) {
    this.cursor = { createdAt: startMs - LOOK_BACK_MS, id: 0 };
  }

  /** Checks the payments that came of age since the last sweep; answers what became of them. */
  async sweep(nowMs: number): Promise<{ checked: number; settled: number; refunded: number }> {
    const rows = await listInitiatedPaymentsAfter(this.deps.db, this.cursor, nowMs - UNREPORTED_AFTER_MS, BATCH);
    const result = { checked: 0, settled: 0, refunded: 0 };
    for (const row of rows) {
      const outcome = await settleUnreportedPayment(this.deps, row);
      if (outcome === 'settled') result.settled += 1;
      if (outcome === 'refunded') result.refunded += 1;
      result.checked += 1;
      this.cursor = { createdAt: Number(row.created_at), id: row.id };
    }
    return result;
  }
}
