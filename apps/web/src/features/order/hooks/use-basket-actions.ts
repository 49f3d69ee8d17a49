import { useCallback, useMemo, useState } from 'react';
import { useDispatch } from 'react-redux';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { MenuItem, Modifier } from '@venue/contract/menu';
import { MAX_ITEM_COUNT } from '@venue/domain/limits';
import type { LimitNotice } from '../components/limit-modals';
import { linesOf, type BasketEntry, type BasketModifier, type UserOrder } from '../lib/basket';
import { addToBasket, type AddToBasketResult } from '../store/add-to-basket';
import { itemRemoved, type OrderState } from '../store/order-slice';

/** What the basket holds of an item, as the menu shows it (features/menu's ItemInBasket). */
function itemInBasket(entries: BasketEntry[]) {
  const only = entries.length === 1 ? entries[0] : undefined;
  return {
    count: entries.reduce((sum, entry) => sum + entry.count, 0),
    // a choice of several opens the options modal, where the line's own limit applies
    canIncrease: !only || only.count < MAX_ITEM_COUNT,
    choices: entries.map(
      (entry) =>
        `${entry.count} × ${entry.modifiers.length > 0 ? entry.modifiers.map((m) => m.name).join(', ') : 'No options'}`,
    ),
  };
}

/** What the basket holds of each item, by item name. */
function itemsInBasket(userOrder: UserOrder): ReadonlyMap<string, ReturnType<typeof itemInBasket>> {
  return new Map(Object.entries(userOrder).map(([name, lines]) => [name, itemInBasket(Object.values(lines))]));
}

function toBasketModifier(modifier: Modifier): BasketModifier {
  return { id: modifier.id, name: modifier.name, price: modifier.price, groupId: modifier.groupId, count: 1 };
}

export interface BasketActionsOptions {
  userOrder: UserOrder;
  /** the vendor's maxBurdenPerOrder; null: no limit */
  maxBurdenPerOrder: number | null;
  /** items with option groups to choose from */
  hasOptions: (item: MenuItem) => boolean;
  /** opens the options modal for an item */
  chooseOptions: (item: MenuItem) => void;
}

/** The menu's counters on the basket: '+', '−', adding with options, and the limit a refused add hit (spec §5). */
export function useBasketActions({ userOrder, maxBurdenPerOrder, hasOptions, chooseOptions }: BasketActionsOptions) {
  const dispatch = useDispatch<ThunkDispatch<{ order: OrderState }, unknown, UnknownAction>>();
  const [notice, setNotice] = useState<LimitNotice | null>(null);
  const basket = useMemo(() => itemsInBasket(userOrder), [userOrder]);

  const showResult = (result: AddToBasketResult) => {
    if (result.added) return;
    if (result.refusal === 'inventory') setNotice({ kind: 'soldOut', items: result.soldOut });
    else if (result.refusal === 'burden') setNotice({ kind: 'burden' });
    else if (result.refusal === 'restricted') setNotice({ kind: 'restricted' });
  };

  const add = (item: MenuItem, modifiers: Modifier[]) =>
    showResult(dispatch(addToBasket({ item, modifiers: modifiers.map(toBasketModifier), maxBurdenPerOrder })));

  // '+' repeats an item's only choice; with no choice yet, or several, the options modal asks.
  const onIncrease = (item: MenuItem) => {
    const lines = linesOf(userOrder, item.name);
    const only = lines.length === 1 ? lines[0] : undefined;
    if (hasOptions(item) && !only) chooseOptions(item);
    else showResult(dispatch(addToBasket({ item, modifiers: only?.entry.modifiers ?? [], maxBurdenPerOrder })));
  };
  const onDecrease = (item: MenuItem) => {
    const last = linesOf(userOrder, item.name).at(-1);
    if (last) dispatch(itemRemoved({ name: item.name, key: last.key }));
  };
  const closeNotice = useCallback(() => setNotice(null), []);

  return { basket, add, onIncrease, onDecrease, notice, closeNotice };
}
