import { toMoney } from '@venue/domain/money';
import { describe, expect, it } from 'vitest';
import { summaryWithDiscount, type OrderRow } from '../orders/orders.service.ts';
import { composeReceipt } from './receipts.service.ts';

const line = (id: number | null, parentItemId: number | null, name: string, minor: number, itemType: string) => ({
  id,
  parentItemId,
  name,
  quantity: 1,
  perItemPrice: toMoney(minor),
  price: toMoney(minor),
  itemType,
});

/** A Grill & Bun order as the server prices it: the service fee among the items and again among the subTotals. */
const priced = {
  items: [
    line(201, null, 'Classic Burger', 3000, 'Burgers'),
    line(2003, 201, 'Extra cheese', 450, 'Burgers'),
    line(null, null, 'Service fee', 50, 'ServiceCharge'),
  ],
  subTotals: [
    { name: 'Subtotal', price: toMoney(3450) },
    { name: 'Service fee', price: toMoney(50) },
  ],
  total: toMoney(3500),
};

const order = {
  id: 7,
  vendor_id: 2,
  claim_ticket: '007',
  service_mode: 'TakeAway',
  paid_at: Date.parse('2026-11-23T02:00:00Z'),
  created_at: Date.parse('2026-11-23T01:59:00Z'),
  payment_summary: JSON.stringify(priced),
  coupon_code: 'WELCOME10',
  discount_minor: 350,
  total_minor: 3150,
  customer_name: 'Mei <Chen>',
  customer_mobile: '0412 345 678',
} as OrderRow;

/** "Name ......  $1.00" lines between the items and the Grand Total, as name → minor units. */
function totalsOf(text: string): Array<[string, number]> {
  const lines = text.split('\n');
  const blank = lines.lastIndexOf(
    '',
    lines.findIndex((l) => l.startsWith('Grand Total')),
  );
  return lines.slice(blank + 1).flatMap((l) => {
    const match = /^(.+?)\s+([−-]?)\$([\d,]+)\.(\d\d)$/.exec(l);
    if (!match) return [];
    const minor = Number(match[3]!.replace(/,/g, '')) * 100 + Number(match[4]);
    return [[match[1]!, match[2] ? -minor : minor] as [string, number]];
  });
}

describe('composeReceipt', () => {
  const receipt = composeReceipt(
    {
      venueName: 'Harbourside Stadium',
      storeName: 'Grill & Bun',
      storePhone: '02 9000 0002',
      timeZone: 'Australia/Sydney',
      order,
      summary: summaryWithDiscount(order),
    },
    'https://order.example.com',
  );

  it('lists each line once, the coupon as its own line, and the lines add up to the Grand Total', () => {
    const totals = totalsOf(receipt.text);
    expect(totals.map(([name]) => name)).toEqual(['Subtotal', 'Service fee', 'Coupon WELCOME10', 'Grand Total']);
    const grand = totals.at(-1)![1];
    expect(grand).toBe(3150);
    expect(totals.slice(0, -1).reduce((sum, [, minor]) => sum + minor, 0)).toBe(grand);
    expect(receipt.text.match(/Service fee/g)).toHaveLength(1);
    expect(receipt.text).toContain('\u2212$3.50');
  });

  it('shows the same lines in the HTML part', () => {
    expect(receipt.html.match(/Service fee/g)).toHaveLength(1);
    expect(receipt.html).toContain('Coupon WELCOME10');
    expect(receipt.html).toContain('\u2212$3.50');
    expect(receipt.html).toContain('$31.50');
  });

  it('gives the mobile given with the order, never the name the customer typed', () => {
    expect(receipt.text).toContain('Mobile: 0412345678');
    expect(receipt.html).toContain('Mobile: 0412345678');
    expect(receipt.text + receipt.html).not.toMatch(/Mei|Chen/);
  });

  it("gives the store's phone, and leaves the sentence out for a store without one", () => {
    expect(receipt.text).toContain('Questions about your order? Call Grill & Bun on 02 9000 0002.');
    const facts = {
      venueName: 'The Riverside',
      storeName: 'The Riverside Bar',
      storePhone: ' ',
      timeZone: 'Australia/Sydney',
      order,
      summary: summaryWithDiscount(order),
    };
    const noPhone = composeReceipt(facts, 'https://order.example.com');
    expect(noPhone.text).not.toContain('Call');
    expect(noPhone.html).not.toContain('Call');
    expect(noPhone.text).not.toMatch(/ on \.$/m);
  });
});
