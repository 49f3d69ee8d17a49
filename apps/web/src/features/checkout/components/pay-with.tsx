import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { ENTER_EMAIL_LABEL, ENTER_PHONE_LABEL, SELECT_SERVICE_MODE_TEXT, type PayBlocker } from '../lib/pay-readiness';
import styles from './checkout.module.css';

/**
 * Spec §5 contact screen action: while something is missing, the disabled button (or text) that
 * says what; then 'Pay With' the wallets on offer and the card button.
 */
export function PayWith({
  blocker,
  wallets,
  children,
}: {
  blocker: PayBlocker | undefined;
  /** the wallet buttons, when a wallet is on offer */
  wallets: ReactNode;
  /** the card button */
  children: ReactNode;
}) {
  if (blocker === 'phone' || blocker === 'email') {
    return (
      <Button block disabled>
        {blocker === 'phone' ? ENTER_PHONE_LABEL : ENTER_EMAIL_LABEL}
      </Button>
    );
  }
  if (blocker === 'serviceMode') {
    return (
      <p className={styles.info} role="status">
        {SELECT_SERVICE_MODE_TEXT}
      </p>
    );
  }
  return (
    <div className={styles.payWith} role="group" aria-labelledby="pay-with-label">
      <span className={styles.payWithLabel} id="pay-with-label">
        Pay With
      </span>
      {wallets && <div className={styles.wallets}>{wallets}</div>}
      {children}
    </div>
  );
}
