import { expect } from 'vitest';

/** "$1,234.50" or "−$3.50" to minor units. */
function minorOf(text: string): number {
  const match = /([-−]?)\$([\d,]+)\.(\d{2})/.exec(text);
  if (!match) throw new Error(`no amount in "${text}"`);
  const [, sign, whole, cents] = match;
  const minor = Number(whole!.replace(/,/g, '')) * 100 + Number(cents);
  return sign ? -minor : minor;
}

/**
 * A payment summary as the customer reads it (the <dl> holding 'Grand Total'): each line shown
 * once, and the lines above the Grand Total add up to it. Returns the lines, name → minor units.
 */
export function expectSummaryAddsUp(totals: Element): Map<string, number> {
  const rows = [...totals.querySelectorAll(':scope > div')].map((row) => ({
    name: row.querySelector('dt')?.textContent?.trim() ?? '',
    minor: minorOf(row.querySelector('dd')?.textContent ?? ''),
  }));
  const grand = rows.at(-1);
  expect(grand?.name, 'the last line is the Grand Total').toBe('Grand Total');
  const lines = rows.slice(0, -1);
  const names = lines.map((line) => line.name);
  expect(new Set(names).size, `each line once: ${names.join(', ')}`).toBe(names.length);
  expect(
    lines.reduce((sum, line) => sum + line.minor, 0),
    'the lines add up to the Grand Total',
  ).toBe(grand?.minor);
  return new Map(lines.map((line) => [line.name, line.minor]));
}
