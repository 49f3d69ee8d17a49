import type { ButtonHTMLAttributes, Ref } from 'react';
import styles from './button.module.css';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** primary: the screen's next step; secondary: an alternative; quiet: a text-style action */
  variant?: 'primary' | 'secondary' | 'quiet';
  /** full width */
  block?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

/** A button at least 48 px tall (touch target). Defaults to type="button" so it never submits by accident. */
export function Button({ variant = 'primary', block = false, className, type = 'button', ...rest }: ButtonProps) {
  const classes = [styles.button, styles[variant], block ? styles.block : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return <button type={type} className={classes} {...rest} />;
}
