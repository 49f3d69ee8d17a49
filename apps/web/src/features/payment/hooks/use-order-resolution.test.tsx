// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import type { PlacedOrder } from '@venue/contract/order';
import { useOrderResolution } from './use-order-resolution';

const order = (orderStatus: PlacedOrder['orderStatus']) => ({ id: 7, orderStatus }) as PlacedOrder;

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('useOrderResolution (spec §4, §9)', () => {
  it('hands a Waiting order to `paid` at once', async () => {
    const paid = vi.fn();
    const { result } = renderHook(() =>
      useOrderResolution({ read: async () => order('Waiting'), paid, needsAttention: vi.fn() }),
    );
    await act(async () => {
      await result.current.resolve(7);
    });
    expect(paid).toHaveBeenCalledWith(order('Waiting'));
    expect(result.current.busy).toBe(false);
  });

  it('on VendorSupportRequired hides the loader after 0.5 s and moves on after 1.5 s', async () => {
    const needsAttention = vi.fn();
    const { result } = renderHook(() =>
      useOrderResolution({ read: async () => order('VendorSupportRequired'), paid: vi.fn(), needsAttention }),
    );
    await act(async () => {
      await result.current.resolve(7);
    });
    expect(result.current.busy).toBe(true);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(499);
    });
    expect(result.current.busy).toBe(true);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(result.current.busy).toBe(false);
    expect(needsAttention).not.toHaveBeenCalled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(needsAttention).toHaveBeenCalledTimes(1);
  });

  it("says 'Order not resolved, max retries reached' when the order stays Paid", async () => {
    const read = vi.fn(async () => order('Paid'));
    const { result } = renderHook(() => useOrderResolution({ read, paid: vi.fn(), needsAttention: vi.fn() }));
    let done: Promise<void> = Promise.resolve();
    act(() => {
      done = result.current.resolve(7);
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200 * 1000);
      await done;
    });
    expect(read).toHaveBeenCalledTimes(200);
    expect(result.current.error).toBe('Order not resolved, max retries reached');
    expect(result.current.busy).toBe(false);
  });
});
