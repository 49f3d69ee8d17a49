import { describe, expect, it } from 'vitest';
import { configureStore } from '@reduxjs/toolkit';
import { makeMenu, money } from '../../../test/fixtures';
import { addToBasket } from './add-to-basket';
import {
  initialOrderState,
  itemAdded,
  itemRemoved,
  lastOrderSaved,
  orderCleared,
  orderReset,
  orderSessionRestarted,
  orderSlice,
  pickedTimeSet,
  reordered,
  serviceModeSelected,
  storeConfirmed,
  vendorChosen,
  type OrderState,
} from './order-slice';
import type { BasketModifier } from '../lib/basket';

const menu = makeMenu();
const item = (name: string) => menu.items.find((i) => i.name === name)!;
const info = (name: string) => {
  const { id, price, itemType, burden, isRestricted } = item(name);
  return { id, name, price, itemType, burden, isRestricted };
};
const chips: BasketModifier = { id: 101, name: 'Chips', price: money(0), groupId: 1, count: 1 };
const sideSalad: BasketModifier = { id: 102, name: 'Side salad', price: money(150), groupId: 1, count: 1 };
const aioli: BasketModifier = { id: 303, name: 'Aioli', price: money(50), groupId: 3, count: 1 };

function makeStore(order: Partial<OrderState> = {}) {
  return configureStore({
    reducer: { order: orderSlice.reducer },
    preloadedState: { order: { ...initialOrderState, ...order } },
  });
}

/** Adds through the limits, as the menu's plus and 'Add to Order' do. */
function add(
  store: ReturnType<typeof makeStore>,
  name: string,
  modifiers: BasketModifier[] = [],
  maxBurdenPerOrder: number | null = null,
) {
  const { currentInventory } = item(name);
  return store.dispatch(addToBasket({ item: { ...info(name), currentInventory }, modifiers, maxBurdenPerOrder }));
}

describe('order slice: the basket (spec §3 userOrder)', () => {
  it('keys entries by item name, then by option key (sorted modifier ids)', () => {
    const store = makeStore();
    add(store, 'Burger', [aioli, chips]);
    add(store, 'Burger', [chips, aioli]);
    add(store, 'Burger', [sideSalad]);
    add(store, 'Fries');
    const { userOrder } = store.getState().order;
    expect(Object.keys(userOrder)).toEqual(['Burger', 'Fries']);
    expect(Object.keys(userOrder.Burger!).sort()).toEqual(['101,303', '102']);
    expect(userOrder.Burger!['101,303']).toMatchObject({ id: 11, name: 'Burger', count: 2, itemType: 'Burgers' });
    expect(userOrder.Burger!['101,303']!.modifiers.map((m) => m.name)).toEqual(['Aioli', 'Chips']);
    expect(userOrder.Fries!['']).toMatchObject({ id: 12, count: 1, burden: 1, isRestricted: false, modifiers: [] });
  });

  it('keeps orderBurden at the sum of burden × count as items come and go', () => {
    const store = makeStore();
    add(store, 'Family Pack');
    add(store, 'Fries');
    add(store, 'Fries');
    expect(store.getState().order.orderBurden).toBe(8 + 2);
    store.dispatch(itemRemoved({ name: 'Fries', key: '' }));
    expect(store.getState().order.orderBurden).toBe(9);
    store.dispatch(itemRemoved({ name: 'Family Pack', key: '' }));
    expect(store.getState().order.orderBurden).toBe(1);
  });

  it('removes a line at zero and the item when its last line goes', () => {
    const store = makeStore();
    add(store, 'Burger', [chips]);
    add(store, 'Burger', [sideSalad]);
    store.dispatch(itemRemoved({ name: 'Burger', key: '101' }));
    expect(Object.keys(store.getState().order.userOrder.Burger!)).toEqual(['102']);
    store.dispatch(itemRemoved({ name: 'Burger', key: '102' }));
    expect(store.getState().order.userOrder).toEqual({});
    // removing what is not there changes nothing
    store.dispatch(itemRemoved({ name: 'Burger', key: '102' }));
    expect(store.getState().order.userOrder).toEqual({});
  });

  it('starts the order session with the first item and keeps that start time', () => {
    const store = makeStore();
    add(store, 'Fries');
    const start = store.getState().order.orderSessionStartTime;
    expect(start).toBeTypeOf('number');
    store.dispatch(itemAdded({ item: info('Fries'), modifiers: [], key: '' }));
    expect(store.getState().order.orderSessionStartTime).toBe(start);
  });
});

describe('order slice: limits (spec §5, §9)', () => {
  it("refuses past the vendor's maxBurdenPerOrder, and at it", () => {
    const store = makeStore();
    expect(add(store, 'Family Pack', [], 10)).toEqual({ added: true });
    expect(add(store, 'Family Pack', [], 10)).toEqual({ added: false, refusal: 'burden' });
    expect(add(store, 'Fries', [], 10)).toEqual({ added: true });
    expect(add(store, 'Fries', [], 10)).toEqual({ added: true });
    expect(add(store, 'Fries', [], 10)).toEqual({ added: false, refusal: 'burden' });
    expect(store.getState().order.orderBurden).toBe(10);
  });

  it('refuses the seventh restricted drink', () => {
    const store = makeStore();
    for (let i = 0; i < 6; i += 1) expect(add(store, 'Lager').added).toBe(true);
    expect(add(store, 'Lager')).toEqual({ added: false, refusal: 'restricted' });
    expect(add(store, 'Fries').added).toBe(true);
    expect(store.getState().order.userOrder.Lager!['']!.count).toBe(6);
  });

  it('refuses beyond the stock and cuts a basket that holds more than the stock down to it', () => {
    const store = makeStore();
    add(store, 'Salad');
    add(store, 'Salad');
    expect(add(store, 'Salad')).toEqual({ added: false, refusal: 'inventory', soldOut: ['Salad'] });
    expect(store.getState().order.userOrder.Salad!['']!.count).toBe(2);

    // The stock fell to 1 while 2 were in the basket: the next add cuts the basket to 1.
    const result = store.dispatch(
      addToBasket({ item: { ...info('Salad'), currentInventory: 1 }, modifiers: [], maxBurdenPerOrder: null }),
    );
    expect(result).toEqual({ added: false, refusal: 'inventory', soldOut: ['Salad'] });
    expect(store.getState().order.userOrder.Salad!['']!.count).toBe(1);
    expect(store.getState().order.orderBurden).toBe(1);
  });

  it('stops a line at 99', () => {
    const store = makeStore();
    for (let i = 0; i < 99; i += 1) add(store, 'Fries');
    expect(add(store, 'Fries')).toEqual({ added: false, refusal: 'itemMax' });
    expect(store.getState().order.userOrder.Fries!['']!.count).toBe(99);
  });
});

describe('order slice: sessions (spec §4)', () => {
  const withBasket = () => {
    const store = makeStore({
      orderConfiguration: { defaultOrderServiceMode: 'NotSpecified', selectedServiceMode: 'TakeAway' },
    });
    store.dispatch(pickedTimeSet('2026-11-22T08:00:00.000Z'));
    store.dispatch(vendorChosen({ vendorId: 2 }));
    store.dispatch(storeConfirmed());
    add(store, 'Fries');
    return store;
  };

  it('choosing the same vendor keeps the order', () => {
    const store = withBasket();
    store.dispatch(vendorChosen({ vendorId: 2 }));
    expect(store.getState().order).toMatchObject({ vendorId: 2, vendorConfirmed: true, orderBurden: 1 });
  });

  it('choosing another vendor with items changes nothing (the app asks first)', () => {
    const store = withBasket();
    const before = store.getState().order;
    store.dispatch(vendorChosen({ vendorId: 3 }));
    expect(store.getState().order).toBe(before);
  });

  it('another vendor with an empty basket resets the session silently, keeping service mode and time', () => {
    const store = withBasket();
    store.dispatch(itemRemoved({ name: 'Fries', key: '' }));
    store.dispatch(vendorChosen({ vendorId: 3 }));
    const order = store.getState().order;
    expect(order).toMatchObject({ vendorId: 3, vendorConfirmed: false, userOrder: {}, orderBurden: 0 });
    expect(order.orderConfiguration.selectedServiceMode).toBe('TakeAway');
    expect(order.pickedTime).toBe('2026-11-22T08:00:00.000Z');
    expect(order.orderSessionStartTime).toBeTypeOf('number');
  });

  it("'Start New Order Session' empties the basket and moves the order to the new vendor", () => {
    const store = withBasket();
    store.dispatch(orderSessionRestarted({ vendorId: 3 }));
    expect(store.getState().order).toMatchObject({
      vendorId: 3,
      vendorConfirmed: false,
      userOrder: {},
      orderBurden: 0,
    });
  });

  it("'Start Again' resets everything but the last order; a reorder failure clears that too", () => {
    const store = withBasket();
    store.dispatch(lastOrderSaved());
    store.dispatch(serviceModeSelected('HomeDelivery'));
    store.dispatch(orderReset());
    const order = store.getState().order;
    expect(order).toEqual({ ...initialOrderState, lastOrder: { vendorId: 2, userOrder: expect.any(Object) } });
    expect(Object.keys(order.lastOrder!.userOrder)).toEqual(['Fries']);
    store.dispatch(orderCleared());
    expect(store.getState().order).toEqual(initialOrderState);
  });

  it('a reorder becomes the order, confirmed at its store, with its burden', () => {
    const store = withBasket();
    store.dispatch(
      reordered({
        vendorId: 1,
        userOrder: { 'Family Pack': { '': { ...info('Family Pack'), count: 2, modifiers: [] } } },
      }),
    );
    expect(store.getState().order).toMatchObject({ vendorId: 1, vendorConfirmed: true, orderBurden: 16 });
    expect(Object.keys(store.getState().order.userOrder)).toEqual(['Family Pack']);
  });
});
