/**
 * An order's lines as a manager reads and refunds them: each item line with its options folded in
 * (a modifier line belongs to the last item line stored before it), what one of it cost with its
 * options, and the service charges apart. Lines sum to the order's subtotal and charges.
 */
import { isServiceCharge } from '@venue/domain/payment-summary';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { listOrderLines } from './orders.repository.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface ItemLine {
  /** the item line's id (order_items.id) */
  lineId: number;
  menuItemId: number | null;
  name: string;
  itemType: string;
  quantity: number;
  /** one of the line with its options */
  perItemMinor: number;
  /** the whole line with its options */
  priceMinor: number;
  note: string | null;
  options: Array<{ name: string; quantity: number; priceMinor: number }>;
}

export interface OrderLines {
  items: ItemLine[];
  charges: Array<{ name: string; amountMinor: number }>;
}

type StoredLine = Awaited<ReturnType<typeof listOrderLines>>[number];

/** The id of the item line a modifier line belongs to: the last item line stored before it. */
export function owningItemId(
  lines: ReadonlyArray<{ id: number; parent_item_id: number | null }>,
  modifierLineId: number,
): number | null {
  let owner: number | null = null;
  for (const line of lines) {
    if (line.id >= modifierLineId) break;
    if (line.parent_item_id === null) owner = line.id;
  }
  return owner;
}

/** One order's stored lines (in the order they were priced) as item lines and charges. */
export function foldOrderLines(stored: readonly StoredLine[]): OrderLines {
  const items: ItemLine[] = [];
  const charges: OrderLines['charges'] = [];
  let current: ItemLine | null = null;
  for (const line of stored) {
    if (isServiceCharge({ itemType: line.item_type })) {
      charges.push({ name: line.name, amountMinor: line.price_minor });
      continue;
    }
    if (line.parent_item_id === null) {
      current = {
        lineId: line.id,
        menuItemId: line.menu_item_id,
        name: line.name,
        itemType: line.item_type,
        quantity: line.quantity,
        perItemMinor: line.per_item_minor,
        priceMinor: line.price_minor,
        note: line.note,
        options: [],
      };
      items.push(current);
    } else if (current) {
      current.options.push({ name: line.name, quantity: line.quantity, priceMinor: line.price_minor });
      current.priceMinor += line.price_minor;
      // Each option's line is its quantity per item times the item's quantity (order pricing).
      current.perItemMinor = Math.round(current.priceMinor / Math.max(1, current.quantity));
    }
  }
  return { items, charges };
}

/** The lines of some orders, by order id. */
export async function readOrderLines(db: Db, orderIds: readonly number[]): Promise<Map<number, OrderLines>> {
  const stored = await listOrderLines(db, orderIds);
  const byOrder = new Map<number, StoredLine[]>();
  for (const line of stored) {
    const own = byOrder.get(line.order_id) ?? [];
    own.push(line);
    byOrder.set(line.order_id, own);
  }
  return new Map(orderIds.map((id) => [id, foldOrderLines(byOrder.get(id) ?? [])]));
}
