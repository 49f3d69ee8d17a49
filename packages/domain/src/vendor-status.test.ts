import { describe, expect, it } from 'vitest';
import { acceptsOrder, isOpenToOrder, vendorStateLabel } from './vendor-status.ts';

const NOW = 1_800_000_000_000;
const HOUR = 3_600_000;
const open = { isOpen: true, isPaused: false, nextServiceTime: NOW, preOrderBufferDuration: 4 * HOUR };

describe('vendor status', () => {
  it('is open to order while serving or serving within the pre-order buffer', () => {
    expect(isOpenToOrder(open, NOW, null)).toBe(true);
    expect(isOpenToOrder({ ...open, nextServiceTime: NOW + 3 * HOUR }, NOW, null)).toBe(true);
    expect(isOpenToOrder({ ...open, nextServiceTime: NOW + 5 * HOUR }, NOW, null)).toBe(false);
    expect(isOpenToOrder({ ...open, nextServiceTime: null }, NOW, null)).toBe(false);
  });
  it('reads a store trading now as open with no pre-order buffer, though the server read the time after the screen did', () => {
    const noBuffer = { ...open, preOrderBufferDuration: 0 };
    // the screen took its clock at mount; the list answered 3 s later with the server's "now"
    expect(isOpenToOrder({ ...noBuffer, nextServiceTime: NOW + 3_000 }, NOW, null)).toBe(true);
    expect(vendorStateLabel({ ...noBuffer, nextServiceTime: NOW + 3_000 }, NOW)).toBeNull();
    // a store opening in ten minutes is not open now
    expect(isOpenToOrder({ ...noBuffer, nextServiceTime: NOW + 10 * 60_000 }, NOW, null)).toBe(false);
  });
  it('is open to order beyond the buffer once a pickup time was chosen, but never when not open', () => {
    expect(isOpenToOrder({ ...open, nextServiceTime: NOW + 5 * HOUR }, NOW, NOW + 6 * HOUR)).toBe(true);
    expect(isOpenToOrder({ ...open, isOpen: false }, NOW, NOW + HOUR)).toBe(false);
  });
  it('accepts an order only when open, not paused and with items', () => {
    expect(acceptsOrder(open, NOW, null, true)).toBe(true);
    expect(acceptsOrder(open, NOW, null, false)).toBe(false);
    expect(acceptsOrder({ ...open, isPaused: true }, NOW, null, true)).toBe(false);
  });
  it("labels closed vendors 'Closed' and paused ones 'Back Soon'", () => {
    expect(vendorStateLabel({ ...open, isOpen: false }, NOW)).toBe('Closed');
    expect(vendorStateLabel({ ...open, isPaused: true }, NOW)).toBe('Back Soon');
    expect(vendorStateLabel(open, NOW)).toBeNull();
  });
});
