/**
 * CSV as spreadsheets open it (RFC 4180): fields quoted when they hold a comma, a quote or a line
 * break, CRLF between rows, a UTF-8 byte-order mark so Excel reads accents right. A text field
 * that starts like a formula (=, +, -, @, tab, CR) gets a leading apostrophe, so a customer's name
 * can never run as a formula in the accountant's spreadsheet; numbers are written as numbers.
 */
export type CsvValue = string | number | null;

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvField(value: CsvValue): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: ReadonlyArray<readonly CsvValue[]>): string {
  const lines = [header.map(csvField).join(','), ...rows.map((row) => row.map(csvField).join(','))];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** Minor units as a plain decimal number a spreadsheet sums ("12.5" → 12.50). */
export function csvMoney(minor: number): number {
  return Math.round(minor) / 100;
}
