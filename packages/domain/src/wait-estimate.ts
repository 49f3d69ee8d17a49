/** The wait screen's estimated wait (spec §9 wait estimate). */

/** Spec §9: an estimate of 66 s or less reads 'Very Soon!'. */
export const VERY_SOON_MAX_SECS = 66;
export const VERY_SOON_TEXT = 'Very Soon!';

const MINUTE_SECS = 60;
const HOUR_MINS = 60;
const DAY_MINS = 24 * HOUR_MINS;

function unit(count: number, singular: string, plural: string): string {
  return `${count} ${count === 1 ? singular : plural}`;
}

/**
 * Spec §9: remaining time in days, hrs, mins from whole minutes: "1 day 2 hrs 5 mins", "1 hr",
 * "45 mins", "1 min". Units that are zero are left out; no time at all reads "0 mins".
 */
export function formatRemainingMinutes(totalMinutes: number): string {
  const minutes = Math.max(0, Math.floor(Number.isFinite(totalMinutes) ? totalMinutes : 0));
  const days = Math.floor(minutes / DAY_MINS);
  const hours = Math.floor((minutes % DAY_MINS) / HOUR_MINS);
  const mins = minutes % HOUR_MINS;
  const parts: string[] = [];
  if (days > 0) parts.push(unit(days, 'day', 'days'));
  if (hours > 0) parts.push(unit(hours, 'hr', 'hrs'));
  if (mins > 0 || parts.length === 0) parts.push(unit(mins, 'min', 'mins'));
  return parts.join(' ');
}

/**
 * Spec §9: the estimated wait for `secsToServiceEstimate`. At 66 s or less 'Very Soon!';
 * otherwise "{low} - {high}" with low = estimate / 1.1 rounded down to the minute and high =
 * estimate × 1.1 rounded up, so the range always holds the honest figure ("11 mins - 15 mins",
 * "1 hr 5 mins - 1 hr 20 mins"). Null or negative estimates count as 0 (the server clamps at 0).
 */
export function waitEstimateText(secsToServiceEstimate: number | null | undefined): string {
  const secs = Math.max(0, secsToServiceEstimate ?? 0);
  if (!Number.isFinite(secs) || secs <= VERY_SOON_MAX_SECS) return VERY_SOON_TEXT;
  // 1.1 as 11/10 keeps whole-second estimates exact (172800 × 1.1 is 190080.00000000003 in floats).
  const low = Math.floor((secs * 10) / (11 * MINUTE_SECS));
  const high = Math.ceil((secs * 11) / (10 * MINUTE_SECS));
  return `${formatRemainingMinutes(low)} - ${formatRemainingMinutes(high)}`;
}
