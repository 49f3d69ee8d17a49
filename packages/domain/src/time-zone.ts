/** Wall-clock time in an IANA time zone, using the platform's Intl data (no bundled tz database). */

export const WEEKDAY_NAMES = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
export type WeekdayName = (typeof WEEKDAY_NAMES)[number];

/** A local date and time in some zone. */
export interface ZonedParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  weekday: WeekdayName;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The local date and time at an instant in a zone. */
export function zonedParts(instantMs: number, timeZone: string): ZonedParts {
  const values: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(instantMs)) {
    if (part.type !== 'literal') values[part.type] = Number(part.value);
  }
  const year = values.year ?? 1970;
  const month = values.month ?? 1;
  const day = values.day ?? 1;
  const weekday = WEEKDAY_NAMES[new Date(Date.UTC(year, month - 1, day)).getUTCDay()] ?? 'sunday';
  return { year, month, day, hour: values.hour ?? 0, minute: values.minute ?? 0, second: values.second ?? 0, weekday };
}

const QUARTER_HOUR_MS = 900_000;
const OFFSET_CACHE_LIMIT = 100_000;
const offsetCache = new Map<string, number>();

/**
 * The zone's offset from UTC at an instant, in ms (Sydney summer: +11 h). Offsets only change on a
 * UTC quarter hour in every zone in use, so they are remembered per quarter hour: Intl formatting
 * is by far the slowest step of slot and opening-hours arithmetic.
 */
export function zoneOffsetMs(instantMs: number, timeZone: string): number {
  const bucket = Math.floor(instantMs / QUARTER_HOUR_MS);
  const key = `${timeZone}|${bucket}`;
  let offset = offsetCache.get(key);
  if (offset === undefined) {
    const start = bucket * QUARTER_HOUR_MS;
    const p = zonedParts(start, timeZone);
    offset = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - start;
    if (offsetCache.size >= OFFSET_CACHE_LIMIT) offsetCache.clear();
    offsetCache.set(key, offset);
  }
  return offset;
}

/**
 * The instant at which a zone's clocks show a local time. A time skipped by a daylight-saving
 * change (02:30 on the spring-forward day) maps to the same distance past the gap (03:30); a time
 * that happens twice (the autumn hour) maps to its first occurrence.
 */
export function zonedTimeToUtc(
  local: { year: number; month: number; day: number; hour: number; minute: number },
  timeZone: string,
): number {
  const naive = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute);
  const offsetBefore = zoneOffsetMs(naive - 86_400_000, timeZone);
  const offsetAfter = zoneOffsetMs(naive + 86_400_000, timeZone);
  // The larger offset gives the earlier instant, so an ambiguous time resolves to its first occurrence.
  const candidates = [Math.max(offsetBefore, offsetAfter), Math.min(offsetBefore, offsetAfter)];
  for (const offset of candidates) {
    const instant = naive - offset;
    if (zoneOffsetMs(instant, timeZone) === offset) return instant;
  }
  // In a gap no offset fits: keep the wall-clock distance by applying the offset in force before it.
  return naive - offsetBefore;
}

/** The local calendar date a number of days after a given one (calendar arithmetic, zone free). */
export function addDays(date: { year: number; month: number; day: number }, days: number) {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** "h:mm a" in a zone, as the pickup-time list shows it: "5:15 PM". */
export function formatClockTime(instantMs: number, timeZone: string): string {
  const p = zonedParts(instantMs, timeZone);
  const hour12 = p.hour % 12 === 0 ? 12 : p.hour % 12;
  return `${hour12}:${String(p.minute).padStart(2, '0')} ${p.hour < 12 ? 'AM' : 'PM'}`;
}

/** Minutes since local midnight of an "HH:mm" string ("24:00" is 1440), or null when malformed. */
export function parseClock(text: string): number | null {
  const match = /^(\d{2}):(\d{2})$/.exec(text);
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (minutes > 59 || hours > 24 || (hours === 24 && minutes !== 0)) return null;
  return hours * 60 + minutes;
}
