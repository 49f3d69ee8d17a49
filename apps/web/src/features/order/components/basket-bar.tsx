import { formatMoney } from '@venue/domain/money';
import { Button } from '../../../components/ui/button';
import type { ConfirmButtonState } from '../lib/confirm-button';
import styles from './basket-bar.module.css';

export interface BasketBarProps {
  itemCount: number;
  totalMinor: number;
  button: ConfirmButtonState;
  /** both 'Review Order' and 'Confirm my order' lead to the order review */
  onReview: () => void;
}

/** The place-order bottom bar: the basket's size and total with 'Review Order', and the confirm button. */
export function BasketBar({ itemCount, totalMinor, button, onReview }: BasketBarProps) {
  return (
    <>
      {itemCount > 0 && (
        <div className={styles.summary}>
          <span className={styles.count}>
            {itemCount} {itemCount === 1 ? 'item' : 'items'}
          </span>
          <span className={styles.total} aria-label={`Basket total ${formatMoney(totalMinor)}`}>
            {formatMoney(totalMinor)}
          </span>
          <Button variant="quiet" className={styles.review} onClick={onReview} disabled={!button.enabled}>
            Review Order
          </Button>
        </div>
      )}
      <Button block onClick={onReview} disabled={!button.enabled} data-confirm-kind={button.kind}>
        {button.label}
      </Button>
    </>
  );
}
