/** The read-only order summary of the alert screen, from the priced order or, failing that, the basket. */
import type { PaymentSummary } from '@venue/contract/order-payment';
import { basketTotal } from '@venue/domain/basket';

export interface SummaryLine {
  name: string;
  quantity: number;
  priceMinor: number;
}

export interface SummaryRow extends SummaryLine {
  modifiers: SummaryLine[];
}

export interface OrderSummaryView {
  rows: SummaryRow[];
  /** sub totals and service charges, in order */
  extras: SummaryLine[];
  totalMinor: number;
}

/** Spec §3: items of type ServiceCharge are charges, items with parentItemId are modifiers of an item. */
const SERVICE_CHARGE = 'ServiceCharge';

/** The summary of a payment summary as the server priced the order. */
export function summaryFromPaymentSummary(summary: PaymentSummary, totalMinor?: number | null): OrderSummaryView {
  const rows: SummaryRow[] = [];
  const byId = new Map<number, SummaryRow>();
  const charges: SummaryLine[] = [];
  for (const item of summary.items) {
    const line = { name: item.name, quantity: item.quantity, priceMinor: item.price.minorAmount };
    if (item.itemType === SERVICE_CHARGE) {
      charges.push(line);
    } else if (item.parentItemId !== null && byId.has(item.parentItemId)) {
      byId.get(item.parentItemId)?.modifiers.push(line);
    } else {
      const row = { ...line, modifiers: [] };
      rows.push(row);
      if (item.id !== null) byId.set(item.id, row);
    }
  }
  const subTotals = summary.subTotals.map((sub) => ({
    name: sub.name,
    quantity: 1,
    priceMinor: sub.price.minorAmount,
  }));
  return { rows, extras: [...subTotals, ...charges], totalMinor: totalMinor ?? summary.total.minorAmount };
}

/** A basket entry as the order state keeps it (spec §3 userOrder). */
interface BasketEntryLike {
  name: string;
  count: number;
  price: { minorAmount: number };
  modifiers: ReadonlyArray<{ name: string; count: number; price: { minorAmount: number } }>;
}

/** The summary of a basket (userOrder or lastOrder): each entry with its options, and the basket total. */
export function summaryFromBasket(
  userOrder: Record<string, Record<string, BasketEntryLike>>,
  totalMinor?: number | null,
): OrderSummaryView {
  const entries = Object.values(userOrder).flatMap((lines) => Object.values(lines));
  const rows = entries.map((entry) => ({
    name: entry.name,
    quantity: entry.count,
    priceMinor: entry.price.minorAmount * entry.count,
    modifiers: entry.modifiers.map((modifier) => ({
      name: modifier.name,
      quantity: modifier.count * entry.count,
      priceMinor: modifier.price.minorAmount * modifier.count * entry.count,
    })),
  }));
  const computed = basketTotal(
    entries.map((entry) => ({
      count: entry.count,
      priceMinor: entry.price.minorAmount,
      modifiers: entry.modifiers.map((modifier) => ({ priceMinor: modifier.price.minorAmount, count: modifier.count })),
    })),
  );
  return { rows, extras: [], totalMinor: totalMinor ?? computed };
}
