import type { Locator, Page } from 'playwright-core';

/** Slow, busy machines: waits are generous; nothing here asserts how fast the app is. */
export const UI_TIMEOUT_MS = 30_000;

/** Waits until the locator's first match is visible (fails with the locator in the message). */
export async function visible(locator: Locator, timeout = UI_TIMEOUT_MS): Promise<Locator> {
  const first = locator.first();
  await first.waitFor({ state: 'visible', timeout });
  return first;
}

/** Waits until nothing the locator matches is visible. */
export async function hidden(locator: Locator, timeout = UI_TIMEOUT_MS): Promise<void> {
  await locator.first().waitFor({ state: 'hidden', timeout });
}

/** Text on the page, matched as a whole (the spec's texts are word for word). */
export function text(scope: Page | Locator, words: string): Locator {
  return scope.getByText(words, { exact: true });
}

/**
 * An action the customer taps, named exactly: a button or a link (the spec does not say which
 * element carries a label, only its words).
 */
export function action(scope: Page | Locator, name: string): Locator {
  return scope.getByRole('button', { name, exact: true }).or(scope.getByRole('link', { name, exact: true }));
}

/** A dialog (role=dialog/alertdialog or an open <dialog>) whose title is exactly `title`. */
export function dialog(page: Page, title: string): Locator {
  return page
    .locator('[role="dialog"], [role="alertdialog"], dialog[open]')
    .filter({ has: page.getByText(title, { exact: true }) });
}

/** Waits until the page's path (and, when given, query string) is the expected one. */
export async function waitForPath(
  page: Page,
  pathname: string,
  search?: string,
  timeout = UI_TIMEOUT_MS,
): Promise<URL> {
  await page.waitForURL(
    (url) =>
      url.pathname.replace(/\/+$/, '') === pathname.replace(/\/+$/, '') &&
      (search === undefined || url.search === search),
    { timeout, waitUntil: 'commit' },
  );
  return new URL(page.url());
}

/** Polls `read` until `accept` holds or the timeout passes; returns the last value read. */
export async function eventually<T>(
  read: () => Promise<T>,
  accept: (value: T) => boolean,
  timeout = UI_TIMEOUT_MS,
  intervalMs = 250,
): Promise<T> {
  const deadline = Date.now() + timeout;
  let value = await read();
  while (!accept(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
    value = await read();
  }
  return value;
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
