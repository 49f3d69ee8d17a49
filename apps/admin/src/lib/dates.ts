/**
 * Dates and times as the back office shows them: in the venue's time zone (named once per screen),
 * days as the API takes them (YYYY-MM-DD in that zone).
 */
import { addDays, zonedParts } from '@venue/domain/time-zone';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${timeZone}|${JSON.stringify(options)}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat('en-AU', { timeZone, ...options });
    formatters.set(key, found);
  }
  return found;
}

/** "27 Nov 2026, 7:05 pm" */
export function formatDateTime(iso: string, timeZone: string): string {
  return formatter(timeZone, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(iso));
}

/** "7:05 pm" */
export function formatTime(iso: string, timeZone: string): string {
  return formatter(timeZone, { hour: 'numeric', minute: '2-digit' }).format(new Date(iso));
}

/** "Fri 27 Nov 2026" for a day written YYYY-MM-DD. */
export function formatDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return formatter('UTC', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }).format(
    new Date(Date.UTC(year, month - 1, date)),
  );
}

/** The zone as a manager reads it: "Australia/Sydney (AEDT)". */
export function zoneName(timeZone: string, at: number = Date.now()): string {
  const short = formatter(timeZone, { timeZoneName: 'short' })
    .formatToParts(at)
    .find((part) => part.type === 'timeZoneName')?.value;
  return short && short !== timeZone ? `${timeZone} (${short})` : timeZone;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The day (YYYY-MM-DD) an instant falls on in a zone. */
export function dayIn(timeZone: string, at: number = Date.now()): string {
  const parts = zonedParts(at, timeZone);
  return `${parts.year}-${pad(parts.month)}-${pad(parts.day)}`;
}

/** A day moved by `days` (negative: back). */
export function shiftDay(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const moved = addDays({ year, month, day: date }, days);
  return `${moved.year}-${pad(moved.month)}-${pad(moved.day)}`;
}

/** "12 min", "1 h 5 min", "under a minute" for a wait in seconds. */
export function formatWait(seconds: number | null): string {
  if (seconds === null) return '—';
  if (seconds < 60) return 'under a minute';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}
