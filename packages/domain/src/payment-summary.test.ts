import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addsUp, discountsOf, linesMinor, summaryView, type SummaryItemInput } from './payment-summary.ts';

const money = (minorAmount: number) => ({ minorAmount });
const item = (id: number, name: string, minor: number, quantity = 1): SummaryItemInput => ({
  id,
  parentItemId: null,
  name,
  quantity,
  price: money(minor),
  itemType: 'Burgers',
});
const modifier = (id: number, parent: number, name: string, minor: number): SummaryItemInput => ({
  id,
  parentItemId: parent,
  name,
  quantity: 1,
  price: money(minor),
  itemType: 'Burgers',
});
const charge = (name: string, minor: number): SummaryItemInput => ({
  id: null,
  parentItemId: null,
  name,
  quantity: 1,
  price: money(minor),
  itemType: 'ServiceCharge',
});
const discount = (name: string, minor: number): SummaryItemInput => ({
  id: null,
  parentItemId: null,
  name,
  quantity: 1,
  price: money(minor),
  itemType: 'Discount',
});

describe('summaryView', () => {
  it('lists a service charge once, although the server repeats it among its subTotals', () => {
    // Grill & Bun: two burgers with an option, a $0.50 service fee, $35.00 in all.
    const summary = {
      items: [item(21, 'Classic Burger', 3000, 2), modifier(301, 21, 'Extra cheese', 450), charge('Service fee', 50)],
      subTotals: [
        { name: 'Subtotal', price: money(3450) },
        { name: 'Service fee', price: money(50) },
      ],
      total: money(3500),
    };
    const view = summaryView(summary);
    expect(view.lines).toEqual([
      { kind: 'subtotal', name: 'Subtotal', minor: 3450 },
      { kind: 'charge', name: 'Service fee', minor: 50 },
    ]);
    expect(view.lines.filter((line) => line.name === 'Service fee')).toHaveLength(1);
    expect(view.totalMinor).toBe(3500);
    expect(addsUp(view)).toBe(true);
  });

  it('puts modifiers under their item', () => {
    const view = summaryView({
      items: [item(1, 'A', 500), modifier(10, 1, 'a1', 100), item(2, 'B', 700), modifier(11, 2, 'b1', 0)],
      total: money(1300),
    });
    expect(view.rows.map((row) => [row.name, row.modifiers.map((m) => m.name)])).toEqual([
      ['A', ['a1']],
      ['B', ['b1']],
    ]);
  });

  it('shows a coupon as its own negative line after the charges, and the total before it', () => {
    const view = summaryView({
      items: [item(1, 'Pizza', 3450), charge('Service charge', 52), discount('Coupon WELCOME10', -350)],
      total: money(3152),
    });
    expect(view.lines.map((line) => [line.kind, line.name, line.minor])).toEqual([
      ['subtotal', 'Subtotal', 3450],
      ['charge', 'Service charge', 52],
      ['discount', 'Coupon WELCOME10', -350],
    ]);
    expect(addsUp(view)).toBe(true);
    const { discounts, beforeMinor } = discountsOf(view);
    expect(discounts).toHaveLength(1);
    expect(beforeMinor).toBe(3502);
  });

  it('the lines add up to the total for any summary the server prices', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ price: fc.nat(100_000), mods: fc.array(fc.nat(5_000), { maxLength: 3 }) }), {
          minLength: 1,
          maxLength: 8,
        }),
        fc.array(fc.nat(2_000), { maxLength: 3 }),
        fc.nat(100),
        (goods, charges, percentOff) => {
          const items: SummaryItemInput[] = [];
          let total = 0;
          goods.forEach((good, index) => {
            items.push(item(index + 1, `Item ${index}`, good.price));
            total += good.price;
            good.mods.forEach((price, modIndex) => {
              items.push(modifier(1000 + index * 10 + modIndex, index + 1, `Mod ${modIndex}`, price));
              total += price;
            });
          });
          charges.forEach((price, index) => {
            items.push(charge(`Charge ${index}`, price));
            total += price;
          });
          const off = Math.floor((total * percentOff) / 100);
          if (off > 0) items.push(discount('Coupon X', -off));
          const view = summaryView({ items, total: money(total - off) });
          return addsUp(view) && linesMinor(view.lines) === total - off;
        },
      ),
    );
  });

  it('says when a summary does not add up', () => {
    expect(addsUp(summaryView({ items: [item(1, 'A', 500)], total: money(600) }))).toBe(false);
  });
});
