import { describe, expect, test } from 'vitest';
import { getMenu, menuItem } from './support/api.ts';
import {
  addWithPlus,
  confirmStoreIfAsked,
  expectConfirmButton,
  expectSavedBasket,
  goToReview,
} from './support/ordering.ts';
import { expectReviewMatchesServer } from './support/review.ts';
import { screenshot } from './support/screenshots.ts';
import { setupSuite } from './support/suite.ts';
import { action, dialog, settle, visible, waitForPath } from './support/ui.ts';

const GRILL_AND_BUN = 2;

// Spec §2 Start screen in single-vendor mode: 'Order & Collect' → ASAP goes straight to the
// configured store's menu, never through discover-vendor.
describe('browse → basket → review, single-vendor build of Grill & Bun (VITE_VENDOR_ID=2)', () => {
  const suite = setupSuite({ build: 'single-vendor-2' });

  test("start → 'Order & Collect' → ASAP → place-order → add → review with the server's Grand Total", async () => {
    const page = await suite.newPage();
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
    });
    await page.goto('/start');
    await (await visible(action(page, 'Order & Collect'))).click();
    const modal = await visible(dialog(page, 'Select preferred pickup time'));
    await action(modal, 'ASAP').click();
    await waitForPath(page, '/order-flow/place-order');
    await confirmStoreIfAsked(page);
    await expectConfirmButton(page, 'Select Items Above');
    await settle(page);
    await screenshot(page, 'single-vendor-2-place-order');

    await addWithPlus(page, 'Onion Rings', 3);
    await expectSavedBasket(page, { 'Onion Rings': 3 });
    await goToReview(page);
    await settle(page);
    const onionRings = menuItem(await getMenu(suite.server, GRILL_AND_BUN), 'Onion Rings');
    const summary = await expectReviewMatchesServer(
      page,
      suite.server,
      GRILL_AND_BUN,
      [{ menuItemId: onionRings.id, quantity: 3 }],
      [{ name: 'Onion Rings', quantity: 3 }],
    );
    expect(summary.total.minorAmount).toBe(3 * onionRings.price.minorAmount + 50);
    await screenshot(page, 'single-vendor-2-confirm-order');
    const url = new URL(page.url());
    expect(url.searchParams.has('vendorId')).toBe(false);
    expect(visited, 'single-vendor mode never shows discover-vendor').not.toContain('/order-flow/discover-vendor');
    expect(suite.pageErrors).toEqual([]);
  });
});
