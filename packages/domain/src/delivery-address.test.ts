import { describe, expect, it } from 'vitest';
import { addressLines, addressNote } from './delivery-address.ts';

const church = {
  streetAddress: '10 Church Street',
  addressLocality: 'Parramatta',
  addressRegion: 'NSW',
  postalCode: '2150',
  addressCountry: 'AU',
};

describe('delivery address', () => {
  it('reads as the street, then locality, region and postcode', () => {
    expect(addressLines(church)).toEqual(['10 Church Street', 'Parramatta NSW 2150']);
  });

  it('leaves out a description that only restates the address, as address searches give it', () => {
    expect(addressNote({ ...church, addressDescription: '10 Church Street, Parramatta NSW 2150' })).toBeNull();
    expect(
      addressNote({ ...church, addressDescription: '10 Church Street, Parramatta NSW 2150, Australia' }),
    ).toBeNull();
    expect(addressNote({ ...church, addressDescription: '' })).toBeNull();
  });

  it('keeps a description that says more', () => {
    expect(addressNote({ ...church, addressDescription: 'Unit 4, ring the bell at the side gate' })).toBe(
      'Unit 4, ring the bell at the side gate',
    );
  });

  it('falls back to the description when the parts are unknown', () => {
    const bare = { streetAddress: '', addressLocality: '', addressRegion: '', postalCode: '' };
    expect(addressLines({ ...bare, addressDescription: 'Gate 3 car park' })).toEqual(['Gate 3 car park']);
    expect(addressNote({ ...bare, addressDescription: 'Gate 3 car park' })).toBeNull();
  });
});
