/** Money in minor units (cents). Amounts are integers end to end; floats appear only for display. */

/** The currency every venue trades in (spec §9: currency AUD, country AU). */
export const AUD = { code: 'AUD', symbol: '$', minorUnits: 100 } as const;

/** Money as the API shows it. */
export interface MoneyValue {
  amount: number;
  minorAmount: number;
  currencySymbol: string;
  currencyCode: string;
}

/** Builds the API's money object from minor units. */
export function toMoney(minor: number): MoneyValue {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`minor amount must be a safe integer, got ${minor}`);
  return { amount: minor / AUD.minorUnits, minorAmount: minor, currencySymbol: AUD.symbol, currencyCode: AUD.code };
}

/** The minus sign of a negative amount (U+2212): screen readers say "minus", not "dash". */
export const MINUS_SIGN = '\u2212';

/** Every digit that has a multiple of three digits after it: where en-AU puts a thousands separator. */
const THOUSANDS = /\B(?=(\d{3})+$)/g;

/**
 * "$12.50", "−$3.05", "$1,234.00": minor units to a display string with two decimals and en-AU's
 * thousands separators. Written out rather than with toLocaleString('en-AU'), whose first call
 * loads the locale's number formats: on a slow phone that held up the first menu's render by tens
 * of milliseconds (docs/decisions/042-start-up-work.md).
 */
export function formatMoney(minor: number): string {
  const sign = minor < 0 ? MINUS_SIGN : '';
  const abs = Math.abs(minor);
  const major = Math.floor(abs / AUD.minorUnits);
  const cents = String(abs % AUD.minorUnits).padStart(2, '0');
  return `${sign}${AUD.symbol}${String(major).replace(THOUSANDS, ',')}.${cents}`;
}

/** "12.50", "0.05": minor units as a major-unit amount with two decimals, no symbol (wallet totals). */
export function majorAmount(minor: number): string {
  return (minor / AUD.minorUnits).toFixed(2);
}

/** A share of an amount in basis points (150 = 1.5 %), rounded half away from zero to a whole cent. */
export function percentageOf(minor: number, basisPoints: number): number {
  const exact = (minor * basisPoints) / 10_000;
  return Math.sign(exact) * Math.round(Math.abs(exact));
}

/** Minor units from a decimal string or number in major units ("12.5" → 1250), or null if it is not a money amount. */
export function parseMajor(value: string | number): number | null {
  const text = typeof value === 'number' ? value.toFixed(2) : value.trim();
  const match = /^(-?)(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const [, sign, whole, fraction = ''] = match;
  const minor = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return sign === '-' ? -minor : minor;
}
