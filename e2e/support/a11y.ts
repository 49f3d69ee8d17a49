import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { screenshot } from './screenshots.ts';
import { eventually } from './ui.ts';

/**
 * Issue 7 accessibility bars (WCAG 2.2 AA), checked on whatever the page shows right now: axe-core
 * finds nothing, every control is a 44×44 CSS px touch target, and nothing scrolls sideways at
 * 320 px wide or at 200 % zoom of the 390 px phone (195 CSS px).
 */

/** axe-core's WCAG 2.0 A/AA, 2.1 AA and 2.2 AA rules (target-size runs only with wcag22aa). */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'];

/** ui.md: touch targets ≥ 44×44 px. */
export const MIN_TARGET_PX = 44;

/** Widths with no sideways scroll: the narrowest phone, and the 390 px phone zoomed to 200 %. */
export const REFLOW_WIDTHS = [320, 195] as const;

/**
 * Waits until entrance animations (modal fade/rise, toasts) have finished, so colours are measured
 * at rest. Endless animations (spinners, skeleton shimmer) are left running.
 */
export async function animationsSettled(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document.getAnimations().every((animation) => {
        const iterations = animation.effect?.getTiming().iterations ?? 1;
        return iterations === Infinity || animation.playState !== 'running';
      }),
    undefined,
    { timeout: 30_000 },
  );
}

export interface AxeViolationSummary {
  id: string;
  impact: string | null | undefined;
  help: string;
  nodes: { target: string; summary: string }[];
}

/** Runs axe-core with the WCAG tags; returns the violations in a readable form. */
export async function axeViolations(page: Page): Promise<AxeViolationSummary[]> {
  await animationsSettled(page);
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return results.violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact,
    help: violation.help,
    nodes: violation.nodes.map((node) => ({
      target: node.target.map(String).join(' '),
      summary: (node.failureSummary ?? '').replace(/\s+/g, ' ').trim(),
    })),
  }));
}

function describeViolations(where: string, violations: AxeViolationSummary[]): string {
  return [
    `axe-core found ${violations.length} violation(s) on ${where}:`,
    ...violations.flatMap((v) => [
      `- ${v.id} (${v.impact ?? 'n/a'}): ${v.help}`,
      ...v.nodes.map((n) => `    at ${n.target}: ${n.summary}`),
    ]),
  ].join('\n');
}

/** Asserts axe-core finds no WCAG 2.2 AA violation on what the page shows (modals included). */
export async function expectNoAxeViolations(page: Page, where: string): Promise<void> {
  const violations = await axeViolations(page);
  if (violations.length > 0) console.log(describeViolations(where, violations));
  expect(
    violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`),
    where,
  ).toEqual([]);
}

export interface SmallTarget {
  what: string;
  width: number;
  height: number;
}

/**
 * Every control the customer can tap right now (outside inert content) whose target is smaller
 * than 44×44 CSS px. A checkbox or radio counts with its label (the label takes the tap). Links
 * inside a sentence are exempt, as WCAG 2.5.8 exempts inline targets.
 */
export async function smallTargets(page: Page, min = MIN_TARGET_PX): Promise<SmallTarget[]> {
  return page.evaluate((minimum) => {
    const selector = [
      'button',
      'a[href]',
      'input:not([type="hidden"])',
      'select',
      'textarea',
      'summary',
      '[role="button"]',
      '[role="link"]',
      '[role="tab"]',
      '[role="option"]',
      '[role="checkbox"]',
      '[role="radio"]',
      '[role="switch"]',
      '[tabindex]:not([tabindex="-1"])',
    ].join(', ');
    const describe = (element: Element) => {
      const name =
        element.getAttribute('aria-label') ??
        (element as HTMLInputElement).labels?.[0]?.textContent ??
        element.textContent ??
        '';
      const id = element.id ? `#${element.id}` : '';
      return `${element.tagName.toLowerCase()}${id} "${name.replace(/\s+/g, ' ').trim().slice(0, 60)}"`;
    };
    const isInline = (element: Element) => {
      if (element.tagName !== 'A') return false;
      if (getComputedStyle(element).display !== 'inline') return false;
      const parent = element.parentElement;
      if (!parent) return false;
      const own = (element.textContent ?? '').trim();
      const around = (parent.textContent ?? '').replace(own, '').trim();
      return around.length > 0;
    };
    const union = (rects: DOMRect[]) => {
      const left = Math.min(...rects.map((r) => r.left));
      const top = Math.min(...rects.map((r) => r.top));
      const right = Math.max(...rects.map((r) => r.right));
      const bottom = Math.max(...rects.map((r) => r.bottom));
      return { width: right - left, height: bottom - top };
    };
    const small: { what: string; width: number; height: number }[] = [];
    for (const element of Array.from(document.querySelectorAll(selector))) {
      if (element.closest('[inert]')) continue;
      if ((element as HTMLElement).matches(':disabled') && element.tagName !== 'BUTTON') continue;
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      const rect = element.getBoundingClientRect();
      const input = element as HTMLInputElement;
      const labels = input.labels ? Array.from(input.labels) : [];
      if ((input.type === 'checkbox' || input.type === 'radio') && labels.length > 0) {
        const box = union([rect, ...labels.map((label) => label.getBoundingClientRect())]);
        if (box.width < minimum || box.height < minimum) small.push({ what: describe(element), ...box });
        continue;
      }
      if (rect.width === 0 && rect.height === 0) continue;
      // Visually hidden controls (1×1 clip) take taps through their label.
      if (rect.width <= 1 && rect.height <= 1) {
        if (labels.length === 0) small.push({ what: describe(element), width: rect.width, height: rect.height });
        continue;
      }
      if (isInline(element)) continue;
      if (rect.width < minimum - 0.5 || rect.height < minimum - 0.5)
        small.push({ what: describe(element), width: Math.round(rect.width), height: Math.round(rect.height) });
    }
    return small;
  }, min);
}

/** Asserts every tappable control is at least 44×44 CSS px. */
export async function expectTouchTargets(page: Page, where: string): Promise<void> {
  const small = await smallTargets(page);
  expect(
    small.map((t) => `${t.what}: ${t.width}×${t.height}`),
    `touch targets under ${MIN_TARGET_PX}×${MIN_TARGET_PX} px on ${where}`,
  ).toEqual([]);
}

/** Whether the document scrolls sideways (wider content than the viewport), and what sticks out. */
export async function sidewaysOverflow(
  page: Page,
): Promise<{ scrollWidth: number; clientWidth: number; wide: string[] }> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const width = root.clientWidth;
    const out: Element[] = [];
    for (const element of Array.from(document.querySelectorAll('body *'))) {
      const rect = element.getBoundingClientRect();
      if (rect.width === 0 || rect.right <= width + 0.5) continue;
      // Content inside a sideways-scrolling container (menu tabs) does not widen the page.
      let clipped = false;
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        const overflowX = getComputedStyle(parent).overflowX;
        if (overflowX !== 'visible' && parent.getBoundingClientRect().right <= width + 0.5) {
          clipped = true;
          break;
        }
      }
      if (!clipped) out.push(element);
    }
    // The innermost elements that stick out say what is too wide; their containers only follow.
    const innermost = out.filter((element) => !out.some((other) => other !== element && element.contains(other)));
    const wide = innermost.slice(0, 8).map((element) => {
      const classes = typeof element.className === 'string' ? element.className.split(' ')[0] : '';
      const words = (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 30);
      const right = Math.round(element.getBoundingClientRect().right);
      return `${element.tagName.toLowerCase()}${classes ? `.${classes}` : ''} "${words}" right=${right}`;
    });
    return { scrollWidth: Math.max(root.scrollWidth, document.body.scrollWidth), clientWidth: width, wide };
  });
}

/**
 * Asserts nothing scrolls sideways at 320 px and at 195 px wide (200 % zoom of the phone), then
 * restores the viewport.
 */
export async function expectReflow(page: Page, where: string): Promise<void> {
  const original = page.viewportSize();
  try {
    for (const width of REFLOW_WIDTHS) {
      const height = width === 195 ? 422 : 640;
      await page.setViewportSize({ width, height });
      const overflow = await eventually(
        () => sidewaysOverflow(page),
        (o) => o.scrollWidth <= o.clientWidth && o.wide.length === 0,
        3_000,
      );
      if (overflow.scrollWidth > overflow.clientWidth || overflow.wide.length > 0) {
        await screenshot(page, `reflow-${width}-${where}`);
        console.log(
          `${where} at ${width} px: the page is ${overflow.scrollWidth} px wide; sticking out:\n  ${overflow.wide.join('\n  ')}`,
        );
      }
      expect(
        [`page ${overflow.scrollWidth} px wide in ${overflow.clientWidth} px`, ...overflow.wide],
        `no sideways scroll on ${where} at ${width} px wide`,
      ).toEqual([`page ${overflow.clientWidth} px wide in ${overflow.clientWidth} px`]);
    }
  } finally {
    if (original) await page.setViewportSize(original);
  }
}

/** Every bar on what the page shows now: axe-core, touch targets, reflow at 320 px and 200 % zoom. */
export async function expectAccessibleScreen(page: Page, where: string): Promise<void> {
  await expectNoAxeViolations(page, where);
  await expectTouchTargets(page, where);
  await expectReflow(page, where);
}

/**
 * Checks many screens of one journey and reports every problem at the end, so one run shows all
 * that is wrong rather than the first thing only.
 */
export class ScreenAudit {
  readonly problems: string[] = [];
  readonly checked: string[] = [];

  constructor(private readonly page: Page) {}

  /** Runs every bar on what the page shows now and keeps what fails. */
  async check(where: string): Promise<void> {
    this.checked.push(where);
    await screenshot(this.page, `a11y-${where}`);
    for (const bar of [expectNoAxeViolations, expectTouchTargets, expectReflow]) {
      try {
        await bar(this.page, where);
      } catch (error) {
        this.problems.push(error instanceof Error ? error.message : String(error));
      }
    }
  }

  /** Fails with every problem found, if any. */
  expectClean(): void {
    expect(this.problems, `accessibility problems on ${this.checked.join(', ')}`).toEqual([]);
  }
}
