import { describe, expect, it } from 'vitest';
import { WEEKDAY_NAMES, formatClockTime, zonedTimeToUtc } from './time-zone.ts';
import { isWithinOpeningHours, nextServiceTime, scheduledSlots, type OpeningHours } from './opening-hours.ts';

const SYDNEY = 'Australia/Sydney';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const everyDay = (opens: string, closes: string): OpeningHours =>
  WEEKDAY_NAMES.map((weekday) => ({ weekday, opens, closes }));
const sydney = (month: number, day: number, hour: number, minute = 0) =>
  zonedTimeToUtc({ year: 2026, month, day, hour, minute }, SYDNEY);

describe('isWithinOpeningHours', () => {
  const hours = everyDay('10:00', '22:00');
  it('is true from opening up to (not including) closing', () => {
    expect(isWithinOpeningHours(hours, sydney(11, 22, 10, 0), SYDNEY)).toBe(true);
    expect(isWithinOpeningHours(hours, sydney(11, 22, 21, 59), SYDNEY)).toBe(true);
    expect(isWithinOpeningHours(hours, sydney(11, 22, 22, 0), SYDNEY)).toBe(false);
    expect(isWithinOpeningHours(hours, sydney(11, 22, 9, 59), SYDNEY)).toBe(false);
  });
  it('handles windows that run past midnight, from the previous day', () => {
    const late: OpeningHours = [{ weekday: 'saturday', opens: '18:00', closes: '02:00' }];
    expect(isWithinOpeningHours(late, sydney(11, 22, 1, 30), SYDNEY)).toBe(true); // Sunday 01:30
    expect(isWithinOpeningHours(late, sydney(11, 22, 2, 30), SYDNEY)).toBe(false);
  });
  it('treats 24:00 as the end of the day', () => {
    expect(isWithinOpeningHours(everyDay('00:00', '24:00'), sydney(11, 22, 23, 59), SYDNEY)).toBe(true);
  });
  it('is false on a weekday without hours', () => {
    const weekdays: OpeningHours = [{ weekday: 'monday', opens: '09:00', closes: '17:00' }];
    expect(isWithinOpeningHours(weekdays, sydney(11, 22, 12), SYDNEY)).toBe(false); // a Sunday
  });
});

describe('nextServiceTime', () => {
  const hours = everyDay('10:00', '22:00');
  it('is now while trading', () => {
    const now = sydney(11, 22, 12);
    expect(nextServiceTime(hours, now, SYDNEY)).toBe(now);
  });
  it('is the next opening when closed', () => {
    expect(nextServiceTime(hours, sydney(11, 22, 23), SYDNEY)).toBe(sydney(11, 23, 10));
    expect(nextServiceTime(hours, sydney(11, 22, 7), SYDNEY)).toBe(sydney(11, 22, 10));
  });
  it('is null without hours', () => {
    expect(nextServiceTime([], sydney(11, 22, 7), SYDNEY)).toBeNull();
  });
});

describe('scheduledSlots', () => {
  it('lists quarter hours from now + tts to now + buffer while trading', () => {
    const now = sydney(11, 22, 12, 7);
    const slots = scheduledSlots({
      hours: everyDay('10:00', '22:00'),
      nowMs: now,
      timeZone: SYDNEY,
      ttsMs: 10 * MINUTE,
      preOrderBufferMs: HOUR,
    });
    expect(slots.map((s) => formatClockTime(s, SYDNEY))).toEqual(['12:30 PM', '12:45 PM', '1:00 PM']);
  });
  it('stops at closing time', () => {
    const now = sydney(11, 22, 21, 0);
    const slots = scheduledSlots({
      hours: everyDay('10:00', '22:00'),
      nowMs: now,
      timeZone: SYDNEY,
      ttsMs: 0,
      preOrderBufferMs: 4 * HOUR,
    });
    expect(slots.map((s) => formatClockTime(s, SYDNEY))).toEqual(['9:00 PM', '9:15 PM', '9:30 PM', '9:45 PM']);
  });
  it('starts at the next opening when closed now', () => {
    const now = sydney(11, 22, 9, 0);
    const slots = scheduledSlots({
      hours: everyDay('10:00', '22:00'),
      nowMs: now,
      timeZone: SYDNEY,
      ttsMs: 0,
      preOrderBufferMs: 90 * MINUTE,
    });
    expect(slots.map((s) => formatClockTime(s, SYDNEY))).toEqual(['10:00 AM', '10:15 AM', '10:30 AM']);
  });
  it('is empty with no buffer or no hours', () => {
    const now = sydney(11, 22, 12);
    expect(
      scheduledSlots({
        hours: everyDay('10:00', '22:00'),
        nowMs: now,
        timeZone: SYDNEY,
        ttsMs: 0,
        preOrderBufferMs: 0,
      }),
    ).toEqual([]);
    expect(scheduledSlots({ hours: [], nowMs: now, timeZone: SYDNEY, ttsMs: 0, preOrderBufferMs: 4 * HOUR })).toEqual(
      [],
    );
  });
  it('skips the missing hour on the spring-forward day (4 Oct 2026)', () => {
    const now = sydney(10, 4, 1, 0); // 01:00 AEST
    const slots = scheduledSlots({
      hours: everyDay('00:00', '24:00'),
      nowMs: now,
      timeZone: SYDNEY,
      ttsMs: 0,
      preOrderBufferMs: 2 * HOUR,
    });
    const labels = slots.map((s) => formatClockTime(s, SYDNEY));
    // Two real hours later the clock reads 04:00: 02:xx never exists.
    expect(labels).toEqual([
      '1:00 AM',
      '1:15 AM',
      '1:30 AM',
      '1:45 AM',
      '3:00 AM',
      '3:15 AM',
      '3:30 AM',
      '3:45 AM',
      '4:00 AM',
    ]);
    expect(new Set(slots).size).toBe(slots.length);
  });
  it('lists the repeated hour twice, as distinct instants, on the fall-back day (5 Apr 2026)', () => {
    const now = Date.UTC(2026, 3, 4, 15, 0); // 02:00 AEDT, first pass
    const slots = scheduledSlots({
      hours: everyDay('00:00', '24:00'),
      nowMs: now,
      timeZone: SYDNEY,
      ttsMs: 0,
      preOrderBufferMs: 2 * HOUR,
    });
    expect(slots).toHaveLength(9);
    expect(slots.every((s, i) => i === 0 || s - (slots[i - 1] ?? 0) === 15 * MINUTE)).toBe(true);
    expect(slots.map((s) => formatClockTime(s, SYDNEY))).toEqual([
      '2:00 AM',
      '2:15 AM',
      '2:30 AM',
      '2:45 AM',
      '2:00 AM',
      '2:15 AM',
      '2:30 AM',
      '2:45 AM',
      '3:00 AM',
    ]);
  });
  it('keeps 10:00 opening on local time across the change (closed overnight, DST starts)', () => {
    const now = sydney(10, 3, 23, 0); // Saturday 23:00 AEST
    const slots = scheduledSlots({
      hours: everyDay('10:00', '22:00'),
      nowMs: now,
      timeZone: SYDNEY,
      ttsMs: 0,
      preOrderBufferMs: 12 * HOUR,
    });
    expect(slots[0]).toBe(sydney(10, 4, 10, 0));
    expect(formatClockTime(slots[0] ?? 0, SYDNEY)).toBe('10:00 AM');
  });
});
