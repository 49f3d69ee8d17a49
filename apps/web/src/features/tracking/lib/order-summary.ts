/** The read-only order summary of the alert screen when only the basket is known (else the domain's summaryView). */
import { basketTotal } from '@venue/domain/basket';
import { SUBTOTAL_NAME, type SummaryView } from '@venue/domain/payment-summary';

/** When the basket's sum and the amount charged differ: the service charges and coupon the server applied. */
export const OTHER_CHARGES_NAME = 'Charges and discounts';

/** A basket entry as the order state keeps it (spec §3 userOrder). */
interface BasketEntryLike {
  name: string;
  count: number;
  price: { minorAmount: number };
  modifiers: ReadonlyArray<{ name: string; count: number; price: { minorAmount: number } }>;
}

/**
 * The summary of a basket (userOrder or lastOrder): each entry with its options, their subtotal and
 * the amount charged. The basket knows nothing of charges or coupons, so what the server added or
 * took off shows as one line: the lines still add up to the total shown.
 */
export function summaryFromBasket(
  userOrder: Record<string, Record<string, BasketEntryLike>>,
  totalMinor?: number | null,
): SummaryView {
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
  const total = totalMinor ?? computed;
  const lines: SummaryView['lines'] = [{ kind: 'subtotal', name: SUBTOTAL_NAME, minor: computed }];
  if (total !== computed) lines.push({ kind: 'charge', name: OTHER_CHARGES_NAME, minor: total - computed });
  return { rows, lines, totalMinor: total };
}
