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
