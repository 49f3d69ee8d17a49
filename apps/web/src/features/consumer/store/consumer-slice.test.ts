import { describe, expect, it } from 'vitest';
import { takeLegacyConsumer, LEGACY_CONSUMER_KEY } from '../lib/legacy-consumer';
import { consumerSlice, initialConsumerState, legacyConsumerImported, mobileInputChanged } from './consumer-slice';

const reduce = consumerSlice.reducer;

function memoryStorage(initial: Record<string, string>) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => data.get(key) ?? null,
    removeItem: (key: string) => void data.delete(key),
    has: (key: string) => data.has(key),
  };
}

describe('consumer mobile (spec §5: stored only when valid)', () => {
  it('keeps every keystroke in the input but only a valid number in the contact', () => {
    let state = reduce(initialConsumerState, mobileInputChanged('0412'));
    expect(state.mobilePhoneFormInput).toBe('0412');
    expect(state.contact.mobile).toBe('');
    state = reduce(state, mobileInputChanged('0412 345 678'));
    expect(state.contact.mobile).toBe('0412345678');
    state = reduce(state, mobileInputChanged('0412 345'));
    expect(state.mobilePhoneFormInput).toBe('0412 345');
    expect(state.contact.mobile).toBe('0412345678');
  });
});

describe('legacy consumer (spec §3: imported once and removed)', () => {
  const legacy = {
    id: 'c-9',
    hmacKey: 'k',
    contact: { mobile: '0412345678', email: 'a@b.co' },
    name: { fullName: 'Sam' },
  };

  it('reads the record once and removes the key', () => {
    const storage = memoryStorage({ [LEGACY_CONSUMER_KEY]: JSON.stringify(legacy) });
    expect(takeLegacyConsumer(storage)).toEqual(legacy);
    expect(storage.has(LEGACY_CONSUMER_KEY)).toBe(false);
    expect(takeLegacyConsumer(storage)).toBeNull();
  });

  it('removes an unusable record without importing it', () => {
    const storage = memoryStorage({ [LEGACY_CONSUMER_KEY]: '{"id":"x"}' });
    expect(takeLegacyConsumer(storage)).toBeNull();
    expect(storage.has(LEGACY_CONSUMER_KEY)).toBe(false);
  });

  it('fills the consumer and the form, but never replaces a consumer already saved', () => {
    const state = reduce(initialConsumerState, legacyConsumerImported(legacy));
    expect(state.id).toBe('c-9');
    expect(state.hmacKey).toBe('k');
    expect(state.mobilePhoneFormInput).toBe('0412345678');
    expect(state.fullNameFormInput).toBe('Sam');
    const other = reduce(state, legacyConsumerImported({ ...legacy, id: 'c-10' }));
    expect(other.id).toBe('c-9');
  });
});
