import { describe, expect, it } from 'vitest';
import {
  canVendorMove,
  DEFAULT_QUEUE_STEP_MS,
  estimateReadyAt,
  queuePace,
  VENDOR_TRANSITIONS,
} from './kitchen-queue.ts';
import { ORDER_STATUSES } from './order-status.ts';

const MIN = 60_000;

describe('vendor status changes', () => {
  it('lets a waiting order be made ready, collected, cancelled or sent to the counter', () => {
    for (const to of ['PendingAlerted', 'Serviced', 'Cancelled', 'VendorSupportRequired'] as const) {
      expect(canVendorMove('Waiting', to)).toBe(true);
    }
  });

  it('never moves a final or unpaid order', () => {
    for (const from of ['Serviced', 'Cancelled', 'Pending'] as const) {
      expect(VENDOR_TRANSITIONS[from]).toEqual([]);
    }
  });

  it('does not make a ready order ready again, nor move a collected one back', () => {
    expect(canVendorMove('PendingAlerted', 'PendingAlerted')).toBe(false);
    expect(canVendorMove('Alerted', 'PendingAlerted')).toBe(false);
    expect(canVendorMove('Serviced', 'PendingAlerted')).toBe(false);
    expect(canVendorMove('VendorSupportRequired', 'PendingAlerted')).toBe(true);
  });

  it('has a rule for every status', () => {
    expect(Object.keys(VENDOR_TRANSITIONS).sort()).toEqual([...ORDER_STATUSES].sort());
  });
});

describe('queue pace', () => {
  it('uses the stated time to service and a one-minute step without enough history', () => {
    expect(queuePace([], 300_000)).toEqual({ serviceMs: 300_000, stepMs: DEFAULT_QUEUE_STEP_MS, samples: 0 });
    expect(
      queuePace(
        [
          { queuedAt: 0, readyAt: MIN },
          { queuedAt: 0, readyAt: 2 * MIN },
        ],
        300_000,
      ).samples,
    ).toBe(0);
  });

  it('learns the median service time and the median gap between completions', () => {
    const samples = [
      { queuedAt: 0, readyAt: 8 * MIN },
      { queuedAt: 1 * MIN, readyAt: 10 * MIN },
      { queuedAt: 2 * MIN, readyAt: 12 * MIN },
      { queuedAt: 3 * MIN, readyAt: 15 * MIN },
    ];
    // service times 8, 9, 10, 12 → median 9.5 min; gaps 2, 2, 3 → 2 min
    expect(queuePace(samples, 300_000)).toEqual({ serviceMs: 9.5 * MIN, stepMs: 2 * MIN, samples: 4 });
  });

  it('ignores samples ready before they were queued and bounds the step by the service time', () => {
    const samples = [
      { queuedAt: 0, readyAt: MIN },
      { queuedAt: 60 * MIN, readyAt: 61 * MIN },
      { queuedAt: 120 * MIN, readyAt: 121 * MIN },
      { queuedAt: 10 * MIN, readyAt: 5 * MIN },
    ];
    const pace = queuePace(samples, 300_000);
    expect(pace.samples).toBe(3);
    expect(pace.serviceMs).toBe(MIN);
    expect(pace.stepMs).toBe(MIN);
  });
});

describe('estimated ready time', () => {
  const pace = { serviceMs: 10 * MIN, stepMs: 2 * MIN, samples: 5 };

  it('is the typical service time after queueing for an order near the front', () => {
    expect(estimateReadyAt({ queuedAt: 0, position: 1, nowMs: 0, pace })).toBe(10 * MIN);
  });

  it('grows with the orders ahead when the queue is long', () => {
    expect(estimateReadyAt({ queuedAt: 0, position: 8, nowMs: 0, pace })).toBe(16 * MIN);
  });

  it('never lies in the past for an order still waiting', () => {
    expect(estimateReadyAt({ queuedAt: 0, position: 1, nowMs: 30 * MIN, pace })).toBe(32 * MIN);
  });
});
