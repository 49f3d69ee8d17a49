/**
 * Reading a payment summary (spec §3 payment summary item) for every screen and receipt that
 * shows one. The summary's items hold the goods, their modifiers, the service charges and any
 * coupon discount; its subTotals repeat the charges, so showing both lists a charge twice. The
 * lines shown here come from the items alone: each once, and they add up to the total.
 */

/** Spec §3: itemType ServiceCharge marks charges. */
export const SERVICE_CHARGE_ITEM_TYPE = 'ServiceCharge';
/** A coupon's discount, a negative line of the summary. */
export const DISCOUNT_ITEM_TYPE = 'Discount';
/** The name of the line that sums the goods. */
export const SUBTOTAL_NAME = 'Subtotal';

/** A payment summary item as the API shows it (only the fields read here). */
export interface SummaryItemInput {
  id: number | null;
  parentItemId: number | null;
  name: string;
  quantity: number;
  price: { minorAmount: number };
  itemType: string;
}
export interface SummaryInput {
  items: readonly SummaryItemInput[];
  total: { minorAmount: number };
}

export interface SummaryLine {
  name: string;
  quantity: number;
  priceMinor: number;
}
/** An item with its modifiers under it. */
export interface SummaryRow extends SummaryLine {
  modifiers: SummaryLine[];
}
export type TotalLineKind = 'subtotal' | 'charge' | 'discount';
/** A line between the items and the grand total: the subtotal, a service charge or a discount. */
export interface TotalLine {
  kind: TotalLineKind;
  name: string;
  minor: number;
}
export interface SummaryView {
  rows: SummaryRow[];
  /** subtotal, then each service charge, then each discount: each once */
  lines: TotalLine[];
  totalMinor: number;
}

/** Whether a summary item is a service charge. */
export function isServiceCharge(item: Pick<SummaryItemInput, 'itemType'>): boolean {
  return item.itemType === SERVICE_CHARGE_ITEM_TYPE;
}

/** Whether a summary item is a coupon's discount. */
export function isDiscount(item: Pick<SummaryItemInput, 'itemType'>): boolean {
  return item.itemType === DISCOUNT_ITEM_TYPE;
}

/** The items with their modifiers, the subtotal of the goods, each charge and discount once, and the total. */
export function summaryView(summary: SummaryInput): SummaryView {
  const rows: SummaryRow[] = [];
  const byId = new Map<number, SummaryRow>();
  const charges: TotalLine[] = [];
  const discounts: TotalLine[] = [];
  let goodsMinor = 0;
  for (const item of summary.items) {
    const line = { name: item.name, quantity: item.quantity, priceMinor: item.price.minorAmount };
    if (isServiceCharge(item)) {
      charges.push({ kind: 'charge', name: item.name, minor: item.price.minorAmount });
      continue;
    }
    if (isDiscount(item)) {
      discounts.push({ kind: 'discount', name: item.name, minor: item.price.minorAmount });
      continue;
    }
    goodsMinor += item.price.minorAmount;
    const parent = item.parentItemId === null ? undefined : byId.get(item.parentItemId);
    if (parent) {
      parent.modifiers.push(line);
      continue;
    }
    const row = { ...line, modifiers: [] };
    rows.push(row);
    if (item.id !== null) byId.set(item.id, row);
  }
  return {
    rows,
    lines: [{ kind: 'subtotal', name: SUBTOTAL_NAME, minor: goodsMinor }, ...charges, ...discounts],
    totalMinor: summary.total.minorAmount,
  };
}

/** The sum of the lines shown above the total. */
export function linesMinor(lines: readonly TotalLine[]): number {
  return lines.reduce((sum, line) => sum + line.minor, 0);
}

/** Whether the lines shown add up to the total shown. */
export function addsUp(view: SummaryView): boolean {
  return linesMinor(view.lines) === view.totalMinor;
}

/** The discount lines of a summary, and the total before them (what the order cost without its coupon). */
export function discountsOf(view: SummaryView): { discounts: TotalLine[]; beforeMinor: number } {
  const discounts = view.lines.filter((line) => line.kind === 'discount');
  return { discounts, beforeMinor: view.totalMinor - linesMinor(discounts) };
}
