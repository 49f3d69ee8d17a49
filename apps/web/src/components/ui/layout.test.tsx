// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { isUnderBars, Layout } from './layout';

const rect = (top: number, bottom: number) =>
  ({ top, bottom, left: 0, right: 390, width: 390, height: bottom - top, x: 0, y: top, toJSON: () => ({}) }) as DOMRect;

function place(element: Element, top: number, bottom: number) {
  vi.spyOn(element, 'getBoundingClientRect').mockReturnValue(rect(top, bottom));
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('isUnderBars', () => {
  const top = document.createElement('div');
  top.style.position = 'sticky';
  const bar = document.createElement('div');
  beforeEach(() => {
    place(top, 0, 120);
    place(bar, 724, 844);
  });

  it('finds a field half under the fixed action bar, or under the sticky top', () => {
    const field = document.createElement('input');
    place(field, 700, 748);
    expect(isUnderBars(field, top, bar)).toBe(true);
    place(field, 100, 148);
    expect(isUnderBars(field, top, bar)).toBe(true);
  });

  it('leaves a field wholly clear of both', () => {
    const field = document.createElement('input');
    place(field, 300, 348);
    expect(isUnderBars(field, top, bar)).toBe(false);
  });

  it('ignores the top when it does not stick (a short window)', () => {
    const field = document.createElement('input');
    const staticTop = document.createElement('div');
    place(staticTop, 0, 120);
    place(field, 100, 148);
    expect(isUnderBars(field, staticTop, bar)).toBe(false);
  });
});

/** A layout with an action bar at the foot of a 844 px screen and a field placed at `top`..`bottom`. */
async function focusFieldAt(top: number, bottom: number) {
  const scrollIntoView = vi.fn();
  Element.prototype.scrollIntoView = scrollIntoView;
  render(
    <Layout action={<button type="button">Pay</button>}>
      <label>
        Email <input />
      </label>
    </Layout>,
  );
  const bar = screen.getByRole('button', { name: 'Pay' }).closest('div')!.parentElement!;
  place(bar, 724, 844);
  const field = screen.getByRole('textbox', { name: 'Email' });
  place(field, top, bottom);
  field.focus();
  // the check runs in the frame after focus
  await new Promise((resolve) => requestAnimationFrame(resolve));
  await new Promise((resolve) => requestAnimationFrame(resolve));
  return scrollIntoView;
}

describe('Layout', () => {
  it('scrolls a field focused by a tap out from under the action bar', async () => {
    expect(await focusFieldAt(700, 748)).toHaveBeenCalledWith({ block: 'nearest' });
  });

  it('leaves a field in clear view where it is', async () => {
    expect(await focusFieldAt(300, 348)).not.toHaveBeenCalled();
  });
});

describe('Layout bar heights (--sticky-top and --action-bar for the scroll padding)', () => {
  /** A ResizeObserver stand-in: the test says when the browser reports sizes. */
  function observers() {
    const made: Array<{ report: () => void; observed: Element[] }> = [];
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observed: Element[] = [];
        constructor(callback: () => void) {
          made.push({ report: () => callback(), observed: this.observed });
        }
        observe(element: Element) {
          this.observed.push(element);
        }
        disconnect() {}
      },
    );
    return made;
  }
  const heights = () => {
    const reads = { count: 0 };
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(() => {
      reads.count += 1;
      return 64;
    });
    return reads;
  };
  const screenWithBars = () => (
    <Layout steps={<p>Step</p>} action={<button type="button">Pay</button>}>
      <p>Body</p>
    </Layout>
  );
  const property = (name: string) => document.documentElement.style.getPropertyValue(name);

  afterEach(() => vi.unstubAllGlobals());

  it('measures when the browser reports the bars laid out, not while the screen renders', () => {
    const made = observers();
    const reads = heights();
    render(screenWithBars());
    expect(reads.count).toBe(0);
    expect(made[0]!.observed).toHaveLength(2);
    made[0]!.report();
    expect(property('--sticky-top')).toBe('64px');
    expect(property('--action-bar')).toBe('64px');
    cleanup();
    expect(property('--sticky-top')).toBe('');
  });

  it('reads both heights before it writes either, and writes only what changed', () => {
    const made = observers();
    const order: string[] = [];
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(() => {
      order.push('read');
      return 64;
    });
    const style = document.documentElement.style;
    const setProperty = style.setProperty.bind(style);
    vi.spyOn(style, 'setProperty').mockImplementation((name, value) => {
      order.push('write');
      setProperty(name, value);
    });
    render(screenWithBars());
    made[0]!.report();
    expect(order).toEqual(['read', 'read', 'write', 'write']);
    made[0]!.report();
    expect(order.slice(4)).toEqual(['read', 'read']);
  });

  it('measures at once where there is no ResizeObserver', () => {
    vi.stubGlobal('ResizeObserver', undefined);
    heights();
    render(screenWithBars());
    expect(property('--action-bar')).toBe('64px');
  });
});
