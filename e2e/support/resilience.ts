import type { OrderLine } from './api.ts';
import type { StockPlan } from './books.ts';

/**
 * What the resilience suites order: Daily Grind (vendor 4, open all day, take-away) sells
 * croissants, muffins and banana bread with no options. Two of them get a small stock, so a crowd
 * of customers sells them out, some at place-order and some only when paying.
 */
export const LOAD_VENDOR = 4;
const BUTTER_CROISSANT = 414;
const ALMOND_CROISSANT = 415;
const BLUEBERRY_MUFFIN = 416;
const BANANA_BREAD = 417;

export const LIMITED_ITEMS = [ALMOND_CROISSANT, BLUEBERRY_MUFFIN] as const;

/** The n-th customer's basket: always something plentiful; every third an almond croissant, every fourth two muffins. */
export function loadBasket(index: number): OrderLine[] {
  const lines: OrderLine[] = [
    { menuItemId: index % 2 === 0 ? BUTTER_CROISSANT : BANANA_BREAD, quantity: 1 + (index % 3), modifiers: [] },
  ];
  if (index % 3 === 0) lines.push({ menuItemId: ALMOND_CROISSANT, quantity: 1, modifiers: [] });
  if (index % 4 === 1) lines.push({ menuItemId: BLUEBERRY_MUFFIN, quantity: 2, modifiers: [] });
  return lines;
}

/** Limited stock well below what `total` customers of `loadBasket` ask for. */
export function limitedStock(total: number): StockPlan[] {
  return [
    { itemId: ALMOND_CROISSANT, initial: Math.max(2, Math.floor(total / 3 / 3)) },
    { itemId: BLUEBERRY_MUFFIN, initial: Math.max(2, Math.floor((total / 4) * 2 * 0.4)) },
  ];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `condition()` holds, checking every 50 ms; fails with `what` after `timeoutMs`. */
export async function waitUntil(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting until ${what}`);
    await sleep(50);
  }
}

/** Runs a promise in the background, remembering how it ended, so a test can wait on other things meanwhile. */
export function background(promise: Promise<unknown>) {
  const state: { done: boolean; error: unknown } = { done: false, error: undefined };
  const settled = promise.then(
    () => {
      state.done = true;
    },
    (error: unknown) => {
      state.error = error;
      state.done = true;
    },
  );
  return {
    get done() {
      return state.done;
    },
    /** Waits for the end; rethrows its failure. */
    async finish() {
      await settled;
      if (state.error !== undefined) throw state.error;
    },
  };
}
