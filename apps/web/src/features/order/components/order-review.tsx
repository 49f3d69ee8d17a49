import type { PaymentSummary } from '@venue/contract/order-payment';
import { summaryView } from '@venue/domain/payment-summary';
import { PaymentSummaryTable } from '../../../components/payment-summary/payment-summary';
import { Notice } from '../../../components/ui/notice';
import { Skeleton } from '../../../components/ui/loader';
import styles from './order-review.module.css';

export interface OrderReviewProps {
  summary: PaymentSummary | null;
  loading: boolean;
  /** the server's message when it refused to price the order */
  error: string | null;
  onRetry: () => void;
}

/** Spec §2 confirm order: the item table (modifiers under their item), subtotal, service charges and Grand Total, from the server. */
export function OrderReview({ summary, loading, error, onRetry }: OrderReviewProps) {
  if (error) {
    return <Notice action={{ label: 'Try again', onClick: onRetry }}>{error}</Notice>;
  }
  if (loading || !summary) {
    return (
      <div className={styles.card} role="status" aria-label="Calculating your order">
        {[0, 1, 2].map((key) => (
          <div key={key} className={styles.skeletonRow}>
            <Skeleton width="55%" height={18} />
            <Skeleton width={48} height={18} />
          </div>
        ))}
        <div className={styles.skeletonRow}>
          <Skeleton width="35%" height={22} />
          <Skeleton width={72} height={22} />
        </div>
      </div>
    );
  }

  return (
    <div className={styles.card}>
      <PaymentSummaryTable view={summaryView(summary)} caption="Your order" />
    </div>
  );
}
