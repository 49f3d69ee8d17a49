import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, REQUEST_TIMEOUT_MS } from '../../../lib/api-client';
import { isNetworkError, POLLING_INTERVAL_MS, startOrderPolling } from './order-polling';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** A fetch that answers the given results in turn (an Error is thrown), then keeps answering Waiting. */
function answers(...results: (string | Error)[]) {
  return vi.fn(async () => {
    const next = results.shift() ?? 'Waiting';
    if (next instanceof Error) throw next;
    return next;
  });
}

describe('order polling (spec §4, §9)', () => {
  it('asks at once, then every 5 s', async () => {
    expect(POLLING_INTERVAL_MS).toBe(5000);
    const fetchStatus = answers();
    const stop = startOrderPolling({ fetchStatus, onWaitOver: vi.fn(), onError: vi.fn() });
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchStatus).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(4999);
    expect(fetchStatus).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchStatus).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetchStatus).toHaveBeenCalledTimes(4);
    stop();
  });

  it.each(['PendingAlerted', 'Cancelled', 'Alerted', 'Serviced'])(
    'stops and reports when the order is %s',
    async (status) => {
      const fetchStatus = answers('Paid', 'Waiting', status);
      const onWaitOver = vi.fn();
      startOrderPolling({ fetchStatus, onWaitOver, onError: vi.fn() });
      await vi.advanceTimersByTimeAsync(10_000);
      expect(onWaitOver).toHaveBeenCalledWith(status);
      await vi.advanceTimersByTimeAsync(60_000);
      expect(fetchStatus).toHaveBeenCalledTimes(3);
      expect(onWaitOver).toHaveBeenCalledTimes(1);
    },
  );

  it('keeps waiting through Paid, Scheduled and Waiting', async () => {
    const fetchStatus = answers('Paid', 'Scheduled', 'Waiting', 'Waiting');
    const onWaitOver = vi.fn();
    startOrderPolling({ fetchStatus, onWaitOver, onError: vi.fn() });
    await vi.advanceTimersByTimeAsync(20_000);
    expect(fetchStatus).toHaveBeenCalledTimes(5);
    expect(onWaitOver).not.toHaveBeenCalled();
  });

  it('stops when the shop needs to talk to the customer (VendorSupportRequired)', async () => {
    const fetchStatus = answers('Waiting', 'VendorSupportRequired');
    const onWaitOver = vi.fn();
    startOrderPolling({ fetchStatus, onWaitOver, onError: vi.fn() });
    await vi.advanceTimersByTimeAsync(20_000);
    expect(fetchStatus).toHaveBeenCalledTimes(2);
    expect(onWaitOver).toHaveBeenCalledWith('VendorSupportRequired');
  });

  it("continues after a 'Network Error' and reports nothing", async () => {
    const fetchStatus = answers(new ApiError('Network Error', 0), new ApiError('Network Error', 0), 'PendingAlerted');
    const onWaitOver = vi.fn();
    const onError = vi.fn();
    startOrderPolling({ fetchStatus, onWaitOver, onError });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(onError).not.toHaveBeenCalled();
    expect(onWaitOver).toHaveBeenCalledWith('PendingAlerted');
  });

  it('stops on any other error and reports it', async () => {
    const problem = new ApiError('Order not found.', 404);
    const fetchStatus = answers('Waiting', problem);
    const onError = vi.fn();
    startOrderPolling({ fetchStatus, onWaitOver: vi.fn(), onError });
    await vi.advanceTimersByTimeAsync(5000);
    expect(onError).toHaveBeenCalledWith(problem);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(fetchStatus).toHaveBeenCalledTimes(2);
  });

  it('reports nothing and asks no more once stopped, even for an answer in flight', async () => {
    let resolve: (status: string) => void = () => undefined;
    const fetchStatus = vi.fn(() => new Promise<string>((r) => (resolve = r)));
    const onWaitOver = vi.fn();
    const stop = startOrderPolling({ fetchStatus, onWaitOver, onError: vi.fn() });
    await vi.advanceTimersByTimeAsync(0);
    stop();
    resolve('PendingAlerted');
    await vi.advanceTimersByTimeAsync(30_000);
    expect(onWaitOver).not.toHaveBeenCalled();
    expect(fetchStatus).toHaveBeenCalledTimes(1);
  });

  it('stopping cancels the read in flight', async () => {
    const fetchStatus = vi.fn((_signal: AbortSignal) => new Promise<string>(() => undefined));
    const stop = startOrderPolling({ fetchStatus, onWaitOver: vi.fn(), onError: vi.fn() });
    await vi.advanceTimersByTimeAsync(0);
    const signal = fetchStatus.mock.calls[0]![0];
    expect(signal.aborted).toBe(false);
    stop();
    expect(signal.aborted).toBe(true);
  });

  it('a read held open by the network times out, and the next read follows: polling never stalls', async () => {
    // The first order read never answers; the ones after it do, the third with the order ready.
    const answers = ['held', 'Waiting', 'PendingAlerted'];
    let inFlight = 0;
    let mostInFlight = 0;
    const fetchMock = vi.fn(
      (_url: string, init: RequestInit) =>
        new Promise<Response>((resolve, reject) => {
          inFlight += 1;
          mostInFlight = Math.max(mostInFlight, inFlight);
          const done = () => (inFlight -= 1);
          const answer = answers.shift() ?? 'Waiting';
          init.signal?.addEventListener('abort', () => (done(), reject(init.signal?.reason)), { once: true });
          if (answer === 'held') return;
          done();
          resolve(
            new Response(JSON.stringify({ orderStatus: answer }), { headers: { 'content-type': 'application/json' } }),
          );
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const onWaitOver = vi.fn();
    const onError = vi.fn();
    startOrderPolling({
      fetchStatus: async (signal) =>
        (await apiRequest<{ orderStatus: string }>('/vendor/2/order/7', { signal, background: true })).orderStatus,
      onWaitOver,
      onError,
    });
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(POLLING_INTERVAL_MS);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(POLLING_INTERVAL_MS);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(onWaitOver).toHaveBeenCalledWith('PendingAlerted');
    expect(onError).not.toHaveBeenCalled();
    expect(mostInFlight).toBe(1);
  });

  it('tells network errors from others', () => {
    expect(isNetworkError(new ApiError('Network Error', 0))).toBe(true);
    expect(isNetworkError(new Error('Network Error'))).toBe(true);
    expect(isNetworkError(new ApiError('Bad request', 400))).toBe(false);
    expect(isNetworkError(new ApiError('Server error', 500))).toBe(false);
    expect(isNetworkError('Network Error')).toBe(false);
  });

  it('skips its reads while paused (the order is arriving live), and reads again at the next turn after', async () => {
    const fetchStatus = answers();
    let paused = false;
    const stop = startOrderPolling({ fetchStatus, onWaitOver: vi.fn(), onError: vi.fn(), paused: () => paused });
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchStatus).toHaveBeenCalledTimes(1);
    paused = true;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchStatus).toHaveBeenCalledTimes(1);
    paused = false;
    await vi.advanceTimersByTimeAsync(POLLING_INTERVAL_MS);
    expect(fetchStatus).toHaveBeenCalledTimes(2);
    stop();
  });
});
