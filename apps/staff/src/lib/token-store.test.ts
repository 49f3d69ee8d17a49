import { describe, expect, it } from 'vitest';
import { loadSignIn, saveSignIn, tokenFromLink } from './token-store';

describe('tokenFromLink', () => {
  it('takes a token from the address fragment and gives the address without it', () => {
    expect(tokenFromLink('https://venue.example/staff#token=vst_abc')).toEqual({
      token: 'vst_abc',
      clean: 'https://venue.example/staff',
    });
  });

  it('finds nothing in an address without one', () => {
    expect(tokenFromLink('https://venue.example/staff')).toEqual({
      token: null,
      clean: 'https://venue.example/staff',
    });
  });
});

describe('the saved sign-in', () => {
  const storage = () => {
    const items = new Map<string, string>();
    return {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
      removeItem: (key: string) => void items.delete(key),
      items,
    } as unknown as Storage & { items: Map<string, string> };
  };

  it('keeps a staff token', () => {
    const store = storage();
    saveSignIn({ token: `vst_${'a'.repeat(43)}`, vendorId: 2, storeName: 'Grill & Bun' }, store);
    expect(loadSignIn(store)).toEqual({ token: `vst_${'a'.repeat(43)}`, vendorId: 2, storeName: 'Grill & Bun' });
  });

  it('forgets an admin token an older version saved, instead of using it', () => {
    const store = storage();
    saveSignIn({ token: 'the-venue-admin-token-0123456789', vendorId: 2, storeName: 'Grill & Bun' }, store);
    expect(loadSignIn(store)).toBeNull();
    expect(store.items.size).toBe(0);
  });
});
