import { useId, useState, type KeyboardEvent } from 'react';
import type { AddressChoice } from '../lib/address-service';
import styles from './delivery.module.css';

export interface AddressComboboxProps {
  label: string;
  value: string;
  onChange: (text: string) => void;
  suggestions: AddressChoice[];
  /** suggestions are being looked up */
  searching: boolean;
  onSelect: (choice: AddressChoice) => void;
  hint?: string;
  /** a word about the search shown next to the field (e.g. that nothing matched), or null */
  message?: string | null;
}

/**
 * An address field with a suggestion list, as the WAI-ARIA combobox pattern: the text box owns a
 * listbox; arrow keys move through the options, Enter chooses, Escape closes.
 */
export function AddressCombobox({
  label,
  value,
  onChange,
  suggestions,
  searching,
  onSelect,
  hint,
  message: givenMessage = null,
}: AddressComboboxProps) {
  // a new search under way makes the last word about the search void
  const message = searching ? null : givenMessage;
  const inputId = useId();
  const listId = useId();
  const hintId = useId();
  const statusId = useId();
  const [active, setActive] = useState(-1);
  const [dismissed, setDismissed] = useState(false);
  const open = !dismissed && suggestions.length > 0;
  const optionId = (index: number) => `${listId}-option-${index}`;

  const choose = (choice: AddressChoice) => {
    setActive(-1);
    setDismissed(true);
    onSelect(choice);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && suggestions.length > 0) {
      event.preventDefault();
      setDismissed(false);
      setActive((index) => (index + 1) % suggestions.length);
    } else if (event.key === 'ArrowUp' && suggestions.length > 0) {
      event.preventDefault();
      setDismissed(false);
      setActive((index) => (index <= 0 ? suggestions.length - 1 : index - 1));
    } else if (event.key === 'Enter' && open && active >= 0) {
      event.preventDefault();
      const choice = suggestions[active];
      if (choice) choose(choice);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setDismissed(true);
    }
  };

  return (
    <div className={styles.combobox}>
      <label htmlFor={inputId} className={styles.label}>
        {label}
      </label>
      <input
        id={inputId}
        className={styles.input}
        type="text"
        role="combobox"
        // the customer's own address: the browser may offer the one it knows (WCAG 1.3.5)
        autoComplete="street-address"
        spellCheck={false}
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
        aria-describedby={[hint ? hintId : null, message ? statusId : null].filter(Boolean).join(' ') || undefined}
        value={value}
        onChange={(event) => {
          setActive(-1);
          setDismissed(false);
          onChange(event.target.value);
        }}
        onKeyDown={onKeyDown}
      />
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      <ul id={listId} role="listbox" aria-label={`${label} suggestions`} className={styles.listbox} hidden={!open}>
        {open &&
          suggestions.map((choice, index) => (
            <li
              key={choice.placeId + choice.streetAddress}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              className={index === active ? `${styles.option} ${styles.optionActive}` : styles.option}
              // keeps focus in the text box while the option is pressed
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(choice)}
            >
              {choice.description}
            </li>
          ))}
      </ul>
      {/* One polite live region, always there so a change is announced: it shows as the field's
          message when there is one, and otherwise only speaks. */}
      <p id={statusId} className={message ? styles.message : 'visually-hidden'} role="status" aria-live="polite">
        {searching ? 'Searching addresses…' : message ? message : open ? `${suggestions.length} addresses found` : ''}
      </p>
    </div>
  );
}
