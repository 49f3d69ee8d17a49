import { Button } from '../../../components/ui/button';
import { Loader } from '../../../components/ui/loader';
import { NO_ADDRESS_MATCH_MESSAGE, type AddressSearch } from '../hooks/use-address-search';
import { AddressCombobox } from './address-combobox';
import styles from './delivery.module.css';

/**
 * The delivery address card: the address field with its suggestions, the street line once an
 * address is chosen, the time-to-service note and the delivery time (with 'Change' when offered).
 */
export function DeliveryAddressCard({
  search,
  street,
  onStreetChange,
  timeToService,
  pickedLabel,
  onChangeTime,
}: {
  search: AddressSearch;
  street: string;
  onStreetChange: (street: string) => void;
  timeToService: string | null;
  pickedLabel: string;
  onChangeTime: (() => void) | null;
}) {
  return (
    <section className={styles.card} aria-label="Delivery address">
      <AddressCombobox
        label="Delivery address"
        hint="Start with your suburb or postcode, e.g. 12 Smith St, Parramatta"
        value={search.text}
        onChange={search.setText}
        suggestions={search.suggestions}
        searching={search.searching}
        onSelect={search.choose}
        message={search.noMatch ? NO_ADDRESS_MATCH_MESSAGE : null}
      />
      {search.searching && <p className={styles.searching}>Searching…</p>}
      {search.resolving && <Loader label="Finding your address…" />}
      {search.address && (
        <div className={styles.field}>
          <label htmlFor="delivery-street" className={styles.label}>
            Street address
          </label>
          <input
            id="delivery-street"
            className={styles.input}
            type="text"
            autoComplete="address-line1"
            placeholder="Unit, number and street"
            value={street}
            onChange={(event) => onStreetChange(event.target.value)}
          />
        </div>
      )}
      {timeToService && (
        <p className={styles.note}>
          <span>Time to service:</span> <span>{timeToService}</span>
        </p>
      )}
      <div className={styles.time}>
        <span>
          Deliver time <strong>{pickedLabel}</strong>
        </span>
        {onChangeTime && (
          <Button variant="quiet" onClick={onChangeTime}>
            Change
          </Button>
        )}
      </div>
    </section>
  );
}
