import { describe, expect, it } from 'vitest';
import { AdminOrdersQuery, RefundRequest, VenueDay } from './admin-orders.ts';

describe('VenueDay', () => {
  it('takes a real YYYY-MM-DD day, and says once what is wrong with anything else', () => {
    expect(VenueDay.safeParse('2026-11-27').success).toBe(true);
    const cases: Array<[string, string]> = [
      ['yesterday', 'a day is written YYYY-MM-DD'],
      ['27-11-2026', 'a day is written YYYY-MM-DD'],
      ['2026-02-30', 'a day is written YYYY-MM-DD (a real date)'],
    ];
    for (const [text, message] of cases) {
      const parsed = VenueDay.safeParse(text);
      expect(
        parsed.error?.issues.map((issue) => issue.message),
        text,
      ).toEqual([message]);
    }
  });

  it('names each wrong day of a search once', () => {
    const parsed = AdminOrdersQuery.safeParse({ from: 'today', to: '2026-11-27' });
    expect(parsed.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)).toEqual([
      'from: a day is written YYYY-MM-DD',
    ]);
  });
});

describe('RefundRequest', () => {
  it('asks for a reason in words when none is sent', () => {
    for (const body of [{ amountMinor: 100 }, { amountMinor: 100, reason: '  ' }]) {
      const parsed = RefundRequest.safeParse(body);
      expect(parsed.error?.issues.map((issue) => issue.message)).toEqual(['Please give a reason for the refund.']);
    }
  });
});
