import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RESOLVED_AFTER_PAYMENT } from '@venue/domain/order-status';
import { apiRequest, REQUEST_TIMEOUT_MS } from '../../../lib/api-client';
import { ORDER_RESOLVE_INTERVAL_MS, OrderNotResolvedError, pollOrder, withRetries } from './poll-order';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('pollOrder (spec §4: up to 200 tries, 1 s apart)', () => {
  it('resolves as soon as the order is Waiting, reading once a second', async () => {
    const statuses = ['Paid', 'Paid', 'Waiting'];
    const read = vi.fn(async () => ({ orderStatus: statuses.shift() ?? 'Waiting' }));
    const result = pollOrder(read, RESOLVED_AFTER_PAYMENT);
    await vi.advanceTimersByTimeAsync(0);
    expect(read).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(read).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(read).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1000);
    await expect(result).resolves.toEqual({ orderStatus: 'Waiting' });
    expect(read).toHaveBeenCalledTimes(3);
  });

  it('a read held open by the network times out as one try, and the next read follows', async () => {
    const answers = ['held', 'Paid', 'Waiting'];
    let inFlight = 0;
    let mostInFlight = 0;
    const fetchMock = vi.fn(
      (_url: string, init: RequestInit) =>
        new Promise<Response>((resolve, reject) => {
          inFlight += 1;
          mostInFlight = Math.max(mostInFlight, inFlight);
          const answer = answers.shift() ?? 'Waiting';
          init.signal?.addEventListener('abort', () => ((inFlight -= 1), reject(init.signal?.reason)), { once: true });
          if (answer === 'held') return;
          inFlight -= 1;
          resolve(
            new Response(JSON.stringify({ orderStatus: answer }), { headers: { 'content-type': 'application/json' } }),
          );
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const signal = new AbortController().signal;
    const result = pollOrder(
      () => apiRequest<{ orderStatus: string }>('/vendor/2/order/7', { signal }),
      RESOLVED_AFTER_PAYMENT,
      { signal },
    );
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS + ORDER_RESOLVE_INTERVAL_MS);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(ORDER_RESOLVE_INTERVAL_MS);
    await expect(result).resolves.toEqual({ orderStatus: 'Waiting' });
    expect(mostInFlight).toBe(1);
  });

  it('accepts Scheduled and VendorSupportRequired too', async () => {
    for (const status of ['Scheduled', 'VendorSupportRequired']) {
      const result = pollOrder(async () => ({ orderStatus: status }), RESOLVED_AFTER_PAYMENT);
      await expect(result).resolves.toEqual({ orderStatus: status });
    }
  });

  it("fails with 'Order not resolved, max retries reached' after 200 reads", async () => {
    const read = vi.fn(async () => ({ orderStatus: 'Paid' }));
    const result = pollOrder(read, RESOLVED_AFTER_PAYMENT);
    const settled = result.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(199 * 1000);
    const error = await settled;
    expect(error).toBeInstanceOf(OrderNotResolvedError);
    expect((error as Error).message).toBe('Order not resolved, max retries reached');
    expect(read).toHaveBeenCalledTimes(200);
  });

  it('counts a failed read as a try and carries on', async () => {
    const read = vi
      .fn<() => Promise<{ orderStatus: string }>>()
      .mockRejectedValueOnce(new Error('Network Error'))
      .mockResolvedValue({ orderStatus: 'Waiting' });
    const result = pollOrder(read, RESOLVED_AFTER_PAYMENT, { maxTries: 3 });
    await vi.advanceTimersByTimeAsync(1000);
    await expect(result).resolves.toEqual({ orderStatus: 'Waiting' });
    expect(read).toHaveBeenCalledTimes(2);
  });
});

describe('withRetries (spec §7: payment update retried up to 3 times)', () => {
  it('stops at the first success', async () => {
    const call = vi.fn<() => Promise<string>>().mockRejectedValueOnce(new Error('x')).mockResolvedValue('ok');
    await expect(withRetries(call)).resolves.toBe('ok');
    expect(call).toHaveBeenCalledTimes(2);
  });
  it('gives up after three failures with the last error', async () => {
    const call = vi.fn(async () => {
      throw new Error(`fail ${call.mock.calls.length}`);
    });
    await expect(withRetries(call)).rejects.toThrow('fail 3');
    expect(call).toHaveBeenCalledTimes(3);
  });
});
