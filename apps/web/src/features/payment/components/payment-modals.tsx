import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import styles from './payment.module.css';

/** Spec §8: the card was charged but the order did not go through. */
export function IssuesModal({
  open,
  orderId,
  paymentId,
  storeName,
  phoneNumber,
  onStartNewOrder,
}: {
  open: boolean;
  orderId: number | null;
  paymentId: number | null;
  storeName: string;
  phoneNumber: string | null;
  onStartNewOrder: () => void;
}) {
  return (
    <Modal
      open={open}
      title="Issues Occurred"
      actions={
        <Button block onClick={onStartNewOrder}>
          Start a new order
        </Button>
      }
    >
      <p>Your payment succeeded, but your order did not go through.</p>
      <p>
        Please phone {storeName}
        {phoneNumber ? (
          <>
            {' '}
            on <a href={`tel:${phoneNumber.replace(/[^\d+]/g, '')}`}>{phoneNumber}</a>
          </>
        ) : null}{' '}
        and quote order <strong>{orderId ?? '—'}</strong> and payment <strong>{paymentId ?? '—'}</strong>.
      </p>
    </Modal>
  );
}

/** Spec §2/§5: the coupon modal; Apply stays disabled until a code is typed. */
export function CouponModal({
  open,
  applying,
  error,
  onApply,
  onClose,
}: {
  open: boolean;
  applying: boolean;
  error: string | null;
  onApply: (code: string) => void;
  onClose: () => void;
}) {
  const id = useId();
  const [code, setCode] = useState('');
  const trimmed = code.trim();
  return (
    <Modal
      open={open}
      title="Use a coupon"
      {...(applying ? {} : { onDismiss: onClose })}
      actions={
        <>
          <Button block disabled={trimmed === '' || applying} onClick={() => onApply(trimmed)}>
            {applying ? 'Applying…' : 'Apply'}
          </Button>
          <Button block variant="secondary" disabled={applying} onClick={onClose}>
            Cancel
          </Button>
        </>
      }
    >
      <div className={styles.field}>
        <label className={styles.label} htmlFor={`${id}-code`}>
          Coupon code
        </label>
        <input
          id={`${id}-code`}
          className={styles.input}
          autoComplete="off"
          autoCapitalize="characters"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && trimmed && !applying) onApply(trimmed);
          }}
          aria-invalid={error !== null}
          {...(error ? { 'aria-describedby': `${id}-error` } : {})}
        />
        {error && (
          <span className={styles.error} id={`${id}-error`} role="alert">
            {error}
          </span>
        )}
      </div>
    </Modal>
  );
}

/** A loader over the screen while a payment is processed, so nothing is tapped twice. */
export function PaymentOverlay({ label }: { label: string | null }) {
  if (label === null) return null;
  return (
    <div className={styles.overlay} role="status" aria-live="polite">
      <span aria-hidden="true" className={styles.spinner} />
      <span>{label}</span>
    </div>
  );
}
