import type { Money } from '@venue/contract/common';
import type { DeliveryAddress } from '@venue/contract/order';
import { addressLines, addressNote } from '@venue/domain/delivery-address';
import { formatMoney } from '@venue/domain/money';
import { Skeleton } from '../../../components/ui/loader';
import styles from './checkout.module.css';

/** The contact screen's grand total, and where a home delivery goes. */
export function ContactTotal({ total, deliverTo }: { total: Money | null; deliverTo: DeliveryAddress | null }) {
  return (
    <div className={styles.card}>
      <div className={styles.totalRow}>
        <span>Grand Total</span>
        {total ? <span>{formatMoney(total.minorAmount)}</span> : <Skeleton width={80} height={24} />}
      </div>
      {deliverTo && (
        <div className={styles.address}>
          <span className={styles.muted}>Deliver to</span>
          {addressLines(deliverTo).map((line) => (
            <span key={line}>{line}</span>
          ))}
          {addressNote(deliverTo) && <span className={styles.muted}>{addressNote(deliverTo)}</span>}
        </div>
      )}
    </div>
  );
}
