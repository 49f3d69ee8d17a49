import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { TestServer } from '@venue/test-harness/server';
import { calculateOrderPayment, dollars, type OrderLine, type PaymentSummary } from './api.ts';
import { eventually, text, visible } from './ui.ts';

/** What a line of the confirm-order table must show (spec §2 Confirm order: name, qty, price, modifiers). */
export interface ExpectedReviewLine {
  name: string;
  quantity: number;
  /** modifier names shown with the line */
  modifiers?: string[];
}

/** The confirm-order entry (table row or list entry) that holds an item's name. */
export function reviewRow(page: Page, itemName: string): Locator {
  return page
    .getByRole('row')
    .or(page.getByRole('listitem'))
    .filter({ has: page.getByText(itemName, { exact: true }) })
    .first();
}

const normalise = (value: string) => value.replace(/\s+/g, ' ').trim();

/**
 * Checks confirm-order against the server: each line with its name, quantity, a price the server
 * gives for it (line or unit) and its modifiers; every service charge by name and amount; and the
 * 'Grand Total' equal to what POST calculate-order-payment answers for the same basket.
 * Returns the server's summary.
 */
export async function expectReviewMatchesServer(
  page: Page,
  server: TestServer,
  vendorId: number,
  lines: OrderLine[],
  expected: ExpectedReviewLine[],
): Promise<PaymentSummary> {
  const summary = await calculateOrderPayment(server, vendorId, lines);

  for (const line of expected) {
    const row = await visible(reviewRow(page, line.name));
    const rowText = normalise(await row.innerText());
    expect(rowText, `the quantity of ${line.name}`).toMatch(new RegExp(`(^|\\D)${line.quantity}(\\D|$)`));
    const priced = summary.items.find((item) => item.name === line.name && item.parentItemId === null);
    expect(priced, `the server prices ${line.name}`).toBeDefined();
    if (priced) {
      const prices = [dollars(priced.price.minorAmount), dollars(priced.perItemPrice.minorAmount)];
      // With modifiers the line may show the item and its options together.
      const withOptions =
        priced.price.minorAmount +
        summary.items
          .filter((item) => item.parentItemId === priced.id)
          .reduce((sum, item) => sum + item.price.minorAmount, 0);
      prices.push(dollars(withOptions));
      expect(
        prices.some((price) => rowText.includes(price)),
        `the row of ${line.name} ("${rowText}") shows one of ${prices.join(', ')}`,
      ).toBe(true);
    }
    for (const modifierName of line.modifiers ?? []) {
      await visible(page.getByText(new RegExp(modifierName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))));
    }
  }

  const charges = summary.items.filter((item) => item.itemType === 'ServiceCharge');
  for (const charge of charges) {
    const label = await visible(text(page, charge.name).or(page.getByText(charge.name)));
    // Each charge is one line of the order: shown once, not once per place the server names it.
    const times = charges.filter((other) => other.name === charge.name).length;
    expect(
      await text(page, charge.name).count(),
      `'${charge.name}' is shown ${times === 1 ? 'once' : `${times} times`} (one charge)`,
    ).toBe(times);
    const context = normalise(
      await label.evaluate((element) => {
        // The charge's amount sits in the same row/entry as its name.
        let node: HTMLElement | null = element as HTMLElement;
        for (let depth = 0; node && depth < 4; depth += 1) {
          if (/\$\d/.test(node.innerText)) return node.innerText;
          node = node.parentElement;
        }
        return '';
      }),
    );
    expect(context, `the '${charge.name}' line`).toContain(dollars(charge.price.minorAmount));
  }

  const grandTotal = await visible(text(page, 'Grand Total').or(page.getByText(/^Grand Total/)));
  const totalText = await eventually(
    () =>
      grandTotal.evaluate((element) => {
        let node: HTMLElement | null = element as HTMLElement;
        for (let depth = 0; node && depth < 4; depth += 1) {
          if (/\$\d/.test(node.innerText)) return node.innerText;
          node = node.parentElement;
        }
        return '';
      }),
    (value) => value.includes(dollars(summary.total.minorAmount)),
  );
  expect(normalise(totalText), "the 'Grand Total' line").toContain(dollars(summary.total.minorAmount));
  return summary;
}
