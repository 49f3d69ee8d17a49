/** Coupons seeded with the demo venue (README "Demo coupons"). Values: basis points for percentage, cents for fixed. */
export interface SeedCoupon {
  code: string;
  kind: 'percentage' | 'fixed' | 'full';
  value: number;
  vendorId: number | null;
  description: string;
  validFrom?: string;
  validUntil?: string;
  usageLimit?: number;
}

export const DEMO_COUPONS: SeedCoupon[] = [
  { code: 'WELCOME10', kind: 'percentage', value: 1000, vendorId: null, description: '10 % off any order' },
  { code: 'HALFPRICE', kind: 'percentage', value: 5000, vendorId: null, description: '50 % off any order' },
  { code: 'FIVEOFF', kind: 'fixed', value: 500, vendorId: null, description: '$5.00 off any order' },
  { code: 'FREEMEAL', kind: 'full', value: 0, vendorId: null, description: 'the whole order free', usageLimit: 1000 },
  {
    code: 'ONEUSE',
    kind: 'fixed',
    value: 300,
    vendorId: null,
    description: '$3.00 off, one order only',
    usageLimit: 1,
  },
  { code: 'BURGER20', kind: 'percentage', value: 2000, vendorId: 2, description: '20 % off at Grill & Bun only' },
  {
    code: 'EXPIRED',
    kind: 'percentage',
    value: 2000,
    vendorId: null,
    description: 'ended on 31 December 2020 (always refused)',
    validUntil: '2020-12-31T13:00:00.000Z',
  },
];
