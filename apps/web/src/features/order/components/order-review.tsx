import type { PaymentSummary } from '@venue/contract/order-payment';
import { formatMoney } from '@venue/domain/money';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/loader';
import { reviewOf } from '../lib/payment-summary';
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
    return (
      <div className={styles.problem} role="alert">
        <p className={styles.problemText}>{error}</p>
        <Button variant="secondary" onClick={onRetry}>
          Try again
        </Button>
      </div>
    );
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

  const review = reviewOf(summary);
  return (
    <div className={styles.card}>
      <table className={styles.table}>
        <caption className="visually-hidden">Your order</caption>
        <thead>
          <tr>
            <th scope="col" className={styles.nameCol}>
              Item
            </th>
            <th scope="col" className={styles.num}>
              Qty
            </th>
            <th scope="col" className={styles.num}>
              Price
            </th>
          </tr>
        </thead>
        {review.rows.map((row, index) => (
          <tbody key={index} className={styles.itemGroup}>
            <tr>
              <th scope="row" className={styles.itemName}>
                {row.item.name}
              </th>
              <td className={styles.num}>{row.item.quantity}</td>
              <td className={styles.num}>{formatMoney(row.item.price.minorAmount)}</td>
            </tr>
            {row.modifiers.map((modifier, modIndex) => (
              <tr key={modIndex} className={styles.modifier}>
                <td>
                  <span aria-hidden="true">+ </span>
                  {modifier.name}
                </td>
                <td className={styles.num}>{modifier.quantity}</td>
                <td className={styles.num}>{formatMoney(modifier.price.minorAmount)}</td>
              </tr>
            ))}
          </tbody>
        ))}
      </table>
      <dl className={styles.totals}>
        {review.subTotals.map((sub) => (
          <div key={sub.name} className={styles.totalRow}>
            <dt>{sub.name}</dt>
            <dd>{formatMoney(sub.minor)}</dd>
          </div>
        ))}
        {review.charges.map((charge, index) => (
          <div key={index} className={styles.totalRow}>
            <dt>{charge.name}</dt>
            <dd>{formatMoney(charge.price.minorAmount)}</dd>
          </div>
        ))}
        <div className={`${styles.totalRow} ${styles.grand}`}>
          <dt>Grand Total</dt>
          <dd>{formatMoney(review.totalMinor)}</dd>
        </div>
      </dl>
    </div>
  );
}
