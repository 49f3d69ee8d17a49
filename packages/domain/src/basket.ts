/** Basket totals (spec §5: basket total = sum of price × count plus modifier price × count). */

/** A basket line as the total reads it: the item's price, how many, and the options chosen for each one. */
export interface TotalLine {
  /** how many of the item (with these options) */
  count: number;
  /** the item's own price in minor units */
  priceMinor: number;
  /** options chosen for each unit: price in minor units, and how many of the option per unit (usually 1) */
  modifiers: ReadonlyArray<{ priceMinor: number; count: number }>;
}

/** What one line costs: count × (item price + each option's price × its count per unit). */
export function lineTotal(line: TotalLine): number {
  const perUnit = line.modifiers.reduce((sum, modifier) => sum + modifier.priceMinor * modifier.count, line.priceMinor);
  return line.count * perUnit;
}

/** The basket total in minor units. */
export function basketTotal(lines: Iterable<TotalLine>): number {
  let total = 0;
  for (const line of lines) total += lineTotal(line);
  return total;
}

/** How many items the basket holds (options are not counted separately). */
export function basketItemCount(lines: Iterable<{ count: number }>): number {
  let count = 0;
  for (const line of lines) count += line.count;
  return count;
}
