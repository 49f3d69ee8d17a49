import { describe, expect, it } from 'vitest';
import { SUMMARY } from '../test/tracking-fixtures';
import { addsUp, summaryView } from '@venue/domain/payment-summary';
import { summaryFromBasket } from './order-summary';

const money = (minorAmount: number) => ({
  amount: minorAmount / 100,
  minorAmount,
  currencySymbol: '$',
  currencyCode: 'AUD',
});

describe('order summary', () => {
  it('puts modifiers under their item and each service charge once, after the subtotal', () => {
    expect(summaryView(SUMMARY)).toEqual({
      rows: [
        {
          name: 'Cheeseburger',
          quantity: 2,
          priceMinor: 2500,
          modifiers: [{ name: 'Extra cheese', quantity: 2, priceMinor: 200 }],
        },
      ],
      lines: [
        { kind: 'subtotal', name: 'Subtotal', minor: 2700 },
        { kind: 'charge', name: 'Card surcharge', minor: 41 },
      ],
      totalMinor: 2741,
    });
  });

  it('shows a coupon as its own line, and the lines add up to the total charged', () => {
    const withCoupon = {
      items: [
        ...SUMMARY.items,
        {
          ...SUMMARY.items[2]!,
          name: 'Coupon FIVEOFF',
          price: money(-500),
          perItemPrice: money(-500),
          itemType: 'Discount',
        },
      ],
      total: money(2241),
    };
    const view = summaryView(withCoupon);
    expect(view.lines.at(-1)).toEqual({ kind: 'discount', name: 'Coupon FIVEOFF', minor: -500 });
    expect(addsUp(view)).toBe(true);
  });

  it('a basket charged more than its sum shows the difference as one line, so the lines add up', () => {
    const view = summaryFromBasket({ Cola: { '': { name: 'Cola', count: 1, price: money(450), modifiers: [] } } }, 500);
    expect(view.lines).toEqual([
      { kind: 'subtotal', name: 'Subtotal', minor: 450 },
      { kind: 'charge', name: 'Charges and discounts', minor: 50 },
    ]);
    expect(addsUp(view)).toBe(true);
  });

  it('sums a basket: price × count plus each option × count', () => {
    const summary = summaryFromBasket({
      Cheeseburger: {
        cheese: {
          name: 'Cheeseburger',
          count: 2,
          price: money(1250),
          modifiers: [{ name: 'Extra cheese', count: 1, price: money(100) }],
        },
      },
      Cola: { '': { name: 'Cola', count: 1, price: money(450), modifiers: [] } },
    });
    expect(summary.rows).toEqual([
      {
        name: 'Cheeseburger',
        quantity: 2,
        priceMinor: 2500,
        modifiers: [{ name: 'Extra cheese', quantity: 2, priceMinor: 200 }],
      },
      { name: 'Cola', quantity: 1, priceMinor: 450, modifiers: [] },
    ]);
    expect(summary.totalMinor).toBe(3150);
  });
});
