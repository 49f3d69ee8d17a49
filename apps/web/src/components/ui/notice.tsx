import type { ReactNode, Ref } from 'react';
import { Button } from './button';
import styles from './notice.module.css';

export interface NoticeProps {
  /** what went wrong, in the customer's words */
  children: ReactNode;
  /** what the customer can do about it, e.g. 'Try again' */
  action?: { label: string; onClick: () => void } | null;
  /** given (e.g. useNotice's target), the notice can take focus so a screen reader reads it at once */
  ref?: Ref<HTMLDivElement>;
}

/** A screen's notice (spec §8: an unsuccessful step tells the customer): an alert, with an action when there is one. */
export function Notice({ children, action, ref }: NoticeProps) {
  return (
    <div className={styles.notice} role="alert" tabIndex={ref ? -1 : undefined} ref={ref}>
      {action ? <p>{children}</p> : children}
      {action && (
        <Button variant="secondary" onClick={action.onClick}>
          {action.label}
        </Button>
      )}
    </div>
  );
}
