import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  isProgressComplete,
  orderProgress,
  PROGRESS_STAGES,
  PROGRESS_STEP_COUNT,
  progressPercent,
  progressStep,
} from './progress.ts';

const MIN = 60_000;

describe('progressPercent (spec §4)', () => {
  it('is the share of the estimated wait that has passed', () => {
    expect(progressPercent(0, 10 * MIN, 0)).toBe(0);
    expect(progressPercent(0, 10 * MIN, 5 * MIN)).toBe(50);
    expect(progressPercent(1000, 1000 + 4 * MIN, 1000 + MIN)).toBe(25);
  });
  it('is capped at 100 once the estimate has passed, and never below 0', () => {
    expect(progressPercent(0, 10 * MIN, 10 * MIN)).toBe(100);
    expect(progressPercent(0, 10 * MIN, 60 * MIN)).toBe(100);
    expect(progressPercent(10 * MIN, 20 * MIN, 0)).toBe(0);
  });
  it('treats an estimate at the queue time as due (100 once passed, 0 before)', () => {
    expect(progressPercent(5 * MIN, 5 * MIN, 5 * MIN)).toBe(100);
    expect(progressPercent(5 * MIN, 5 * MIN, 4 * MIN)).toBe(0);
    expect(progressPercent(5 * MIN, 3 * MIN, 6 * MIN)).toBe(100);
  });
  it('gives 0 for missing times', () => {
    expect(progressPercent(Number.NaN, 10 * MIN, 5 * MIN)).toBe(0);
    expect(progressPercent(0, Number.NaN, 5 * MIN)).toBe(0);
  });
  it('always lies within 0..100', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer(), fc.integer(), (queued, estimated, now) => {
        const percent = progressPercent(queued, estimated, now);
        return percent >= 0 && percent <= 100;
      }),
    );
  });
});

describe('progressStep (8 steps, stages at 13, 27, 40, 56, 70, 83, 92)', () => {
  it('has the spec stages', () => {
    expect(PROGRESS_STEP_COUNT).toBe(8);
    expect([...PROGRESS_STAGES]).toEqual([13, 27, 40, 56, 70, 83, 92]);
  });
  it('moves to the next step exactly at each stage', () => {
    expect(progressStep(0)).toBe(0);
    expect(progressStep(12.99)).toBe(0);
    expect(progressStep(13)).toBe(1);
    expect(progressStep(26.9)).toBe(1);
    expect(progressStep(27)).toBe(2);
    expect(progressStep(40)).toBe(3);
    expect(progressStep(55)).toBe(3);
    expect(progressStep(56)).toBe(4);
    expect(progressStep(70)).toBe(5);
    expect(progressStep(83)).toBe(6);
    expect(progressStep(91.9)).toBe(6);
    expect(progressStep(92)).toBe(7);
    expect(progressStep(100)).toBe(7);
  });
  it('never goes back as the percent grows and stays within 0..7', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 100, noNaN: true }),
        fc.double({ min: 0, max: 100, noNaN: true }),
        (a, b) => {
          const [low, high] = a <= b ? [a, b] : [b, a];
          const lowStep = progressStep(low);
          return lowStep <= progressStep(high) && lowStep >= 0 && progressStep(high) <= PROGRESS_STEP_COUNT - 1;
        },
      ),
    );
  });
});

describe('orderProgress', () => {
  it('reads the placed order timing', () => {
    const timing = { timeQueued: '2026-11-22T06:00:00.000Z', timeServiceEstimated: '2026-11-22T06:10:00.000Z' };
    expect(orderProgress(timing, Date.parse('2026-11-22T06:06:00.000Z'))).toEqual({ percent: 60, step: 4 });
    expect(orderProgress({ timeQueued: null, timeServiceEstimated: null }, Date.now())).toEqual({
      percent: 0,
      step: 0,
    });
  });
  it('is complete, all 8 steps done, once the order is ready, on its way or collected', () => {
    const timing = { timeQueued: '2026-11-22T06:00:00.000Z', timeServiceEstimated: '2026-11-22T06:10:00.000Z' };
    const early = Date.parse('2026-11-22T06:02:00.000Z');
    const late = Date.parse('2026-11-22T06:30:00.000Z');
    for (const status of ['PendingAlerted', 'Alerted', 'Serviced']) {
      expect(isProgressComplete(status)).toBe(true);
      // ready before the estimate, or long after it: complete either way
      expect(orderProgress(timing, early, status)).toEqual({ percent: 100, step: PROGRESS_STEP_COUNT });
      expect(orderProgress(timing, late, status)).toEqual({ percent: 100, step: PROGRESS_STEP_COUNT });
    }
  });
  it('stays on the last step, not complete, while the order is prepared past its estimate', () => {
    const timing = { timeQueued: '2026-11-22T06:00:00.000Z', timeServiceEstimated: '2026-11-22T06:10:00.000Z' };
    const late = Date.parse('2026-11-22T06:30:00.000Z');
    for (const status of ['Paid', 'Waiting', 'Scheduled', 'VendorSupportRequired', 'Cancelled', null, undefined]) {
      expect(isProgressComplete(status)).toBe(false);
      expect(orderProgress(timing, late, status)).toEqual({ percent: 100, step: PROGRESS_STEP_COUNT - 1 });
    }
  });
});
