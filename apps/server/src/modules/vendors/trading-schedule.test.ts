import { nextServiceTime, type OpeningHours } from '@venue/domain/opening-hours';
import { describe, expect, it } from 'vitest';
import { TradingSchedule } from './trading-schedule.ts';

const SYDNEY = 'Australia/Sydney';
const HOURS: OpeningHours = [
  { weekday: 'monday', opens: '11:00', closes: '15:00' },
  { weekday: 'friday', opens: '17:00', closes: '02:00' },
  { weekday: 'saturday', opens: '02:30', closes: '03:30' },
  { weekday: 'sunday', opens: '09:00', closes: '24:00' },
];

describe('trading schedule cache', () => {
  it('gives the same next service time as the domain rule, every 17 minutes across nine days and both daylight-saving changes', () => {
    for (const startIso of ['2026-04-01T00:00:00Z', '2026-09-29T00:00:00Z', '2026-11-20T00:00:00Z']) {
      const schedule = new TradingSchedule();
      const start = Date.parse(startIso);
      for (let t = start; t < start + 9 * 86_400_000; t += 17 * 60_000) {
        expect(schedule.nextServiceTime(1, HOURS, t, SYDNEY), new Date(t).toISOString()).toBe(
          nextServiceTime(HOURS, t, SYDNEY),
        );
      }
    }
  });

  it('notices changed hours at once', () => {
    const schedule = new TradingSchedule();
    const monday1pm = Date.parse('2026-11-23T02:00:00Z');
    expect(schedule.nextServiceTime(1, HOURS, monday1pm, SYDNEY)).toBe(monday1pm);
    const closedMonday = HOURS.filter((h) => h.weekday !== 'monday');
    expect(schedule.nextServiceTime(1, closedMonday, monday1pm, SYDNEY)).toBe(
      nextServiceTime(closedMonday, monday1pm, SYDNEY),
    );
    expect(schedule.nextServiceTime(1, [], monday1pm, SYDNEY)).toBeNull();
  });
});
