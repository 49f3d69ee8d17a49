import { describe, expect, it } from 'vitest';
import { nextPage } from './app';

describe('where the sign-in goes on to', () => {
  it('goes to the page asked for, only within the app', () => {
    expect(nextPage('?next=%2Forders%3Fq%3D12')).toBe('/orders?q=12');
    expect(nextPage('')).toBe('/today');
    expect(nextPage('?next=https%3A%2F%2Fevil.example')).toBe('/today');
    expect(nextPage('?next=%2F%2Fevil.example')).toBe('/today');
    expect(nextPage('?next=%2F%5Cevil.example')).toBe('/today');
  });
});
