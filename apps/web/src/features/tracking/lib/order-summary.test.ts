import { describe, expect, it } from 'vitest';
import { SUMMARY } from '../test/tracking-fixtures';
import { summaryFromBasket, summaryFromPaymentSummary } from './order-summary';

const money = (minorAmount: number) => ({
  amount: minorAmount / 100,
  minorAmount,
  currencySymbol: '$',
  currencyCode: 'AUD',
});

describe('order summary', () => {
  it('puts modifiers under their item and service charges after the sub totals', () => {
    expect(summaryFromPaymentSummary(SUMMARY)).toEqual({
      rows: [
        {
          name: 'Cheeseburger',
          quantity: 2,
          priceMinor: 2500,
          modifiers: [{ name: 'Extra cheese', quantity: 2, priceMinor: 200 }],
        },
      ],
      extras: [
        { name: 'Subtotal', quantity: 1, priceMinor: 2700 },
        { name: 'Card surcharge', quantity: 1, priceMinor: 41 },
      ],
      totalMinor: 2741,
    });
  });

  it('shows the total the server charges when a coupon changed it', () => {
    expect(summaryFromPaymentSummary(SUMMARY, 1000).totalMinor).toBe(1000);
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
