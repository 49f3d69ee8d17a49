import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { SCREENSHOTS_DIR } from '@venue/test-harness/paths';

/** A file-name-safe version of a test or screen name. */
export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120);
}

/**
 * Saves what the customer sees (the 390×844 viewport, not the whole page) to
 * e2e/screenshots/<name>.png, for a person to look over after a run.
 */
export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(SCREENSHOTS_DIR, { recursive: true });
  const path = join(SCREENSHOTS_DIR, `${slug(name)}.png`);
  // CSS pixels: 390×844 whatever the device scale factor.
  await page.screenshot({ path, fullPage: false, scale: 'css', animations: 'disabled', timeout: 30_000 });
  return path;
}
