import { thumbnailSources } from '../../../lib/display-asset';
import { PaymentTotal, type PaymentTotalProps } from './payment-total';
import styles from './payment.module.css';

/** The store paid (its logo and name) and what the customer pays it. */
export function PaymentOrderCard({
  logoId,
  storeName,
  ...total
}: { logoId: number | null; storeName: string } & PaymentTotalProps) {
  return (
    <div className={styles.card}>
      <div className={styles.vendor}>
        {logoId !== null ? (
          <img className={styles.logo} {...thumbnailSources(logoId, 56)} alt="" width={56} height={56} />
        ) : (
          <span className={styles.logo} aria-hidden="true" />
        )}
        <span className={styles.storeName}>{storeName}</span>
      </div>
      <PaymentTotal {...total} />
    </div>
  );
}
