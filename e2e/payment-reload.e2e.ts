import { describe, expect, test } from 'vitest';
import type { Page, Route } from 'playwright-core';
import {
  acceptPolicy,
  expectWaitOrder,
  fillCard,
  GOOD_CARD,
  onlyPaidOrder,
  orderToPayment,
  payNow,
  payWithCard,
  savedOrderId,
  uniqueName,
  watchGateway,
} from '@venue/test-harness/checkout';
import { setupSuite } from './support/suite.ts';
import { eventually, visible, waitForPath } from './support/ui.ts';

// Spec §3/§4 persistence (the state is restored from local storage) and §2 Payment ("re-fetches
// the placed order"): a reload keeps the order the customer is paying for. Architecture page:
// a customer is never charged twice.
const GRILL = { id: 2, name: 'Grill & Bun' };

const toPayment = (page: Page, fullName: string) =>
  orderToPayment(page, { store: GRILL.name, item: 'Onion Rings' }, { mobile: '0412345678', fullName });

describe('reloading during payment, multi-vendor build', () => {
  const suite = setupSuite({ build: 'multi-vendor' });

  test('a reload on the payment screen keeps the same order, which is then paid once', async () => {
    const page = await suite.newPage();
    const gateway = watchGateway(page);
    const name = uniqueName('Rory Reload');
    await toPayment(page, name);
    const orderId = await savedOrderId(page);

    await page.reload();
    await waitForPath(page, '/order-flow/payment');
    await visible(page.getByRole('heading', { name: 'Enter Payment Details' }));
    expect(await savedOrderId(page), 'the same order after the reload').toBe(orderId);

    await fillCard(page, GOOD_CARD);
    await payNow(page);
    await expectWaitOrder(page);
    expect(await savedOrderId(page)).toBe(orderId);
    await onlyPaidOrder(suite.server, GRILL.id, name, orderId);
    expect(await gateway.charged(), 'charged once').toBe(1);

    // A reload on wait-order stays there with the same order.
    await page.reload();
    await expectWaitOrder(page);
    expect(await savedOrderId(page)).toBe(orderId);
    expect(suite.pageErrors).toEqual([]);
  });

  test('back to the contact details and on to payment again keeps the same order', async () => {
    const page = await suite.newPage();
    const name = uniqueName('Bea Back');
    await toPayment(page, name);
    const orderId = await savedOrderId(page);

    await page.goBack();
    await waitForPath(page, '/order-flow/confirm-contact');
    await acceptPolicy(page);
    await payWithCard(page);
    expect(await savedOrderId(page), 'the same order').toBe(orderId);
    await fillCard(page, GOOD_CARD);
    await payNow(page);
    await expectWaitOrder(page);
    await onlyPaidOrder(suite.server, GRILL.id, name, orderId);
    expect(suite.pageErrors).toEqual([]);
  });

  test('a reload after the card was charged but before the server heard of it ends on wait-order, charged once', async () => {
    const page = await suite.newPage();
    const gateway = watchGateway(page);
    const name = uniqueName('Hana Halfway');
    await toPayment(page, name);
    const orderId = await savedOrderId(page);
    await fillCard(page, GOOD_CARD);

    // Hold the app's payment update: the gateway has charged the card, the server is not told yet.
    let held: Route | null = null;
    let holding = true;
    await page.route('**/payment/*/update', async (route) => {
      if (holding) held = route;
      else await route.fallback();
    });
    await payNow(page);
    await eventually(async () => held !== null, Boolean, 60_000);
    expect(await gateway.charged(), 'the gateway charged the card').toBe(1);

    // The customer reloads mid-payment: the held update never reaches the server.
    await page.reload();
    holding = false;
    await page.waitForURL((url) => ['/order-flow/payment', '/order-flow/wait-order'].includes(url.pathname), {
      waitUntil: 'commit',
    });
    // Either way the app ends on wait-order for that same order, without a second charge.
    await expectWaitOrder(page);
    expect(await savedOrderId(page)).toBe(orderId);
    // The charge paid that order; no second order, no second charge.
    await onlyPaidOrder(suite.server, GRILL.id, name, orderId);
    expect(await gateway.charged(), 'charged once').toBe(1);
    expect(suite.pageErrors).toEqual([]);
  });
});
