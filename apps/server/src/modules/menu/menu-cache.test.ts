import { describe, expect, it } from 'vitest';
import { matchesEtag } from '../../lib/etag.ts';
import { pickEncoding } from './menu-cache.ts';

describe('content negotiation of the cached menu', () => {
  it('prefers brotli, then gzip, and honours q=0', () => {
    expect(pickEncoding(undefined)).toBe('identity');
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(pickEncoding('gzip;q=0')).toBe('identity');
    expect(pickEncoding('deflate')).toBe('identity');
    expect(pickEncoding('*')).toBe('br');
  });

  it('matches ETags weakly, in lists and with *', () => {
    expect(matchesEtag('"a"', '"a"')).toBe(true);
    expect(matchesEtag('W/"a"', '"a"')).toBe(true);
    expect(matchesEtag('"b", "a"', '"a"')).toBe(true);
    expect(matchesEtag('*', '"a"')).toBe(true);
    expect(matchesEtag('"b"', '"a"')).toBe(false);
    expect(matchesEtag(undefined, '"a"')).toBe(false);
  });
});
