import { describe, expect, it } from 'vitest';
import { orderedId, randomBytes } from './random-bytes.ts';

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

  describe('ordered ids', () => {
    it("sort in the order they were made, across a change in the time part's leading digit", () => {
      const times = [0, 1, 35, 36, 1_295, 1_296, Date.UTC(2026, 11, 2), Date.UTC(2059, 4, 5), Date.UTC(2100, 0, 1)];
      const ids = times.map((time) => orderedId('c', 16, time));
      expect([...ids].sort()).toEqual(ids);
      // Made in the same millisecond, they differ in their random part.
      const same = Array.from({ length: 100 }, () => orderedId('c', 16, 5_000));
      expect(new Set(same).size).toBe(100);
    });

    it('carry the prefix, a fixed-width time part and the random bytes, in characters safe in a URL', () => {
      const id = orderedId('ac', 18, Date.UTC(2026, 11, 2, 1, 2, 3));
      expect(id).toMatch(/^ac_[0-9a-z]{9}[\w-]{24}$/);
      expect(id.slice(3, 12)).toBe(Date.UTC(2026, 11, 2, 1, 2, 3).toString(36).padStart(9, '0'));
      expect(orderedId('ac', 18, Date.UTC(2026, 11, 2, 1, 2, 3)).slice(12)).not.toBe(id.slice(12));
    });
  });
});
