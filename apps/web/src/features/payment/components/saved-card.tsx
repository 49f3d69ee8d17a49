import { useId, useState } from 'react';
import type { SavedPaymentMethod } from '@venue/contract/payment';
import { isValidCvn } from '@venue/domain/card-validation';
import { Button } from '../../../components/ui/button';
import { cardBrand } from '../lib/card-brand';
import { CardBrandIcon } from './card-brand-icon';
import { CvnField } from './cvn-field';
import styles from './payment.module.css';

/** Spec §2/§5: the remembered card, paid with its CVN only (3–4 digits), and a way to use a new card. */
export function SavedCard({
  card,
  cvn,
  onCvnChange,
  onUseNewCard,
  showErrors,
}: {
  card: SavedPaymentMethod;
  cvn: string;
  onCvnChange: (cvn: string) => void;
  onUseNewCard: () => void;
  showErrors: boolean;
}) {
  const id = useId();
  const [touched, setTouched] = useState(false);
  const invalid = (touched || showErrors) && !isValidCvn(cvn);
  return (
    <div className={styles.card}>
      <div className={styles.saved}>
        <CardBrandIcon brand={cardBrand(card.maskedCreditCardNumber)} />
        <div className={styles.savedText}>
          <strong>{card.maskedCreditCardNumber}</strong>
          <span className={styles.muted}>
            {card.cardName} · expires {card.expiryMonth}/{card.expiryYear}
          </span>
        </div>
      </div>
      <CvnField
        id={`${id}-cvn`}
        value={cvn}
        onChange={onCvnChange}
        onBlur={() => setTouched(true)}
        aria={{ 'aria-invalid': invalid, ...(invalid ? { 'aria-describedby': `${id}-cvn-error` } : {}) }}
      >
        {invalid && (
          <span className={styles.error} id={`${id}-cvn-error`}>
            Please enter the 3 or 4 digit CVN
          </span>
        )}
      </CvnField>
      <Button variant="quiet" onClick={onUseNewCard}>
        Use a new card
      </Button>
    </div>
  );
}
