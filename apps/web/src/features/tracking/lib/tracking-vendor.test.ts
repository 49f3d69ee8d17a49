import { describe, expect, it } from 'vitest';
import { staticMapUrl } from './static-map';
import { deliveryAddressView, telHref } from './tracking-vendor';

describe('vendor contact and place', () => {
  it('dials the digits of a phone number', () => {
    expect(telHref('02 9000 0000')).toBe('tel:0290000000');
    expect(telHref('+61 (2) 9000-0000')).toBe('tel:+61290000000');
  });

  it('writes a delivery address on one line', () => {
    expect(
      deliveryAddressView({
        streetAddress: '1 Harbour St',
        addressLocality: 'Sydney',
        postalCode: '2000',
        addressRegion: 'NSW',
        location: { latitude: -33.86, longitude: 151.2 },
      })?.text,
    ).toBe('1 Harbour St, Sydney NSW 2000');
    expect(deliveryAddressView(null)).toBeNull();
  });

  it('builds a map only with a maps key and a point', () => {
    expect(staticMapUrl('', { latitude: 1, longitude: 2 })).toBeNull();
    expect(staticMapUrl('key', null)).toBeNull();
    const url = new URL(staticMapUrl('key', { latitude: -33.85, longitude: 151.2 })!);
    expect(url.searchParams.get('center')).toBe('-33.85,151.2');
    expect(url.searchParams.get('key')).toBe('key');
  });
});
