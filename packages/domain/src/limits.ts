/** Order limits of spec §5 and §9, named once. */

/** Spec §9: per-item count max 99. */
export const MAX_ITEM_COUNT = 99;
/** Spec §9: restricted (alcoholic) items max 6 per order. */
export const MAX_RESTRICTED_ITEMS = 6;
/** Spec §9: burden default 1 per item. */
export const DEFAULT_BURDEN = 1;

/** Why an item cannot be added: the spec names a modal for each but the per-item cap. */
export type AddRefusal = 'burden' | 'inventory' | 'restricted' | 'itemMax';

/** What the limits look at for an order. */
export interface LimitState {
  /** sum of burden × count over the order */
  orderBurden: number;
  /** count of restricted items in the order */
  restrictedCount: number;
  /** count of this menu item already in the order, over all its option choices */
  itemCountInOrder: number;
  /** count of this exact line (item and options) already in the order */
  lineCount: number;
}

/** The item being added. */
export interface LimitItem {
  burden: number;
  isRestricted: boolean;
  /** null: not counted */
  currentInventory: number | null;
}

/**
 * Whether `count` more of an item may be added (spec §5). Refused when the order's burden is at or
 * above the vendor's maximum or would exceed it, when the item's stock would be exceeded, when
 * restricted items would pass six, or when the line would pass 99.
 */
export function checkAdd(
  state: LimitState,
  item: LimitItem,
  count: number,
  maxBurdenPerOrder: number | null,
): AddRefusal | null {
  if (maxBurdenPerOrder !== null) {
    if (state.orderBurden >= maxBurdenPerOrder) return 'burden';
    if (state.orderBurden + item.burden * count > maxBurdenPerOrder) return 'burden';
  }
  if (item.currentInventory !== null && state.itemCountInOrder + count > item.currentInventory) return 'inventory';
  if (item.isRestricted && state.restrictedCount + count > MAX_RESTRICTED_ITEMS) return 'restricted';
  if (state.lineCount + count > MAX_ITEM_COUNT) return 'itemMax';
  return null;
}
