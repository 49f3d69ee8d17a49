import styles from './claim-ticket.module.css';

/** The order number (claim ticket), large enough to show a staff member across a counter. */
export function ClaimTicket({ claimTicket, label = 'Order number' }: { claimTicket: string | null; label?: string }) {
  return (
    <div className={styles.ticket}>
      <span className={styles.label}>{label}</span>
      <strong className={styles.number} data-testid="claim-ticket">
        {claimTicket ?? '—'}
      </strong>
    </div>
  );
}
