import { useId, useMemo, useState } from 'react';
import {
  CARD_NUMBER_MAX_DIGITS,
  cardDigits,
  expiryYears,
  hasCardNumberLength,
  isNonBlank,
  isValidCardNumber,
  isValidCvn,
  type CardForm,
} from '@venue/domain/card-validation';
import { cardBrand } from '../lib/card-brand';
import { CardBrandIcon } from './card-brand-icon';
import { CvnField } from './cvn-field';
import styles from './payment.module.css';

/** Spec §3 card form. */
export interface CardFormState extends CardForm {
  isRememberCardChecked: boolean;
}

export const emptyCardForm: CardFormState = {
  nameOncard: '',
  cardNumber: '',
  cvn: '',
  expiryMonth: '',
  expiryYear: '',
  isRememberCardChecked: false,
};

const MONTHS = Array.from({ length: 12 }, (_, index) => String(index + 1).padStart(2, '0'));

/** Groups the digits in fours as people read them from the card. */
function formatCardNumber(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, CARD_NUMBER_MAX_DIGITS);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

type Field = 'nameOncard' | 'cardNumber' | 'cvn' | 'expiryMonth' | 'expiryYear';

export const CARD_NUMBER_LENGTH_TEXT = 'Please enter a card number of 13 to 16 digits';
/** A number of the right length whose check digit is wrong: most likely a mistyped digit. */
export const CARD_NUMBER_CHECK_TEXT = 'Please check your card number.';

/** What is wrong with a typed card number, if anything. */
function cardNumberProblem(cardNumber: string): string | null {
  if (!hasCardNumberLength(cardNumber)) return CARD_NUMBER_LENGTH_TEXT;
  return isValidCardNumber(cardNumber) ? null : CARD_NUMBER_CHECK_TEXT;
}

/** Spec §5 new card: name, number (brand icon), CVN (at most 4 digits), expiry month and year, remember card. */
export function NewCardForm({
  form,
  onChange,
  showAllErrors,
}: {
  form: CardFormState;
  onChange: (patch: Partial<CardFormState>) => void;
  /** after a pay attempt every problem shows, touched or not */
  showAllErrors: boolean;
}) {
  const id = useId();
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const years = useMemo(() => expiryYears(), []);
  const brand = cardBrand(form.cardNumber);
  const touch = (field: Field) => () => setTouched((current) => ({ ...current, [field]: true }));
  // A number that fills the field is finished, so a wrong check digit shows at once, before the
  // customer reaches for 'Pay by Card Now'; a shorter one may still be typed, so it waits for blur.
  const numberComplete = cardDigits(form.cardNumber).length >= CARD_NUMBER_MAX_DIGITS;
  const shows = (field: Field) =>
    showAllErrors || touched[field] === true || (field === 'cardNumber' && numberComplete);

  const errors: Record<Field, string | null> = {
    nameOncard: isNonBlank(form.nameOncard) ? null : 'Please enter the name on the card',
    cardNumber: cardNumberProblem(form.cardNumber),
    cvn: isValidCvn(form.cvn) ? null : 'Please enter the 3 or 4 digit CVN',
    expiryMonth: form.expiryMonth ? null : 'Please choose the expiry month',
    expiryYear: form.expiryYear ? null : 'Please choose the expiry year',
  };
  const errorOf = (field: Field) => (shows(field) ? errors[field] : null);
  const described = (field: Field) =>
    errorOf(field) ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-${field}-error` } : {};
  const errorText = (field: Field) =>
    errorOf(field) && (
      <span className={styles.error} id={`${id}-${field}-error`}>
        {errorOf(field)}
      </span>
    );

  return (
    <div className={styles.card}>
      <div className={styles.field}>
        <label className={styles.label} htmlFor={`${id}-name`}>
          Name on card
        </label>
        <input
          id={`${id}-name`}
          className={styles.input}
          autoComplete="cc-name"
          value={form.nameOncard}
          onChange={(event) => onChange({ nameOncard: event.target.value })}
          onBlur={touch('nameOncard')}
          {...described('nameOncard')}
        />
        {errorText('nameOncard')}
      </div>
      <div className={styles.field}>
        <label className={styles.label} htmlFor={`${id}-number`}>
          Card number
        </label>
        <div className={styles.numberRow}>
          <input
            id={`${id}-number`}
            className={styles.input}
            inputMode="numeric"
            autoComplete="cc-number"
            value={form.cardNumber}
            onChange={(event) => onChange({ cardNumber: formatCardNumber(event.target.value) })}
            onBlur={touch('cardNumber')}
            {...described('cardNumber')}
          />
          <CardBrandIcon brand={brand} />
        </div>
        {errorText('cardNumber')}
      </div>
      <div className={styles.row}>
        <div className={styles.field}>
          <label className={styles.label} htmlFor={`${id}-month`}>
            Month
          </label>
          <select
            id={`${id}-month`}
            className={styles.select}
            autoComplete="cc-exp-month"
            value={form.expiryMonth}
            onChange={(event) => onChange({ expiryMonth: event.target.value })}
            onBlur={touch('expiryMonth')}
            {...described('expiryMonth')}
          >
            <option value="">MM</option>
            {MONTHS.map((month) => (
              <option key={month} value={month}>
                {month}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label className={styles.label} htmlFor={`${id}-year`}>
            Year
          </label>
          <select
            id={`${id}-year`}
            className={styles.select}
            autoComplete="cc-exp-year"
            value={form.expiryYear}
            onChange={(event) => onChange({ expiryYear: event.target.value })}
            onBlur={touch('expiryYear')}
            {...described('expiryYear')}
          >
            <option value="">YYYY</option>
            {years.map((year) => (
              <option key={year} value={String(year)}>
                {year}
              </option>
            ))}
          </select>
        </div>
        <CvnField
          id={`${id}-cvn`}
          value={form.cvn}
          onChange={(cvn) => onChange({ cvn })}
          onBlur={touch('cvn')}
          aria={described('cvn')}
        />
      </div>
      {errorText('expiryMonth')}
      {errorText('expiryYear')}
      {errorText('cvn')}
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={form.isRememberCardChecked}
          onChange={(event) => onChange({ isRememberCardChecked: event.target.checked })}
        />
        Remember card
      </label>
    </div>
  );
}
