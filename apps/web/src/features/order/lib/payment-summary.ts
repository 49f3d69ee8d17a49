/** Reading the server's payment summary for the order review (spec §3 payment summary item). */
import type { PaymentSummary, PaymentSummaryItem } from '@venue/contract/order-payment';

/** Spec §3: itemType ServiceCharge marks charges. */
export const SERVICE_CHARGE = 'ServiceCharge';

export interface ReviewRow {
  item: PaymentSummaryItem;
  /** the item's modifiers (parentItemId set), in the order the server listed them */
  modifiers: PaymentSummaryItem[];
}

export interface Review {
  rows: ReviewRow[];
  /** subtotal lines: the server's subTotals other than the charges, or one 'Subtotal' of the items when it sends none */
  subTotals: Array<{ name: string; minor: number }>;
  charges: PaymentSummaryItem[];
  totalMinor: number;
}

/** Items with their modifiers under them, the subtotal, each service charge and the grand total. */
export function reviewOf(summary: PaymentSummary): Review {
  const rows: ReviewRow[] = [];
  const charges: PaymentSummaryItem[] = [];
  let itemsMinor = 0;
  for (const line of summary.items) {
    if (line.itemType === SERVICE_CHARGE) {
      charges.push(line);
      continue;
    }
    itemsMinor += line.price.minorAmount;
    const parent = line.parentItemId === null ? undefined : rows.findLast((row) => row.item.id === line.parentItemId);
    if (parent) parent.modifiers.push(line);
    else rows.push({ item: line, modifiers: [] });
  }
  // The server lists each charge among subTotals too; charges show once, from the items.
  const chargeNames = new Set(charges.map((charge) => charge.name));
  const listed = summary.subTotals
    .filter((sub) => !chargeNames.has(sub.name))
    .map((sub) => ({ name: sub.name, minor: sub.price.minorAmount }));
  const subTotals = listed.length > 0 ? listed : [{ name: 'Subtotal', minor: itemsMinor }];
  return { rows, subTotals, charges, totalMinor: summary.total.minorAmount };
}
