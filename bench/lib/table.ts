/** A plain-text table with right-aligned numeric-looking cells. */
export function formatTable(columns: string[], rows: string[][]): string {
  const widths = columns.map((column, index) =>
    Math.max(column.length, ...rows.map((row) => (row[index] ?? '').length)),
  );
  const numeric = /^[\d.,\s×%x≥≤-]+(ms|KiB|B)?$/;
  const line = (cells: string[]) =>
    cells
      .map((cell, index) => {
        const width = widths[index] ?? cell.length;
        return index > 0 && numeric.test(cell) ? cell.padStart(width) : cell.padEnd(width);
      })
      .join('  ')
      .trimEnd();
  return [line(columns), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(line)].join('\n');
}

export const formatInteger = (value: number): string => Math.round(value).toLocaleString('en-AU');
export const formatMs = (value: number): string => `${value.toFixed(value < 10 ? 1 : 0)} ms`;
export const formatKiB = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KiB`;
