import type { ReactNode } from 'react';
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

/** A screen: header, step header, a centred column (max 480 px) and an optional bottom action bar. */
export function Layout({ header, steps, toolbar, hero, action, children }: LayoutProps) {
  return (
    <div className={styles.screen}>
      {(header || steps || toolbar) && (
        <div className={styles.top} data-sticky-top="">
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
        <div className={styles.actionBar}>
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
