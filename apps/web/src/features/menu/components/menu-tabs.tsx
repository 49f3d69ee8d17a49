import { useEffect, useRef, useState } from 'react';
import { sectionId } from '../lib/menu-view';
import styles from './menu-tabs.module.css';

/**
 * The bottom edge of the sticky top bar, so a section scrolled to is not hidden under it (0 once a
 * top that does not stick, in a short window, has scrolled away).
 */
function stickyTopBottom(): number {
  const top = document.querySelector('[data-sticky-top]');
  return top ? Math.max(0, top.getBoundingClientRect().bottom) : 0;
}

/** Sticky item-type links (spec §2 menu grouped by item type; ui.md sticky tabs); the section in view is marked. */
export function MenuTabs({ itemTypes }: { itemTypes: string[] }) {
  const [current, setCurrent] = useState(itemTypes[0] ?? '');
  const tabs = useRef(new Map<string, HTMLAnchorElement>());

  useEffect(() => {
    // Where the sections are is read in an animation frame, once per frame however often the page
    // scrolls, and not while the menu is being committed: a layout read there would make the
    // browser lay the whole menu out inside the render's task, lengthening the page's longest task.
    let frame = 0;
    const markInView = () => {
      frame = 0;
      const edge = stickyTopBottom() + 8;
      let inView = itemTypes[0] ?? '';
      for (const type of itemTypes) {
        const section = document.getElementById(sectionId(type));
        if (section && section.getBoundingClientRect().top <= edge) inView = type;
      }
      // At the foot of the page the last sections are all in view, and one too short to reach the
      // top never would be: the last is the one marked (its tab, tapped, scrolls here).
      const page = document.documentElement;
      if (window.scrollY > 0 && window.scrollY + window.innerHeight >= page.scrollHeight - 2) {
        inView = itemTypes[itemTypes.length - 1] ?? inView;
      }
      setCurrent(inView);
    };
    const onScroll = () => {
      frame ||= requestAnimationFrame(markInView);
    };
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
    };
  }, [itemTypes]);

  useEffect(() => {
    // Keeps the current tab in view in the sideways-scrolling bar, scrolling the bar alone: the page
    // itself must not move (a focused control further down would be scrolled away). Measured in a
    // frame too, for the same reason.
    const frame = requestAnimationFrame(() => {
      const tab = tabs.current.get(current);
      const bar = tab?.closest('ul');
      if (!tab || !bar) return;
      const offset = tab.getBoundingClientRect().left - bar.getBoundingClientRect().left;
      bar.scrollLeft += offset - (bar.clientWidth - tab.offsetWidth) / 2;
    });
    return () => cancelAnimationFrame(frame);
  }, [current]);

  if (itemTypes.length < 2) return null;
  return (
    <nav className={styles.tabs} aria-label="Menu sections">
      <ul className={styles.list}>
        {itemTypes.map((type) => (
          <li key={type}>
            <a
              href={`#${sectionId(type)}`}
              ref={(element) => {
                if (element) tabs.current.set(type, element);
                else tabs.current.delete(type);
              }}
              className={type === current ? `${styles.tab} ${styles.current}` : styles.tab}
              {...(type === current ? { 'aria-current': 'true' as const } : {})}
              onClick={(event) => {
                const section = document.getElementById(sectionId(type));
                if (!section) return;
                event.preventDefault();
                const y = window.scrollY + section.getBoundingClientRect().top - stickyTopBottom() - 8;
                const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
                window.scrollTo({ top: y, behavior: reduce ? 'auto' : 'smooth' });
                setCurrent(type);
              }}
            >
              {type}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
