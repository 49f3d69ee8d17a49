import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { action, eventually, text, visible, waitForPath } from './ui.ts';

/**
 * Steps of the browse-and-basket flow (spec §2 Discover vendor, Place order, Confirm order) as a
 * customer takes them. Locators go by the spec's words and by roles, not by the app's markup.
 */

/** Spec §2 place-order: the confirm button's four labels. */
export const CONFIRM_LABELS = ['Confirm my order', 'Select Items Above', 'Back Soon', 'We are closed'] as const;
export type ConfirmLabel = (typeof CONFIRM_LABELS)[number];

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A name that starts with `words` as a whole (e.g. "Onion rings" in "Onion rings +$1.50"). */
export const startsWithWords = (words: string) => new RegExp(`^\\s*${escapeRegExp(words)}(?![\\w'])`, 'i');

/** Every open dialog (role dialog/alertdialog or an open <dialog>). */
export function dialogs(page: Page): Locator {
  return page.locator('[role="dialog"], [role="alertdialog"], dialog[open]');
}

/** An open dialog whose text contains `words` (for titles built of parts, e.g. 'Ordering from' + store). */
export function dialogWith(page: Page, words: string): Locator {
  return dialogs(page).filter({ hasText: words });
}

/** Start → 'Order & Collect' → discover-vendor (multi-vendor build). */
export async function openDiscover(page: Page): Promise<void> {
  await page.goto('/start');
  await (await visible(action(page, 'Order & Collect'))).click();
  await waitForPath(page, '/order-flow/discover-vendor');
  await visible(text(page, 'Select Your Option Below'));
}

/** A vendor's entry on discover-vendor: the control or list entry that names the store. */
export function vendorEntry(page: Page, storeName: string): Locator {
  const byName = new RegExp(escapeRegExp(storeName));
  return page
    .getByRole('button', { name: byName })
    .or(page.getByRole('link', { name: byName }))
    .or(page.getByRole('listitem').filter({ hasText: storeName }));
}

/** Taps a store on discover-vendor and waits for place-order. */
export async function chooseVendor(page: Page, storeName: string): Promise<void> {
  const entry = await visible(vendorEntry(page, storeName));
  await entry.click();
  await waitForPath(page, '/order-flow/place-order');
}

/** The confirm-store modal of place-order ('Ordering from' the store). */
export function confirmStoreModal(page: Page): Locator {
  return dialogWith(page, 'Ordering from');
}

/** Checks the confirm-store modal names the store and offers both choices, then confirms it. */
export async function confirmStore(page: Page, storeName: string): Promise<void> {
  const modal = await visible(confirmStoreModal(page));
  await visible(modal.getByText(storeName));
  await visible(action(modal, 'Choose another store'));
  await (await visible(action(modal, 'Confirm Store'))).click();
  await confirmStoreModal(page).first().waitFor({ state: 'hidden' });
}

/** Confirms the store when the confirm-store modal shows (single-vendor builds may not ask). */
export async function confirmStoreIfAsked(page: Page, timeout = 5_000): Promise<void> {
  const modal = confirmStoreModal(page).first();
  const shown = await modal
    .waitFor({ state: 'visible', timeout })
    .then(() => true)
    .catch(() => false);
  if (shown) {
    await action(modal, 'Confirm Store').click();
    await modal.waitFor({ state: 'hidden' });
  }
}

/** The menu entry of an item on place-order (the list entry holding its name). */
export function menuRow(page: Page, itemName: string): Locator {
  return page
    .getByRole('listitem')
    .filter({ has: page.getByText(itemName, { exact: true }) })
    .first();
}

/** The plus counter of a menu item. */
export function plusButton(row: Locator): Locator {
  return row.getByRole('button', { name: /^(add one|add|increase|more|plus|\+)\b|^\+$/i }).first();
}

/** The minus counter of a menu item. */
export function minusButton(row: Locator): Locator {
  return row.getByRole('button', { name: /^(remove one|remove|decrease|fewer|minus|-|−)\b|^[-−]$/i }).first();
}

/** The count a menu item's counter shows. */
export async function counterValue(row: Locator): Promise<number> {
  const output = row.locator('output, [role="status"], [aria-live]').first();
  const raw = (await output.innerText()).trim();
  const value = Number(raw);
  if (!Number.isInteger(value)) throw new Error(`the counter reads "${raw}", not a count`);
  return value;
}

/** Waits until a menu item's counter shows `count`. */
export async function expectCounter(page: Page, itemName: string, count: number): Promise<void> {
  const row = menuRow(page, itemName);
  const shown = await eventually(
    () => counterValue(row).catch(() => Number.NaN),
    (value) => value === count,
  );
  expect(shown, `counter of ${itemName}`).toBe(count);
}

/** Taps the plus counter of an item `times` times, waiting for each tap to count. */
export async function addWithPlus(page: Page, itemName: string, times = 1): Promise<void> {
  const row = await visible(menuRow(page, itemName));
  for (let i = 0; i < times; i += 1) {
    const before = await counterValue(row).catch(() => 0);
    await plusButton(row).click();
    await eventually(
      () => counterValue(row).catch(() => before),
      (value) => value === before + 1,
    );
  }
}

/** Opens an item's options modal with its 'Options' button; returns the modal (titled with the item). */
export async function openOptions(page: Page, itemName: string): Promise<Locator> {
  const row = await visible(menuRow(page, itemName));
  await visible(text(row, 'Options'));
  await row
    .getByRole('button', { name: /options/i })
    .first()
    .click();
  return visible(dialogs(page).filter({ has: page.getByText(itemName, { exact: true }) }));
}

/** The choice control of a modifier in the options modal (checkbox, radio or toggle button). */
export function optionControl(modal: Locator, modifierName: string): Locator {
  const name = startsWithWords(modifierName);
  return modal
    .getByRole('checkbox', { name })
    .or(modal.getByRole('radio', { name }))
    .or(modal.getByRole('button', { name }))
    .first();
}

/** Whether a modifier is chosen (checked or pressed). */
export async function optionChosen(modal: Locator, modifierName: string): Promise<boolean> {
  const control = optionControl(modal, modifierName);
  const role = await control.evaluate((el) => el.getAttribute('role') ?? (el as HTMLInputElement).type ?? '');
  if (role === 'checkbox' || role === 'radio') return control.isChecked();
  const pressed = (await control.getAttribute('aria-pressed')) ?? (await control.getAttribute('aria-checked'));
  return pressed === 'true';
}

/** Taps a modifier in the options modal. */
export async function tapOption(modal: Locator, modifierName: string): Promise<void> {
  const control = await visible(optionControl(modal, modifierName));
  await control.click();
}

/** The place-order confirm button, whichever of its four labels it shows. */
export function confirmButton(page: Page): Locator {
  return page.getByRole('button', { name: new RegExp(`^(${CONFIRM_LABELS.map(escapeRegExp).join('|')})$`) }).first();
}

/** Waits until the confirm button reads `label`, and returns it. */
export async function expectConfirmButton(page: Page, label: ConfirmLabel): Promise<Locator> {
  const button = confirmButton(page);
  const shown = await eventually(
    async () => ((await button.count()) > 0 ? (await button.innerText()).trim() : ''),
    (value) => value === label,
  );
  expect(shown, 'the place-order confirm button').toBe(label);
  return button;
}

/**
 * The basket as saved in local storage under 'state' (spec §3, §4 Persistence): item name → count
 * over all its option lines, read from the saved `userOrder`. Saving is throttled to 1 s.
 */
export async function savedBasket(page: Page): Promise<Record<string, number> | null> {
  return page.evaluate(() => {
    const raw = window.localStorage.getItem('state');
    if (!raw) return null;
    const find = (value: unknown): unknown => {
      if (value === null || typeof value !== 'object') return undefined;
      const record = value as Record<string, unknown>;
      if ('userOrder' in record) return record.userOrder;
      for (const child of Object.values(record)) {
        const found = find(child);
        if (found !== undefined) return found;
      }
      return undefined;
    };
    const userOrder = find(JSON.parse(raw));
    if (userOrder === null || typeof userOrder !== 'object') return null;
    const counts: Record<string, number> = {};
    for (const [name, lines] of Object.entries(userOrder as Record<string, unknown>)) {
      const entries =
        lines !== null && typeof lines === 'object'
          ? 'count' in (lines as Record<string, unknown>)
            ? [lines]
            : Object.values(lines as Record<string, unknown>)
          : [];
      counts[name] = entries.reduce<number>(
        (sum, entry) => sum + Number((entry as { count?: unknown } | null)?.count ?? 0),
        0,
      );
    }
    return counts;
  });
}

/** Waits until the saved basket equals `expected` (item name → count). */
export async function expectSavedBasket(page: Page, expected: Record<string, number>): Promise<void> {
  const saved = await eventually(
    () => savedBasket(page),
    (value) => JSON.stringify(sortKeys(value ?? {})) === JSON.stringify(sortKeys(expected)),
    10_000,
  );
  expect(sortKeys(saved ?? {}), "the basket saved under local storage 'state'").toEqual(sortKeys(expected));
}

function sortKeys(record: Record<string, number>): Record<string, number> {
  return Object.fromEntries(
    Object.entries(record)
      .filter(([, count]) => count > 0)
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

/** Place-order → 'Confirm my order' → confirm-order ('Please Check Your Order'). */
export async function goToReview(page: Page): Promise<void> {
  const button = await expectConfirmButton(page, 'Confirm my order');
  expect(await button.isEnabled(), "'Confirm my order' is enabled with items in the basket").toBe(true);
  await button.click();
  await waitForPath(page, '/order-flow/confirm-order');
  await visible(text(page, 'Please Check Your Order'));
}
