import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Keyboard-only use of the app (WCAG 2.1.1, 2.1.2, 2.4.3, 2.4.7): what has focus, whether it shows,
 * moving focus with Tab until a control is reached, and checking that a modal keeps focus inside.
 */

export interface FocusStop {
  /** tag, or the role attribute when there is one */
  role: string;
  /** the accessible name as a customer hears it (aria-label, label, or text) */
  name: string;
  /** inside an open dialog */
  inDialog: boolean;
  /** entirely hidden by other content (WCAG 2.4.11), or out of the viewport */
  obscured: boolean;
  /** the indicator drawn around it: outline and box-shadow as computed */
  outline: string;
  boxShadow: string;
  /**
   * whether focus changes how it is drawn: an outline at least 2 px wide, or a box-shadow, that the
   * same element without focus does not have
   */
  visible: boolean;
}

/** The element with focus now. */
export async function focused(page: Page): Promise<FocusStop | null> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body || element === document.documentElement) return null;
    const labels = (element as HTMLInputElement).labels;
    const labelledBy = element.getAttribute('aria-labelledby');
    const name =
      element.getAttribute('aria-label') ??
      (labelledBy
        ? labelledBy
            .split(/\s+/)
            .map((id) => document.getElementById(id)?.textContent ?? '')
            .join(' ')
        : null) ??
      (labels && labels.length > 0 ? Array.from(labels, (label) => label.textContent ?? '').join(' ') : null) ??
      (element as HTMLElement).innerText ??
      '';
    const style = getComputedStyle(element);
    // The same element without focus: a copy beside it, matched by the same rules but not :focus.
    const copy = element.cloneNode(false) as HTMLElement;
    copy.removeAttribute('id');
    // a checked radio's copy in the same group would uncheck the original
    copy.removeAttribute('name');
    copy.setAttribute('aria-hidden', 'true');
    element.after(copy);
    const rest = getComputedStyle(copy);
    const restOutline = `${rest.outlineStyle} ${rest.outlineWidth} ${rest.outlineColor}`;
    const restShadow = rest.boxShadow;
    copy.remove();
    const outline = `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`;
    const outlineShown =
      style.outlineStyle !== 'none' &&
      (parseFloat(style.outlineWidth) || 0) >= 2 &&
      !/rgba\(.*,\s*0\)$/.test(style.outlineColor) &&
      outline !== restOutline;
    const shadowShown = style.boxShadow !== 'none' && style.boxShadow !== restShadow;
    // WCAG 2.4.11: not entirely hidden by other content (a sticky header, the fixed action bar).
    const rect = element.getBoundingClientRect();
    const inset = (size: number) => Math.min(2, size / 4);
    const points = [
      [rect.left + rect.width / 2, rect.top + rect.height / 2],
      [rect.left + inset(rect.width), rect.top + inset(rect.height)],
      [rect.right - inset(rect.width), rect.top + inset(rect.height)],
      [rect.left + inset(rect.width), rect.bottom - inset(rect.height)],
      [rect.right - inset(rect.width), rect.bottom - inset(rect.height)],
    ];
    const labels2 = (element as HTMLInputElement).labels ? Array.from((element as HTMLInputElement).labels ?? []) : [];
    const seen = points.some(([x, y]) => {
      const hit = document.elementFromPoint(x ?? 0, y ?? 0);
      return hit !== null && (element.contains(hit) || hit.contains(element) || labels2.some((l) => l.contains(hit)));
    });
    return {
      obscured: !seen,
      role: element.getAttribute('role') ?? element.tagName.toLowerCase(),
      name: name.replace(/\s+/g, ' ').trim(),
      inDialog: element.closest('[role="dialog"], [role="alertdialog"], dialog[open]') !== null,
      outline,
      boxShadow: style.boxShadow,
      visible: outlineShown || shadowShown,
    };
  });
}

const matches = (stop: FocusStop | null, name: string | RegExp) =>
  stop !== null && (typeof name === 'string' ? stop.name === name : name.test(stop.name));

/** Asserts the focused element shows a focus indicator. */
export function expectVisibleFocus(stop: FocusStop | null, where: string): void {
  expect(stop, `something has focus (${where})`).not.toBeNull();
  expect(stop?.obscured, `${stop?.role} "${stop?.name}" with focus is not hidden under other content (${where})`).toBe(
    false,
  );
  expect(
    stop?.visible,
    `focus is visible on ${stop?.role} "${stop?.name}" (${where}): outline ${stop?.outline}, box-shadow ${stop?.boxShadow}`,
  ).toBe(true);
}

/**
 * Presses Tab (or Shift+Tab) until the control named `name` has focus, checking at every stop on
 * the way that focus is visible. Fails after `max` presses.
 */
export async function tabTo(
  page: Page,
  name: string | RegExp,
  options: { backwards?: boolean; max?: number } = {},
): Promise<FocusStop> {
  const max = options.max ?? 80;
  const key = options.backwards ? 'Shift+Tab' : 'Tab';
  const seen: string[] = [];
  let stop = await focused(page);
  if (matches(stop, name) && stop) return stop;
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press(key);
    stop = await focused(page);
    if (stop) {
      seen.push(`${stop.role} "${stop.name}"`);
      expectVisibleFocus(stop, `tabbing to ${String(name)}`);
    }
    if (matches(stop, name) && stop) return stop;
  }
  throw new Error(
    `"${String(name)}" never took focus in ${max} presses of ${key}; focus went to:\n  ${seen.join('\n  ')}`,
  );
}

/** Waits until the control named `name` has focus (after a modal opens or closes, say). */
export async function expectFocusOn(page: Page, name: string | RegExp, timeout = 10_000): Promise<FocusStop> {
  const deadline = Date.now() + timeout;
  let stop = await focused(page);
  while (!matches(stop, name) && Date.now() < deadline) {
    await page.waitForTimeout(100);
    stop = await focused(page);
  }
  expect(stop ? `${stop.role} "${stop.name}"` : 'nothing', 'the focused control').toMatch(
    typeof name === 'string' ? new RegExp(`"${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"$`) : name,
  );
  return stop as FocusStop;
}

/**
 * With a modal open: focus is inside it, and Tab and Shift+Tab go round its controls without ever
 * leaving it (each control seen, then the first again).
 */
export async function expectFocusTrapped(page: Page, where: string): Promise<void> {
  const count = await page.evaluate(() => {
    const dialogs = Array.from(document.querySelectorAll('[role="dialog"], [role="alertdialog"], dialog[open]'));
    const top = dialogs[dialogs.length - 1];
    if (!top) return 0;
    const selector =
      'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';
    // Tab stops once per radio group (on its checked radio), so a group counts once.
    const groups = new Set<string>();
    return Array.from(top.querySelectorAll(selector)).filter((element) => {
      if ((element as HTMLElement).offsetParent === null) return false;
      if (!(element instanceof HTMLInputElement) || element.type !== 'radio' || !element.name) return true;
      if (groups.has(element.name)) return false;
      groups.add(element.name);
      return true;
    }).length;
  });
  expect(count, `the modal on ${where} has controls`).toBeGreaterThan(0);
  for (const key of ['Tab', 'Shift+Tab']) {
    const names: string[] = [];
    for (let i = 0; i < count + 2; i += 1) {
      await page.keyboard.press(key);
      const stop = await focused(page);
      expect(
        stop?.inDialog,
        `${key} #${i + 1} keeps focus in the modal on ${where} (went to ${stop?.role} "${stop?.name}")`,
      ).toBe(true);
      expectVisibleFocus(stop, `${where}, ${key} #${i + 1}`);
      names.push(`${stop?.role} ${stop?.name}`);
    }
    // Round and back to the start: after `count` presses focus is where it was.
    expect(names[count], `${key} goes round the modal on ${where}: ${names.join(' → ')}`).toBe(names[0]);
  }
}
