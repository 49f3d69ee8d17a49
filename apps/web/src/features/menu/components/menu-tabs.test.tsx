// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { sectionId } from '../lib/menu-view';
import { MenuTabs } from './menu-tabs';

const TYPES = ['Burgers', 'Sides', 'Drinks'];

const rect = (top: number) =>
  ({
    top,
    bottom: top + 300,
    left: 0,
    right: 390,
    width: 390,
    height: 300,
    x: 0,
    y: top,
    toJSON: () => ({}),
  }) as DOMRect;

/** The menu's sections below the tabs, each at a top the test moves as the page 'scrolls'. */
function sections(tops: number[]) {
  const reads = { count: 0 };
  const elements = TYPES.map((type, index) => {
    const section = document.createElement('section');
    section.id = sectionId(type);
    let top = tops[index]!;
    vi.spyOn(section, 'getBoundingClientRect').mockImplementation(() => {
      reads.count += 1;
      return rect(top);
    });
    document.body.append(section);
    return { move: (to: number) => (top = to) };
  });
  return { elements, reads };
}

const nextFrame = () => act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));
const current = () => screen.getByRole('link', { current: true }).textContent;

afterEach(() => {
  cleanup();
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

describe('menu tabs (spec §2 menu grouped by item type; ui.md sticky tabs)', () => {
  it('marks the first section at the top of the page, and reads no layout while the menu renders', async () => {
    const { reads } = sections([0, 600, 1200]);
    render(<MenuTabs itemTypes={TYPES} />);
    expect(reads.count).toBe(0);
    expect(current()).toBe('Burgers');
    await nextFrame();
    expect(current()).toBe('Burgers');
  });

  it('marks the section scrolled to, measuring once a frame however often the page scrolls', async () => {
    const { elements, reads } = sections([0, 600, 1200]);
    render(<MenuTabs itemTypes={TYPES} />);
    await nextFrame();
    elements.forEach((section, index) => section.move([-900, -300, 4][index]!));
    reads.count = 0;
    for (let i = 0; i < 5; i += 1) window.dispatchEvent(new Event('scroll'));
    expect(reads.count).toBe(0);
    await nextFrame();
    expect(reads.count).toBe(TYPES.length);
    expect(current()).toBe('Drinks');
  });

  it('marks the last section at the foot of the page, though it is too short to reach the top', async () => {
    const { elements } = sections([0, 600, 1200]);
    render(<MenuTabs itemTypes={TYPES} />);
    await nextFrame();
    elements.forEach((section, index) => section.move([-1100, -500, 300][index]!));
    vi.spyOn(document.documentElement, 'scrollHeight', 'get').mockReturnValue(1944);
    vi.spyOn(window, 'scrollY', 'get').mockReturnValue(1100);
    vi.spyOn(window, 'innerHeight', 'get').mockReturnValue(844);
    window.dispatchEvent(new Event('scroll'));
    await nextFrame();
    expect(current()).toBe('Drinks');
  });

  it('shows no tabs for a menu of one section', () => {
    sections([0, 600, 1200]);
    render(<MenuTabs itemTypes={['Burgers']} />);
    expect(screen.queryByRole('navigation', { name: 'Menu sections' })).toBeNull();
  });
});
