import type { ReactNode } from 'react';
import { capCvn } from '@venue/domain/card-validation';
import styles from './payment.module.css';

/** Spec §5: the card's CVN field, digits only and at most 4 of them (new card and saved card alike). */
export function CvnField({
  id,
  value,
  onChange,
  onBlur,
  aria,
  children,
}: {
  id: string;
  value: string;
  onChange: (cvn: string) => void;
  onBlur: () => void;
  /** the field's invalid state and the error that describes it */
  aria: { 'aria-invalid'?: boolean; 'aria-describedby'?: string };
  /** shown under the field (its error) */
  children?: ReactNode;
}) {
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        CVN
      </label>
      <input
        id={id}
        className={styles.input}
        inputMode="numeric"
        autoComplete="cc-csc"
        maxLength={4}
        value={value}
        onChange={(event) => onChange(capCvn(event.target.value))}
        onBlur={onBlur}
        {...aria}
      />
      {children}
    </div>
  );
}
