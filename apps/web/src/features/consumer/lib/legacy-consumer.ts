import type { LegacyConsumer } from '../../../entities/consumer';

/** Where earlier versions of the app kept the consumer (spec §3: imported once and removed). */
export const LEGACY_CONSUMER_KEY = 'consumer';

/**
 * Reads the legacy consumer and removes the key, so it is imported once. Returns null when there is
 * none or it is not a usable record (it is removed all the same).
 */
export function takeLegacyConsumer(
  storage: Pick<Storage, 'getItem' | 'removeItem'> | undefined,
): LegacyConsumer | null {
  if (!storage) return null;
  let text: string | null;
  try {
    text = storage.getItem(LEGACY_CONSUMER_KEY);
  } catch {
    return null;
  }
  if (text === null) return null;
  try {
    storage.removeItem(LEGACY_CONSUMER_KEY);
  } catch {
    // a storage that cannot be written still lets the app read the record once
  }
  try {
    const value = JSON.parse(text) as unknown;
    if (!value || typeof value !== 'object') return null;
    const record = value as Record<string, unknown>;
    const id = typeof record.id === 'number' ? String(record.id) : record.id;
    if (typeof id !== 'string' || !id || typeof record.hmacKey !== 'string' || !record.hmacKey) return null;
    const contact = (record.contact ?? {}) as Record<string, unknown>;
    const name = (record.name ?? {}) as Record<string, unknown>;
    return {
      id,
      hmacKey: record.hmacKey,
      contact: {
        mobile: typeof contact.mobile === 'string' ? contact.mobile : '',
        email: typeof contact.email === 'string' ? contact.email : '',
      },
      name: { fullName: typeof name.fullName === 'string' ? name.fullName : '' },
    };
  } catch {
    return null;
  }
}
