import { describe, expect, it } from 'vitest';
import { randomBytes } from './random-bytes.ts';

describe('pooled random bytes', () => {
  it('answers buffers of the size asked, each its own copy, never repeating', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i += 1) {
      const size = [4, 16, 18, 32][i % 4]!;
      const bytes = randomBytes(size);
      expect(bytes).toHaveLength(size);
      const text = bytes.toString('hex');
      expect(seen.has(text)).toBe(false);
      seen.add(text);
    }
    const first = randomBytes(16);
    const copy = Buffer.from(first);
    randomBytes(16);
    expect(first.equals(copy)).toBe(true);
  });

  it('spreads its bits evenly (not a constant or a counter)', () => {
    const bytes = Buffer.concat(Array.from({ length: 1000 }, () => randomBytes(32)));
    let ones = 0;
    for (const byte of bytes) for (let bit = 0; bit < 8; bit += 1) ones += (byte >> bit) & 1;
    const share = ones / (bytes.length * 8);
    expect(share).toBeGreaterThan(0.48);
    expect(share).toBeLessThan(0.52);
  });

  it('hands large requests to the system generator directly', () => {
    expect(randomBytes(4096)).toHaveLength(4096);
  });
});
