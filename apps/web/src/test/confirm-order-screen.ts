import { vi } from 'vitest';
import type { PaymentSummary } from '@venue/contract/order-payment';
import { fakeFetch, makeMenu, makeVendor, money } from './fixtures';
import { stateWith } from './render-app';

/** The confirm-order screen's tests (app/routes/confirm-order.test.tsx): the store, the server's price and a saved basket. */

export const vendor = makeVendor({ id: 1, storeName: 'Grill & Bun', phoneNumber: '(02) 9000 2345' });

/** What the server answers for a burger with a side salad and aioli plus two fries. */
export const summary: PaymentSummary = {
  items: [
    {
      id: 11,
      parentItemId: null,
      name: 'Burger',
      quantity: 1,
      perItemPrice: money(1650),
      price: money(1650),
      itemType: 'Burgers',
    },
    {
      id: 102,
      parentItemId: 11,
      name: 'Side salad',
      quantity: 1,
      perItemPrice: money(150),
      price: money(150),
      itemType: 'Burgers',
    },
    {
      id: 12,
      parentItemId: null,
      name: 'Fries',
      quantity: 2,
      perItemPrice: money(700),
      price: money(1400),
      itemType: 'Sides',
    },
    {
      id: null,
      parentItemId: null,
      name: 'Service fee',
      quantity: 1,
      perItemPrice: money(50),
      price: money(50),
      itemType: 'ServiceCharge',
    },
  ],
  subTotals: [
    { name: 'Subtotal', price: money(3200) },
    { name: 'Service fee', price: money(50) },
  ],
  total: money(3250),
};

export function serve(answer: () => Response = () => Response.json({ paymentSummary: summary })) {
  const routes = fakeFetch({
    '/time': { now: '', epochMs: 0 },
    '/venue/0/vendors': [vendor],
    '/vendor/1/current-menu': makeMenu(),
  });
  const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) =>
    String(input).endsWith('/calculate-order-payment') ? answer() : routes(input),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export const saved = () =>
  stateWith((state) => {
    const menu = makeMenu();
    const base = (name: string) => {
      const { id, price, itemType, burden, isRestricted } = menu.items.find((i) => i.name === name)!;
      return { id, name, price, itemType, burden, isRestricted };
    };
    state.order.vendorId = 1;
    state.order.vendorConfirmed = true;
    state.order.orderConfiguration.selectedServiceMode = 'TakeAway';
    state.order.userOrder = {
      Burger: {
        '102': {
          ...base('Burger'),
          count: 1,
          modifiers: [{ id: 102, name: 'Side salad', price: money(150), groupId: 1, count: 1 }],
        },
      },
      Fries: { '': { ...base('Fries'), count: 2, modifiers: [] } },
    };
    state.order.orderBurden = 3;
  });
