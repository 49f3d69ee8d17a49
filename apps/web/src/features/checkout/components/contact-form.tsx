import { useId, useState } from 'react';
import {
  INVALID_EMAIL_TEXT,
  isAcceptableEmail,
  isValidMobile,
  MAX_MOBILE_DIGITS,
  MIN_MOBILE_DIGITS,
} from '@venue/domain/validation';
import styles from './checkout.module.css';

export interface ContactFormProps {
  mobile: string;
  email: string;
  fullName: string;
  onMobileChange: (value: string) => void;
  onEmailChange: (value: string) => void;
  onFullNameChange: (value: string) => void;
}

/**
 * What each contact detail is used for, and nothing more: the product sends no text messages, and
 * sends a receipt only when the customer asks for one.
 */
export const MOBILE_HINT_TEXT = 'The store uses this to contact you about your order if needed.';
export const EMAIL_HINT_TEXT = 'We email your receipt here when you ask for one.';

/** What a mobile number that is not one says next to the field, once the customer has left it. */
export const INVALID_MOBILE_TEXT = `Please enter a mobile number of ${MIN_MOBILE_DIGITS} to ${MAX_MOBILE_DIGITS} digits`;

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
          {MOBILE_HINT_TEXT}
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
        <span className={styles.hint} id={`${id}-email-hint`}>
          {EMAIL_HINT_TEXT}
        </span>
        <input
          id={`${id}-email`}
          className={styles.input}
          type="email"
          inputMode="email"
          autoComplete="email"
          name="email"
          aria-invalid={showEmailError}
          aria-describedby={showEmailError ? `${id}-email-error ${id}-email-hint` : `${id}-email-hint`}
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
