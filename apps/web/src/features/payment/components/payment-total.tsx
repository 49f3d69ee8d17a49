import type { PaymentSummary } from '@venue/contract/order-payment';
import { discountsOf, summaryView, type TotalLine } from '@venue/domain/payment-summary';
import { SummaryTotals } from '../../../components/payment-summary/payment-summary';
import { Button } from '../../../components/ui/button';
import styles from './payment.module.css';

/** The line above a coupon: what the order costs without it. */
export const ORDER_TOTAL_NAME = 'Order total';

export interface PaymentTotalProps {
  /** the server's summary of the order as it is priced now (its coupon as a line), when read */
  summary: PaymentSummary | null;
  /** the amount to pay, when the summary is not read yet */
  totalMinor: number | null;
  appliedCoupon: string | null;
  removing: boolean;
  onRemoveCoupon: () => void;
}

/**
 * What the customer pays. With a coupon: the order's total without it, the coupon's discount as
 * its own line and the Grand Total, which they add up to; the coupon can be taken off before paying.
 */
export function PaymentTotal({ summary, totalMinor, appliedCoupon, removing, onRemoveCoupon }: PaymentTotalProps) {
  if (!summary) {
    return totalMinor === null ? <SummaryPending /> : <SummaryTotals lines={[]} totalMinor={totalMinor} />;
  }
  const view = summaryView(summary);
  const { discounts, beforeMinor } = discountsOf(view);
  const lines: TotalLine[] =
    discounts.length > 0 ? [{ kind: 'subtotal', name: ORDER_TOTAL_NAME, minor: beforeMinor }, ...discounts] : [];
  return (
    <>
      <SummaryTotals lines={lines} totalMinor={view.totalMinor} />
      {appliedCoupon && (
        <div className={styles.couponApplied}>
          <p className={styles.muted}>Coupon {appliedCoupon} applied.</p>
          <Button variant="secondary" disabled={removing} onClick={onRemoveCoupon}>
            Remove coupon
          </Button>
        </div>
      )}
    </>
  );
}

function SummaryPending() {
  return (
    <div className={styles.totalRow}>
      <span>Grand Total</span>
      <span>…</span>
    </div>
  );
}
