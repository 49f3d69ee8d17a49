// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { PickupTimeModal } from './pickup-time-modal';

afterEach(cleanup);

// 17:15 and 17:30 on 22 Nov 2026 in Sydney (UTC+11 in summer)
const SLOTS = ['2026-11-22T06:15:00.000Z', '2026-11-22T06:30:00.000Z'];

async function renderModal(mode: 'collect' | 'delivery', slots: string[] = SLOTS) {
  const onChoose = vi.fn();
  const onCancel = vi.fn();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-22T05:00:00.000Z'));
  render(
    <PickupTimeModal
      open
      mode={mode}
      vendorId={2}
      timeZone="Australia/Sydney"
      loadSlots={async () => slots}
      onChoose={onChoose}
      onCancel={onCancel}
    />,
  );
  await act(async () => undefined);
  vi.useRealTimers();
  return { onChoose, onCancel };
}

describe('preferred time modal (spec §2 start screen)', () => {
  it("is titled for pickup, lists slots as h:mm a in the vendor's zone under 'Select a time'", async () => {
    await renderModal('collect');
    screen.getByRole('dialog', { name: 'Select preferred pickup time' });
    const select = screen.getByRole('combobox', { name: 'Select a time' }) as HTMLSelectElement;
    const labels = Array.from(select.options).map((option) => option.textContent);
    expect(labels).toEqual(['Select a time', '5:15 PM', '5:30 PM']);
    expect(select.value).toBe('');
  });

  it("keeps 'Pickup Later' disabled until a slot is chosen, then passes the slot", async () => {
    const { onChoose } = await renderModal('collect');
    const later = screen.getByRole('button', { name: 'Pickup Later' }) as HTMLButtonElement;
    expect(later.disabled).toBe(true);
    fireEvent.change(screen.getByRole('combobox'), { target: { value: SLOTS[1] } });
    expect(later.disabled).toBe(false);
    fireEvent.click(later);
    expect(onChoose).toHaveBeenCalledWith(SLOTS[1]);
  });

  it('offers ASAP (no time) and Cancel', async () => {
    const { onChoose, onCancel } = await renderModal('collect');
    fireEvent.click(screen.getByRole('button', { name: 'ASAP' }));
    expect(onChoose).toHaveBeenCalledWith(null);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it("reads 'deliver' for home delivery", async () => {
    await renderModal('delivery');
    screen.getByRole('dialog', { name: 'Select preferred deliver time' });
    expect((screen.getByRole('button', { name: 'Deliver Later' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('labels later days but keeps each slot as h:mm a', async () => {
    await renderModal('collect', ['2026-11-22T06:15:00.000Z', '2026-11-22T22:00:00.000Z']);
    const select = screen.getByRole('combobox') as HTMLSelectElement;
    expect(Array.from(select.querySelectorAll('optgroup')).map((group) => group.label)).toEqual(['Today', 'Tomorrow']);
    expect(Array.from(select.options).map((option) => option.textContent)).toEqual([
      'Select a time',
      '5:15 PM',
      '9:00 AM',
    ]);
  });
});
