/** A vendor's trading hours and the pickup slots they allow, in the venue's time zone. */
import { WEEKDAY_NAMES, addDays, parseClock, zonedParts, zonedTimeToUtc, type WeekdayName } from './time-zone.ts';

/** One trading window on a weekday, "HH:mm" local time. `closes` may be "24:00"; `closes` ≤ `opens` runs past midnight. */
export interface OpeningWindow {
  weekday: WeekdayName;
  opens: string;
  closes: string;
}
export type OpeningHours = readonly OpeningWindow[];

/** Slot spacing of the pickup-time list. */
export const SLOT_STEP_MINUTES = 15;
const DAY_MS = 86_400_000;
const LOOK_AHEAD_DAYS = 8;

/** Trading intervals [start, end) as instants, for local dates from `fromDaysAgo` days before `nowMs` to `days` days after. */
export function tradingIntervals(
  hours: OpeningHours,
  nowMs: number,
  timeZone: string,
  days: number,
  fromDaysAgo = 1,
): Array<[number, number]> {
  const today = zonedParts(nowMs, timeZone);
  const intervals: Array<[number, number]> = [];
  for (let offset = -fromDaysAgo; offset <= days; offset += 1) {
    const date = addDays(today, offset);
    const weekday = WEEKDAY_NAMES[new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay()];
    for (const window of hours) {
      if (window.weekday !== weekday) continue;
      const opens = parseClock(window.opens);
      const closes = parseClock(window.closes);
      if (opens === null || closes === null || opens === 1440) continue;
      const closeDate = closes <= opens ? addDays(date, 1) : date;
      const start = zonedTimeToUtc({ ...date, hour: Math.floor(opens / 60), minute: opens % 60 }, timeZone);
      const end =
        closes === 1440
          ? zonedTimeToUtc({ ...addDays(date, 1), hour: 0, minute: 0 }, timeZone)
          : zonedTimeToUtc({ ...closeDate, hour: Math.floor(closes / 60), minute: closes % 60 }, timeZone);
      if (end > start) intervals.push([start, end]);
    }
  }
  return intervals.sort((a, b) => a[0] - b[0]);
}

/** Whether the vendor trades at an instant. */
export function isWithinOpeningHours(hours: OpeningHours, instantMs: number, timeZone: string): boolean {
  return tradingIntervals(hours, instantMs, timeZone, 0).some(([start, end]) => start <= instantMs && instantMs < end);
}

/** The next instant the vendor serves: now while trading, else the next opening within a week, else null. */
export function nextServiceTime(hours: OpeningHours, nowMs: number, timeZone: string): number | null {
  let next: number | null = null;
  for (const [start, end] of tradingIntervals(hours, nowMs, timeZone, LOOK_AHEAD_DAYS)) {
    if (start <= nowMs && nowMs < end) return nowMs;
    if (start > nowMs && start - nowMs <= 7 * DAY_MS && (next === null || start < next)) next = start;
  }
  return next;
}

/**
 * Pickup (or delivery) slots a customer may choose: every `stepMinutes` on the local clock, no
 * sooner than now plus the time to service, no later than now plus the pre-order buffer, and only
 * while the vendor trades. Stepping in absolute time keeps daylight-saving days honest: no slot is
 * listed twice in the repeated autumn hour and none falls in the skipped spring hour.
 */
export function scheduledSlots(options: {
  hours: OpeningHours;
  nowMs: number;
  timeZone: string;
  ttsMs: number;
  preOrderBufferMs: number;
  stepMinutes?: number;
}): number[] {
  const stepMs = (options.stepMinutes ?? SLOT_STEP_MINUTES) * 60_000;
  const earliest = options.nowMs + Math.max(0, options.ttsMs);
  const latest = options.nowMs + Math.max(0, options.preOrderBufferMs);
  if (options.preOrderBufferMs <= 0 || latest < earliest) return [];
  const days = Math.ceil(options.preOrderBufferMs / DAY_MS) + 1;
  const slots = new Set<number>();
  for (const [start, end] of tradingIntervals(
    options.hours,
    options.nowMs,
    options.timeZone,
    Math.min(days, LOOK_AHEAD_DAYS),
  )) {
    const from = Math.max(start, earliest);
    const to = Math.min(end - 1, latest);
    // Zone offsets are whole quarter hours, so the UTC quarter-hour grid is the local one.
    for (let slot = Math.ceil(from / stepMs) * stepMs; slot <= to; slot += stepMs) slots.add(slot);
  }
  return [...slots].sort((a, b) => a - b);
}
