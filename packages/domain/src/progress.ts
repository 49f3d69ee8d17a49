/** The wait screen's progress indicator (spec §4): how far an order is between queueing and its estimate. */
import { PROGRESS_COMPLETE_STATUSES } from './order-status.ts';

/** Spec §4: the indicator has 8 steps. */
export const PROGRESS_STEP_COUNT = 8;
/** Spec §4: the percent at which each step after the first begins. */
export const PROGRESS_STAGES = [13, 27, 40, 56, 70, 83, 92] as const;

/**
 * Spec §4: percent = time elapsed since `timeQueued` over (`timeServiceEstimated` − `timeQueued`),
 * kept within 0..100. An estimate at or before the queue time means the order is due: 100 once
 * that moment has passed, else 0. Missing or unreadable times give 0.
 */
export function progressPercent(timeQueuedMs: number, timeServiceEstimatedMs: number, nowMs: number): number {
  if (![timeQueuedMs, timeServiceEstimatedMs, nowMs].every(Number.isFinite)) return 0;
  const total = timeServiceEstimatedMs - timeQueuedMs;
  const elapsed = nowMs - timeQueuedMs;
  if (total <= 0) return elapsed >= total && nowMs >= timeServiceEstimatedMs ? 100 : 0;
  return Math.min(100, Math.max(0, (elapsed / total) * 100));
}

/** The step (0..7) a percent has reached: how many of the stage thresholds it is at or past. */
export function progressStep(percent: number): number {
  if (!Number.isFinite(percent)) return 0;
  return PROGRESS_STAGES.filter((stage) => percent >= stage).length;
}

/** An ISO instant in epoch ms, or NaN when absent or unreadable. */
function instantMs(iso: string | null | undefined): number {
  return iso ? Date.parse(iso) : Number.NaN;
}

/** Whether an order in this status has finished its progress (all eight steps done). */
export function isProgressComplete(status: string | null | undefined): boolean {
  return status != null && (PROGRESS_COMPLETE_STATUSES as readonly string[]).includes(status);
}

/**
 * Progress of a placed order at `nowMs`: its percent and step. While it is prepared the step
 * (0..7) is the one in progress, from its `timing` (ISO instants); once it is ready the step is
 * PROGRESS_STEP_COUNT, every step done, and the percent 100. The stages alone never get there:
 * past 92 % the last step is still under way until the store says the order is ready.
 */
export function orderProgress(
  timing: { timeQueued: string | null | undefined; timeServiceEstimated: string | null | undefined },
  nowMs: number,
  status?: string | null,
): { percent: number; step: number } {
  if (isProgressComplete(status)) return { percent: 100, step: PROGRESS_STEP_COUNT };
  const percent = progressPercent(instantMs(timing.timeQueued), instantMs(timing.timeServiceEstimated), nowMs);
  return { percent, step: progressStep(percent) };
}
