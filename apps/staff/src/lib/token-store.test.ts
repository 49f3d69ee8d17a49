import { describe, expect, it } from 'vitest';
import { tokenFromLink } from './token-store';

describe('tokenFromLink', () => {
  it('takes a token (and a store) from the address fragment and gives the address without them', () => {
    expect(tokenFromLink('https://venue.example/staff#token=vst_abc&vendor=2')).toEqual({
      token: 'vst_abc',
      vendorId: 2,
      clean: 'https://venue.example/staff',
    });
  });

  it('finds nothing in an address without one', () => {
    expect(tokenFromLink('https://venue.example/staff')).toEqual({
      token: null,
      vendorId: null,
      clean: 'https://venue.example/staff',
    });
    expect(tokenFromLink('https://venue.example/staff#vendor=x').vendorId).toBeNull();
  });
});
