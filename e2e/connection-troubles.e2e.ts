import { describe, expect, test } from 'vitest';
import { screenshot } from './support/screenshots.ts';
import { setupSuite } from './support/suite.ts';
import { action, dialog, hidden, settle, text, visible, waitForPath } from './support/ui.ts';

// Spec §2 Modals and §8: a network error opens 'Connection troubles!'; the /time network check
// closes it once the API answers again.
const TITLE = 'Connection troubles!';
const HAVING_TROUBLE = 'Having trouble connecting to Harbourside Stadium.';
const CHECK_NETWORK = 'Please check your WiFi or 3G/4G network strength then refresh the page.';
/** Time allowed for the app's periodic /time check to notice the network is back. */
const RECOVERY_TIMEOUT_MS = 45_000;

describe("'Connection troubles!' modal", () => {
  const suite = setupSuite({ build: 'multi-vendor' });

  test('shows when the API is unreachable and closes when the network returns', async () => {
    const page = await suite.newPage();
    await page.route('**/v1/**', (route) => route.abort('internetdisconnected'));
    // Discover-vendor must load the venue's vendors, so it meets the dead network at once.
    await page.goto('/order-flow/discover-vendor');
    const modal = await visible(dialog(page, TITLE));
    await visible(text(modal, HAVING_TROUBLE));
    await visible(text(modal, CHECK_NETWORK));
    await visible(action(modal, 'Ok'));
    await screenshot(page, 'connection-troubles');

    await page.unroute('**/v1/**');
    await hidden(dialog(page, TITLE), RECOVERY_TIMEOUT_MS);
    expect(await dialog(page, TITLE).count()).toBe(0);
  });

  test('shows when the server goes away mid-session and closes when it is back', async () => {
    const server = suite.server;
    const page = await suite.newPage();
    // Visit start and the next screen with the server up, so the code of both is in the page.
    await page.goto('/start');
    await (await visible(action(page, 'Order & Collect'))).click();
    await waitForPath(page, '/order-flow/discover-vendor');
    await visible(page.getByRole('heading'));
    await settle(page);

    await server.stop();
    try {
      // Back to start: it loads the venue's stores on every visit, and meets the dead server.
      await page.goBack();
      await waitForPath(page, '/start');
      const modal = await visible(dialog(page, TITLE), 60_000);
      await visible(text(modal, HAVING_TROUBLE));
      await visible(text(modal, CHECK_NETWORK));
      await screenshot(page, 'connection-troubles-server-stopped');
    } finally {
      await server.start();
    }
    await hidden(dialog(page, TITLE), RECOVERY_TIMEOUT_MS);
  });
});
