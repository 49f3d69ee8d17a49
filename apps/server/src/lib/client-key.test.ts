import { describe, expect, it } from 'vitest';
import { clientKey } from './client-key.ts';

describe('the key per-client limits count under', () => {
  it('is the address itself for IPv4, written plainly or mapped into IPv6', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::FFFF:203.0.113.7')).toBe('203.0.113.7');
  });

  it('is the /64 for IPv6, however the address is written', () => {
    const key = '2001:db8:85a3:8d3::/64';
    for (const address of [
      '2001:db8:85a3:8d3:1319:8a2e:370:7348',
      '2001:0db8:85a3:08d3:ffff:ffff:ffff:fffe',
      '2001:db8:85a3:8d3::1',
      '2001:DB8:85A3:8D3::',
      '2001:db8:85a3:8d3::1%eth0',
      '2001:db8:85a3:8d3:0:0:192.0.2.1',
    ]) {
      expect(clientKey(address), address).toBe(key);
    }
    expect(clientKey('2001:db8:85a3:8d4::1')).toBe('2001:db8:85a3:8d4::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('fe80::1')).toBe('fe80:0:0:0::/64');
  });

  it('leaves anything else as it is', () => {
    expect(clientKey('')).toBe('');
    expect(clientKey('not an address')).toBe('not an address');
  });
});
