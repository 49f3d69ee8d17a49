import { useRef } from 'react';
import { flushSync } from 'react-dom';
import type { AdminStore } from '@venue/contract/admin-catalogue';
import { CATALOGUE_LIMITS } from '@venue/contract/venue-catalogue';
import { majorAmount, parseMajor } from '@venue/domain/money';
import { SelectField, TextField } from '../../components/field';
import { FULL_PERCENTAGE } from '@venue/domain/catalogue-rules';

/** A store's charge added to each order: basis points for a percentage (150 = 1.5 %), cents for a fixed amount. */
export type ServiceCharge = AdminStore['vendorOrderConfiguration']['serviceCharges'][number];
export type ChargeKind = ServiceCharge['kind'];

/** One charge as the form holds it: its value as the manager writes it ("1.5", "$0.50"). */
export interface ChargeRow {
  key: number;
  name: string;
  kind: ChargeKind;
  value: string;
}

/** Where the save's problems with the charges are (the PATCH body's JSON path without "$."). */
export const CHARGES_PATH = 'vendorOrderConfiguration.serviceCharges';

let nextKey = 1;

/** A charge's value as a person writes it: 150 basis points → "1.5", 50 cents → "0.50". */
export function chargeValueText(kind: ChargeKind, value: number): string {
  // basis points are hundredths of a percent, as cents are of a dollar
  if (kind === 'percentage')
    return majorAmount(value)
      .replace(/\.00$/, '')
      .replace(/(\.\d)0$/, '$1');
  return majorAmount(value);
}

/**
 * A charge's value from what was written: "1.5" or "1.5 %" → 150 basis points, "0.50" or "$0.50" →
 * 50 cents; null when it is not such a value (more than two decimals, a word, a negative amount).
 */
export function parseChargeValue(kind: ChargeKind, text: string): number | null {
  let written = text.trim().replace(/\s+/g, '');
  written = kind === 'percentage' ? written.replace(/%$/, '') : written.replace(/^\$/, '').replace(/,/g, '');
  if (written.startsWith('.')) written = `0${written}`;
  const value = parseMajor(written);
  return value === null || value < 0 ? null : value;
}

export const chargeRows = (charges: readonly ServiceCharge[]): ChargeRow[] =>
  charges.map((charge) => ({
    key: nextKey++,
    name: charge.name,
    kind: charge.kind,
    value: chargeValueText(charge.kind, charge.value),
  }));

/** The charges to send, or the problems found before sending (keyed as the server's would be). */
export function readCharges(rows: readonly ChargeRow[]): {
  charges: ServiceCharge[];
  problems: Record<string, string>;
} {
  const problems: Record<string, string> = {};
  const charges = rows.map((row, index) => {
    const at = `${CHARGES_PATH}[${index}]`;
    if (!row.name.trim()) problems[`${at}.name`] = 'Name the charge, e.g. Card surcharge.';
    const value = parseChargeValue(row.kind, row.value);
    if (value === null)
      problems[`${at}.value`] =
        row.kind === 'percentage' ? 'Enter a percentage like 1.5.' : 'Enter an amount like 0.50.';
    // The catalogue's own rule (the server checks it again): a percentage is at most 100 %.
    else if (row.kind === 'percentage' && value > FULL_PERCENTAGE)
      problems[`${at}.value`] = 'A percentage is at most 100.';
    return { name: row.name.trim(), kind: row.kind, value: value ?? 0 };
  });
  return { charges, problems };
}

/** The store's service charges: each one's name, kind and value, added and removed in place. */
export function ServiceChargesField({
  rows,
  onChange,
  field,
}: {
  rows: ChargeRow[];
  onChange: (update: (current: ChargeRow[]) => ChargeRow[]) => void;
  /** the save's problem at a path, if any */
  field: (path: string) => string | null;
}) {
  const addButton = useRef<HTMLButtonElement>(null);
  const full = rows.length >= CATALOGUE_LIMITS.serviceCharges;
  const listError = field(CHARGES_PATH);
  const change = (key: number, part: Partial<ChargeRow>) =>
    onChange((current) => current.map((row) => (row.key === key ? { ...row, ...part } : row)));
  const add = () => {
    const key = nextKey++;
    // drawn at once, so the new charge's name takes the focus
    flushSync(() => onChange((current) => [...current, { key, name: '', kind: 'percentage', value: '' }]));
    document.getElementById(`charge-${key}-name`)?.focus();
  };
  const remove = (key: number) => {
    // drawn at once, so the add button (enabled again when the list was full) takes the focus
    flushSync(() => onChange((current) => current.filter((row) => row.key !== key)));
    addButton.current?.focus();
  };
  return (
    <fieldset
      className="options-editor charges-editor"
      aria-describedby={`store-charges-hint${listError ? ' store-charges-error' : ''}`}
    >
      <legend>Service charges</legend>
      <p id="store-charges-hint" className="field-hint">
        Added to every order: a percentage of the items (1.5 for 1.5 %) or a fixed amount in dollars (0.50).
      </p>
      {rows.length === 0 && <p className="cell-sub">No service charges.</p>}
      {rows.map((row, index) => {
        const at = `${CHARGES_PATH}[${index}]`;
        const which = <span className="visually-hidden">Charge {index + 1}: </span>;
        return (
          <div key={row.key} className="charge-row">
            <TextField
              id={`charge-${row.key}-name`}
              label={<>{which}Name</>}
              value={row.name}
              onChange={(event) => change(row.key, { name: event.target.value })}
              error={field(`${at}.name`) ?? field(at)}
            />
            <SelectField
              id={`charge-${row.key}-kind`}
              label={<>{which}Charged as</>}
              value={row.kind}
              onChange={(event) => change(row.key, { kind: event.target.value as ChargeKind })}
              error={field(`${at}.kind`)}
            >
              <option value="percentage">A percentage</option>
              <option value="fixed">A fixed amount</option>
            </SelectField>
            <TextField
              id={`charge-${row.key}-value`}
              label={
                <>
                  {which}
                  {row.kind === 'percentage' ? 'Percentage (%)' : 'Amount ($)'}
                </>
              }
              inputMode="decimal"
              placeholder={row.kind === 'percentage' ? '1.5' : '0.50'}
              value={row.value}
              onChange={(event) => change(row.key, { value: event.target.value })}
              error={field(`${at}.value`)}
            />
            <button type="button" className="button button-quiet button-small" onClick={() => remove(row.key)}>
              Remove<span className="visually-hidden"> charge {index + 1}</span>
            </button>
          </div>
        );
      })}
      {listError && (
        <p id="store-charges-error" className="field-error">
          {listError}
        </p>
      )}
      <div className="option-tools">
        <button ref={addButton} type="button" className="button button-small" disabled={full} onClick={add}>
          Add a service charge
        </button>
        {full && <span className="field-hint">A store has at most {CATALOGUE_LIMITS.serviceCharges}.</span>}
      </div>
    </fieldset>
  );
}
