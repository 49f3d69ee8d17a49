import type { Locator, Page } from 'playwright-core';
import { UI_TIMEOUT_MS } from '@venue/test-harness/ui';

export { action, dialog, eventually, hidden, UI_TIMEOUT_MS, visible, waitForPath } from '@venue/test-harness/ui';

/** Text on the page, matched as a whole (the spec's texts are word for word). */
export function text(scope: Page | Locator, words: string): Locator {
  return scope.getByText(words, { exact: true });
}

/** Waits for the network to go quiet, but never fails: polling pages may never be fully idle. */
export async function settle(page: Page, timeout = 10_000): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout }).catch(() => undefined);
}

export interface SlotPicker {
  /** Whether the picker reads 'Select a time' while nothing is chosen. */
  placeholderShown(): Promise<boolean>;
  /** The labels of the time slots offered (without the placeholder). */
  slotLabels(): Promise<string[]>;
  /** Chooses the slot at `index` of `slotLabels()`. */
  choose(index: number): Promise<void>;
}

const PLACEHOLDER = 'Select a time';

/**
 * The 'Select a time' dropdown of the preferred-time modal, whether it is a native <select> (with
 * 'Select a time' as its empty choice or its label) or a custom listbox opened by a control
 * reading 'Select a time'.
 */
export async function slotPicker(modal: Locator): Promise<SlotPicker> {
  const select = modal.locator('select');
  if ((await select.count()) > 0) {
    const native = select.first();
    const options = native.locator('option');
    const slotOptions = async () => {
      const all = await options.evaluateAll((elements) =>
        (elements as HTMLOptionElement[]).map((o) => ({
          text: (o.textContent ?? '').trim(),
          value: o.value,
          disabled: o.disabled,
        })),
      );
      return all.filter((o) => o.value !== '' && o.text !== PLACEHOLDER);
    };
    return {
      async placeholderShown() {
        const shown = await native.evaluate((element) => {
          const el = element as HTMLSelectElement;
          const selected = el.selectedOptions[0];
          const labels = Array.from(el.labels ?? []).map((label) => (label.textContent ?? '').trim());
          return {
            selected: selected ? (selected.textContent ?? '').trim() : '',
            labels,
            aria: el.getAttribute('aria-label') ?? '',
          };
        });
        return shown.selected === PLACEHOLDER || shown.labels.includes(PLACEHOLDER) || shown.aria === PLACEHOLDER;
      },
      async slotLabels() {
        return (await slotOptions()).map((o) => o.text);
      },
      async choose(index) {
        const option = (await slotOptions())[index];
        if (!option) throw new Error(`there is no time slot number ${index + 1} to choose`);
        await native.selectOption({ value: option.value });
      },
    };
  }

  const trigger = modal
    .getByRole('combobox')
    .or(modal.getByRole('button', { name: PLACEHOLDER, exact: true }))
    .or(modal.getByText(PLACEHOLDER, { exact: true }))
    .first();
  const page = modal.page();
  const openList = async () => {
    if ((await page.getByRole('option').count()) === 0) await trigger.click();
    await page.getByRole('option').first().waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
  };
  return {
    async placeholderShown() {
      return (
        (await modal.getByText(PLACEHOLDER, { exact: true }).count()) > 0 ||
        (await trigger.getAttribute('aria-label')) === PLACEHOLDER
      );
    },
    async slotLabels() {
      await openList();
      const labels = (await page.getByRole('option').allInnerTexts())
        .map((label) => label.trim())
        .filter((label) => label !== PLACEHOLDER);
      await page.keyboard.press('Escape').catch(() => undefined);
      return labels;
    },
    async choose(index) {
      await openList();
      const options = page.getByRole('option').filter({ hasNotText: PLACEHOLDER });
      await options.nth(index).click();
    },
  };
}
