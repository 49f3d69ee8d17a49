import { useId, useState } from 'react';
import { isAcceptableEmail, isValidMobile, MIN_MOBILE_DIGITS } from '@venue/domain/validation';
import { INVALID_EMAIL_TEXT } from '../lib/pay-readiness';
import styles from './checkout.module.css';

export interface ContactFormProps {
  mobile: string;
  email: string;
  fullName: string;
  onMobileChange: (value: string) => void;
  onEmailChange: (value: string) => void;
  onFullNameChange: (value: string) => void;
}

/** What a mobile number that is not one says next to the field, once the customer has left it. */
export const INVALID_MOBILE_TEXT = `Please enter a mobile number of at least ${MIN_MOBILE_DIGITS} digits`;

/** Spec §2 confirm contact: mobile, e-mail and full name, each with its autocomplete purpose. */
export function ContactForm(props: ContactFormProps) {
  const id = useId();
  // Spec §5: a non-empty address that is not valid says so at once, next to the field.
  const showEmailError = !isAcceptableEmail(props.email);
  // A half-typed number is not an error until the customer leaves the field.
  const [mobileLeft, setMobileLeft] = useState(false);
  const showMobileError = mobileLeft && props.mobile.trim() !== '' && !isValidMobile(props.mobile);

  return (
    <div className={styles.card}>
      <div className={styles.field}>
        <label className={styles.label} htmlFor={`${id}-mobile`}>
          Mobile
        </label>
        <span className={styles.hint} id={`${id}-mobile-hint`}>
          We text you when your order is ready.
        </span>
        <input
          id={`${id}-mobile`}
          className={styles.input}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          name="mobile"
          aria-describedby={showMobileError ? `${id}-mobile-error ${id}-mobile-hint` : `${id}-mobile-hint`}
          aria-invalid={showMobileError}
          value={props.mobile}
          onChange={(event) => props.onMobileChange(event.target.value)}
          onBlur={() => setMobileLeft(true)}
        />
        {showMobileError && (
          <span className={styles.error} id={`${id}-mobile-error`} role="alert">
            {INVALID_MOBILE_TEXT}
          </span>
        )}
      </div>
      <div className={styles.field}>
        <label className={styles.label} htmlFor={`${id}-email`}>
          Email (optional)
        </label>
        <input
          id={`${id}-email`}
          className={styles.input}
          type="email"
          inputMode="email"
          autoComplete="email"
          name="email"
          aria-invalid={showEmailError}
          {...(showEmailError ? { 'aria-describedby': `${id}-email-error` } : {})}
          value={props.email}
          onChange={(event) => props.onEmailChange(event.target.value)}
        />
        {showEmailError && (
          <span className={styles.error} id={`${id}-email-error`} role="alert">
            {INVALID_EMAIL_TEXT}
          </span>
        )}
      </div>
      <div className={styles.field}>
        <label className={styles.label} htmlFor={`${id}-name`}>
          Full name
        </label>
        <input
          id={`${id}-name`}
          className={styles.input}
          type="text"
          autoComplete="name"
          name="fullName"
          value={props.fullName}
          onChange={(event) => props.onFullNameChange(event.target.value)}
        />
      </div>
    </div>
  );
}
