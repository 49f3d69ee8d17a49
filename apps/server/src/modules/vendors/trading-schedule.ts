/**
 * Next service times from opening hours, fast enough for every vendor-list call. Turning local
 * opening hours into instants goes through the platform's time-zone data and costs about a
 * millisecond per vendor; the instants stay valid for hours, so each vendor's trading intervals
 * are computed once and reused for up to REUSE_MS, then recomputed. The answers are those of
 * `nextServiceTime` in @venue/domain/opening-hours (the tests hold them equal).
 */
import { tradingIntervals, type OpeningHours } from '@venue/domain/opening-hours';

/** How long computed intervals are reused. They cover local dates from yesterday to eight days ahead, so an hour is safe. */
const REUSE_MS = 60 * 60_000;
const LOOK_AHEAD_DAYS = 8;
const WEEK_MS = 7 * 86_400_000;

interface Entry {
  signature: string;
  computedAt: number;
  intervals: Array<[number, number]>;
}

export class TradingSchedule {
  private readonly entries = new Map<string, Entry>();

  /** The next instant the vendor serves: now while trading, else the next opening within a week, else null. */
  nextServiceTime(key: string | number, hours: OpeningHours, nowMs: number, timeZone: string): number | null {
    const signature = `${timeZone}|${hours.map((h) => `${h.weekday} ${h.opens}-${h.closes}`).join(',')}`;
    const cacheKey = String(key);
    let entry = this.entries.get(cacheKey);
    if (!entry || entry.signature !== signature || nowMs < entry.computedAt || nowMs - entry.computedAt >= REUSE_MS) {
      entry = { signature, computedAt: nowMs, intervals: tradingIntervals(hours, nowMs, timeZone, LOOK_AHEAD_DAYS) };
      this.entries.set(cacheKey, entry);
    }
    let next: number | null = null;
    for (const [start, end] of entry.intervals) {
      if (start <= nowMs && nowMs < end) return nowMs;
      if (start > nowMs && start - nowMs <= WEEK_MS && (next === null || start < next)) next = start;
    }
    return next;
  }
}
