import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { checkAdd, DEFAULT_BURDEN, type AddRefusal } from '@venue/domain/limits';
import { optionKey } from '@venue/domain/modifier-selection';
import { limitStateFor, reduceToStock, type BasketItemInfo, type BasketModifier } from '../lib/basket';
import { itemAdded, linesChanged, type OrderState } from './order-slice';

export interface AddToBasketRequest {
  item: Omit<BasketItemInfo, 'burden'> & { burden?: number | null; currentInventory: number | null };
  modifiers: BasketModifier[];
  /** the vendor's maxBurdenPerOrder; null: no limit */
  maxBurdenPerOrder: number | null;
}

/** What happened: added, or refused for a limit (spec §5); an inventory refusal names the items cut to stock. */
export type AddToBasketResult =
  | { added: true }
  | { added: false; refusal: Exclude<AddRefusal, 'inventory'> }
  | { added: false; refusal: 'inventory'; soldOut: string[] };

/**
 * One more of an item with the chosen options, if every limit allows it. Over the stock, the item is
 * cut back to what is left (spec §5 'We've sold out!'); the caller shows the refusal's modal.
 */
export function addToBasket(
  request: AddToBasketRequest,
): ThunkAction<AddToBasketResult, { order: OrderState }, unknown, UnknownAction> {
  return (dispatch, getState) => {
    const { item, modifiers, maxBurdenPerOrder } = request;
    const key = optionKey(modifiers.map((modifier) => modifier.id));
    const burden = item.burden ?? DEFAULT_BURDEN;
    const { userOrder } = getState().order;
    const refusal = checkAdd(
      limitStateFor(userOrder, item.name, key),
      { burden, isRestricted: item.isRestricted, currentInventory: item.currentInventory },
      1,
      maxBurdenPerOrder,
    );
    if (refusal === 'inventory') {
      const changes = reduceToStock(userOrder, item.name, item.currentInventory ?? 0);
      if (changes.length > 0) dispatch(linesChanged(changes));
      return { added: false, refusal, soldOut: [item.name] };
    }
    if (refusal) return { added: false, refusal };
    dispatch(
      itemAdded({
        item: {
          id: item.id,
          name: item.name,
          price: item.price,
          itemType: item.itemType,
          burden,
          isRestricted: item.isRestricted,
        },
        modifiers,
        key,
      }),
    );
    return { added: true };
  };
}
