import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import styles from './layout.module.css';

export interface LayoutProps {
  /** the branded header bar; omitted on screens with their own hero */
  header?: ReactNode;
  /** the step header of the order flow */
  steps?: ReactNode;
  /** a bar kept in view under the step header (e.g. menu sections) */
  toolbar?: ReactNode;
  /** a full-width banner under the header that scrolls away with the page */
  hero?: ReactNode;
  /** the screen's primary action(s), fixed full width at the bottom */
  action?: ReactNode;
  children: ReactNode;
}

/**
 * Keeps the heights of the sticky top and the fixed action bar in --sticky-top and --action-bar on
 * the page, so the page's scroll padding brings a control that takes focus out from under them
 * (WCAG 2.4.11).
 */
function useBarHeights(top: RefObject<HTMLElement | null>, bar: RefObject<HTMLElement | null>, key: string) {
  useEffect(() => {
    const root = document.documentElement.style;
    const measure = () => {
      // Both read before either is written: a read after a write would lay the page out again.
      const heights = {
        '--sticky-top': top.current?.offsetHeight ?? 0,
        '--action-bar': bar.current?.offsetHeight ?? 0,
      };
      for (const [name, height] of Object.entries(heights)) {
        if (root.getPropertyValue(name) !== `${height}px`) root.setProperty(name, `${height}px`);
      }
    };
    // A ResizeObserver reports each element's size once when observed, after the browser's own
    // layout and before paint, so nothing is measured here: a read inside the commit would make the
    // browser lay the whole screen out within React's task.
    if (typeof ResizeObserver === 'undefined') {
      measure();
      return;
    }
    const observer = new ResizeObserver(measure);
    for (const element of [top.current, bar.current]) if (element) observer.observe(element);
    return () => {
      observer.disconnect();
      root.removeProperty('--sticky-top');
      root.removeProperty('--action-bar');
    };
  }, [top, bar, key]);
}

/** Space kept between a focused control and a fixed bar. */
const CLEARANCE_PX = 8;

/** Whether an element is partly hidden by the sticky top or the fixed action bar. */
export function isUnderBars(element: Element, top: HTMLElement | null, bar: HTMLElement | null): boolean {
  const rect = element.getBoundingClientRect();
  if (rect.width === 0 && rect.height === 0) return false;
  if (top && getComputedStyle(top).position === 'sticky') {
    const topRect = top.getBoundingClientRect();
    if (topRect.bottom > 0 && rect.top < topRect.bottom + CLEARANCE_PX) return true;
  }
  if (bar) {
    const barRect = bar.getBoundingClientRect();
    if (rect.bottom > barRect.top - CLEARANCE_PX) return true;
  }
  return false;
}

/**
 * The page's scroll padding covers focus moved by Tab, but not a field focused by a tap or by the
 * phone's keyboard moving to the next field (browsers leave a field that is partly in view where
 * it is), nor the keyboard opening over it. Whatever moved focus, a control left partly under a
 * bar is scrolled wholly clear of it (WCAG 2.4.12).
 */
function useFocusKeptClear(top: RefObject<HTMLElement | null>, bar: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const keepClear = () => {
      const focused = document.activeElement;
      if (!focused || focused === document.body || !('scrollIntoView' in focused)) return;
      if (top.current?.contains(focused) || bar.current?.contains(focused)) return;
      if (focused.closest('dialog, [role="dialog"]')) return;
      if (isUnderBars(focused, top.current, bar.current)) focused.scrollIntoView({ block: 'nearest' });
    };
    // after the browser's own scrolling for the focus (and the keyboard's), not before it
    const soon = () => requestAnimationFrame(keepClear);
    document.addEventListener('focusin', soon);
    window.visualViewport?.addEventListener('resize', soon);
    return () => {
      document.removeEventListener('focusin', soon);
      window.visualViewport?.removeEventListener('resize', soon);
    };
  }, [top, bar]);
}

/** A screen: header, step header, a centred column (max 480 px) and an optional bottom action bar. */
export function Layout({ header, steps, toolbar, hero, action, children }: LayoutProps) {
  const topRef = useRef<HTMLDivElement>(null);
  const barRef = useRef<HTMLDivElement>(null);
  const hasTop = Boolean(header || steps || toolbar);
  useBarHeights(topRef, barRef, `${hasTop}-${Boolean(action)}`);
  useFocusKeptClear(topRef, barRef);
  return (
    <div className={styles.screen}>
      {hasTop && (
        <div ref={topRef} className={styles.top} data-sticky-top="">
          {header}
          {steps}
          {toolbar}
        </div>
      )}
      {hero}
      <main id="main" className={action ? `${styles.main} ${styles.withAction}` : styles.main}>
        {children}
      </main>
      {action && (
        <div ref={barRef} className={styles.actionBar}>
          <div className={styles.actionInner}>{action}</div>
        </div>
      )}
    </div>
  );
}

/** The branded top bar with the venue name. */
export function BrandHeader({ venueName, children }: { venueName: string; children?: ReactNode }) {
  return (
    <header className={styles.brandHeader}>
      <div className={styles.brandInner}>
        <span className={styles.badge} aria-hidden="true">
          {venueName.trim().charAt(0).toUpperCase()}
        </span>
        <span className={styles.venueName}>{venueName}</span>
        {children}
      </div>
    </header>
  );
}
