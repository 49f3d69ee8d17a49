/** Menu item availability by weekday and time window (spec §5: inclusive, venue time zone). */
import { parseClock, zonedParts, type WeekdayName } from './time-zone.ts';

/** Weekday → windows ("HH:mm", both ends inclusive); null means always; a weekday left out means not that day. */
export type AvailabilityWindows = Partial<
  Record<WeekdayName, ReadonlyArray<{ startTime: string; endTime: string }>>
> | null;

/** Whether an item with this availability can be ordered at an instant. */
export function isAvailableAt(availability: AvailabilityWindows, instantMs: number, timeZone: string): boolean {
  if (availability === null) return true;
  const local = zonedParts(instantMs, timeZone);
  const minute = local.hour * 60 + local.minute;
  return (availability[local.weekday] ?? []).some(({ startTime, endTime }) => {
    const start = parseClock(startTime);
    const end = parseClock(endTime);
    if (start === null || end === null) return false;
    // A window that ends before it starts runs past midnight.
    return start <= end ? minute >= start && minute <= end : minute >= start || minute <= end;
  });
}
