import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { defaultStreamsPerProcess, StreamLimits } from './stream-limits.ts';

/** A response that only needs to say when it closes. */
const response = () => new EventEmitter() as unknown as ServerResponse;

describe('caps on open event streams', () => {
  it('admits up to each key’s cap, counts nothing it refuses, and frees a place when a stream closes', () => {
    const limits = new StreamLimits(100, { warn: () => undefined });
    const claim = [{ key: 'order:1', max: 2, what: 'this order' }];
    const first = response();
    expect(limits.admit(first, claim)).toBeNull();
    expect(limits.admit(response(), claim)).toBeNull();
    expect(limits.admit(response(), claim)).toMatchObject({ statusCode: 429, retryAfterSeconds: 30 });
    expect(limits.count).toBe(2);
    first.emit('close');
    first.emit('close');
    expect(limits.count).toBe(1);
    expect(limits.admit(response(), claim)).toBeNull();
    // Another key has its own room; a stream must fit under every one of its keys.
    expect(limits.admit(response(), [{ key: 'order:2', max: 2, what: 'that order' }])).toBeNull();
    expect(
      limits.admit(response(), [
        { key: 'order:3', max: 2, what: 'another order' },
        { key: 'order:1', max: 2, what: 'this order' },
      ])?.message,
    ).toMatch(/for this order/);
    expect(limits.count).toBe(3);
  });

  it('refuses with 503 past the process cap, and warns at most once a minute', () => {
    const warnings: string[] = [];
    let now = 0;
    const limits = new StreamLimits(1, { warn: (_object, message) => warnings.push(message) }, () => now);
    expect(limits.admit(response(), [])).toBeNull();
    for (let i = 0; i < 5; i += 1) expect(limits.admit(response(), [])?.statusCode).toBe(503);
    expect(warnings).toHaveLength(1);
    now += 60_000;
    limits.admit(response(), []);
    expect(warnings).toHaveLength(2);
  });

  it('defaults the process cap to the open-file limit less a reserve', () => {
    const limits = (soft: number) => `Limit                     Soft Limit           Hard Limit           Units
Max open files            ${soft}                ${soft}                files
`;
    expect(defaultStreamsPerProcess(limits(256))).toBe(128);
    expect(defaultStreamsPerProcess(limits(1024))).toBe(896);
    expect(defaultStreamsPerProcess(limits(20_000))).toBe(18_000);
    expect(defaultStreamsPerProcess(limits(100))).toBe(16);
    expect(defaultStreamsPerProcess(null)).toBe(10_000);
  });
});
