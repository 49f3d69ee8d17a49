import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { screenshot } from './screenshots.ts';
import { action, dialog, eventually, hidden, slotPicker, text, visible } from './ui.ts';

/** Spec §2 Start screen: slots in the dropdown are shown as h:mm a, e.g. "5:15 PM". */
export const SLOT_LABEL = /^\d{1,2}:\d{2} (AM|PM)$/;

export interface PreferredTimeModal {
  modal: Locator;
  /** the labels of the offered slots */
  slots: string[];
}

/**
 * Opens the preferred-time modal from a start-screen button and checks what spec §2 says of it:
 * its title, ASAP, the later button disabled until a slot is chosen from 'Select a time' (h:mm a).
 * Leaves the modal open with a slot chosen when there is one.
 */
export async function checkPreferredTimeModal(
  page: Page,
  opener: 'Order & Collect' | 'Order Home Delivery',
  shotName: string,
): Promise<PreferredTimeModal> {
  const title = opener === 'Order & Collect' ? 'Select preferred pickup time' : 'Select preferred deliver time';
  const later = opener === 'Order & Collect' ? 'Pickup Later' : 'Deliver Later';
  await (await visible(action(page, opener))).click();
  const modal = await visible(dialog(page, title));
  await visible(text(modal, title));
  await visible(action(modal, 'ASAP'));
  await visible(action(modal, 'Cancel'));
  const laterButton = await visible(modal.getByRole('button', { name: later, exact: true }));
  expect(await laterButton.isDisabled(), `'${later}' is disabled until a slot is chosen`).toBe(true);

  const picker = await slotPicker(modal);
  expect(await picker.placeholderShown(), "the dropdown reads 'Select a time' until a slot is chosen").toBe(true);
  // Slots load from the server; wait for them rather than racing the fetch.
  const slots = await eventually(
    () => picker.slotLabels(),
    (labels) => labels.length > 0,
    15_000,
  );
  await screenshot(page, `${shotName}-modal`);
  for (const label of slots) expect(label).toMatch(SLOT_LABEL);

  if (slots.length > 0) {
    await picker.choose(0);
    await eventually(
      () => laterButton.isEnabled(),
      (enabled) => enabled,
    );
    expect(await laterButton.isEnabled(), `'${later}' is enabled once a slot is chosen`).toBe(true);
    await screenshot(page, `${shotName}-slot-chosen`);
  }
  return { modal, slots };
}

/** Cancel closes the preferred-time modal and stays on the start screen. */
export async function cancelPreferredTimeModal(page: Page, modal: Locator): Promise<void> {
  await action(modal, 'Cancel').click();
  await hidden(modal);
  expect(new URL(page.url()).pathname).toBe('/start');
}
