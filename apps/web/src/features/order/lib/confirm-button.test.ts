import { describe, expect, it } from 'vitest';
import { confirmButton, minimumDeliveryLabel, type ConfirmButtonInput } from './confirm-button';

const ready: ConfirmButtonInput = {
  openToOrder: true,
  isPaused: false,
  itemCount: 2,
  serviceMode: 'TakeAway',
  basketTotalMinor: 1800,
  deliveryMinMinor: 2500,
};

describe('place-order confirm button (spec §2, §5)', () => {
  it("reads 'Confirm my order', enabled, with items in an open store", () => {
    expect(confirmButton(ready)).toEqual({ kind: 'confirm', label: 'Confirm my order', enabled: true });
  });

  it("reads 'Select Items Above', disabled, with an empty basket", () => {
    expect(confirmButton({ ...ready, itemCount: 0, basketTotalMinor: 0 })).toEqual({
      kind: 'empty',
      label: 'Select Items Above',
      enabled: false,
    });
  });

  it("reads 'Back Soon', disabled, when the store is paused, items or not", () => {
    for (const itemCount of [0, 2]) {
      expect(confirmButton({ ...ready, isPaused: true, itemCount })).toMatchObject({
        label: 'Back Soon',
        enabled: false,
      });
    }
  });

  it("reads 'We are closed', disabled, when the store is closed, even when it is also paused", () => {
    expect(confirmButton({ ...ready, openToOrder: false })).toMatchObject({ label: 'We are closed', enabled: false });
    expect(confirmButton({ ...ready, openToOrder: false, isPaused: true })).toMatchObject({ label: 'We are closed' });
  });

  it('shows the minimum delivery amount instead for home delivery under the minimum', () => {
    expect(confirmButton({ ...ready, serviceMode: 'HomeDelivery' })).toEqual({
      kind: 'minimum',
      label: 'Minimum Delivery Order Amount $25.00',
      enabled: false,
    });
    // at the minimum, or for take-away, or without a minimum, the order may go on
    expect(confirmButton({ ...ready, serviceMode: 'HomeDelivery', basketTotalMinor: 2500 }).kind).toBe('confirm');
    expect(confirmButton({ ...ready, serviceMode: 'TakeAway', basketTotalMinor: 100 }).kind).toBe('confirm');
    expect(confirmButton({ ...ready, serviceMode: 'HomeDelivery', deliveryMinMinor: null }).kind).toBe('confirm');
  });

  it('writes the minimum with two decimals and no thousands separator', () => {
    expect(minimumDeliveryLabel(2500)).toBe('Minimum Delivery Order Amount $25.00');
    expect(minimumDeliveryLabel(1999)).toBe('Minimum Delivery Order Amount $19.99');
    expect(minimumDeliveryLabel(150000)).toBe('Minimum Delivery Order Amount $1500.00');
  });
});
