import type { SummaryView } from '@venue/domain/payment-summary';
import { PaymentSummaryTable } from '../../../components/payment-summary/payment-summary';
import styles from './order-summary.module.css';

/** A read-only summary of the order: items with their options, charges and the Grand Total. */
export function OrderSummary({ summary }: { summary: SummaryView }) {
  return (
    <section className={styles.card} aria-labelledby="order-summary-heading">
      <h2 id="order-summary-heading" className={styles.heading}>
        Your order
      </h2>
      <PaymentSummaryTable view={summary} caption="What you ordered" />
    </section>
  );
}
