import { describe, expect, it } from 'vitest';
import { eachInTurns } from './in-turns.ts';

describe('eachInTurns', () => {
  it('calls every item in order, and lets work waiting for the event loop run between turns', async () => {
    const seen: string[] = [];
    // Waiting for the event loop when the loop starts, as a request or an event would be.
    setImmediate(() => seen.push('other work'));
    await eachInTurns([1, 2, 3, 4, 5], 2, (item) => seen.push(String(item)));
    expect(seen).toEqual(['1', '2', 'other work', '3', '4', '5']);
  });

  it('runs a loop shorter than a turn without waiting', async () => {
    const seen: string[] = [];
    setImmediate(() => seen.push('other work'));
    await eachInTurns([1], 2, (item) => seen.push(String(item)));
    expect(seen).toEqual(['1']);
  });

  it('reads a Map as it goes: entries deleted between turns are skipped, added ones visited', async () => {
    const items = new Map([
      [1, 'a'],
      [2, 'b'],
      [3, 'c'],
    ]);
    const seen: number[] = [];
    setImmediate(() => {
      items.delete(3);
      items.set(4, 'd');
    });
    await eachInTurns(items.keys(), 2, (key) => seen.push(key));
    expect(seen).toEqual([1, 2, 4]);
  });
});
