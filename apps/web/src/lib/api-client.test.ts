import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  apiRequest,
  NETWORK_ERROR_MESSAGE,
  PAYMENT_REQUEST_TIMEOUT_MS,
  REQUEST_TIMEOUT_MS,
  setNetworkListener,
} from './api-client';
import { EARLY_REQUESTS_GLOBAL, EARLY_RESPONSE_MAX_AGE_MS, registerEarlyRequest } from './early-responses';

function listener() {
  return { networkFailed: vi.fn(), networkSucceeded: vi.fn() };
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  setNetworkListener(null);
});

describe('API client', () => {
  it('calls the /v1 base and reports a success to the network status', async () => {
    const fetchMock = vi.fn(
      async () => new Response('{"now":"x","epochMs":1}', { headers: { 'content-type': 'application/json' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const l = listener();
    setNetworkListener(l);
    await expect(apiRequest('/time')).resolves.toEqual({ now: 'x', epochMs: 1 });
    expect(fetchMock).toHaveBeenCalledWith('/v1/time', expect.objectContaining({ method: 'GET' }));
    expect(l.networkSucceeded).toHaveBeenCalledTimes(1);
    expect(l.networkFailed).not.toHaveBeenCalled();
  });

  it('reports a network failure (fetch TypeError) as failed, with the Network Error message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const l = listener();
    setNetworkListener(l);
    const error = await apiRequest('/time').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).isNetworkError).toBe(true);
    expect((error as ApiError).message).toBe(NETWORK_ERROR_MESSAGE);
    expect(l.networkFailed).toHaveBeenCalledWith(false);
    expect(l.networkSucceeded).not.toHaveBeenCalled();
  });

  /** A 200 JSON answer whose body breaks off after its first bytes. */
  const cutOff = () =>
    new Response(
      new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('[{"id":1,'));
          controller.error(new TypeError('network error'));
        },
      }),
      { headers: { 'content-type': 'application/json' } },
    );

  it('a success whose body is cut off is a network failure, never an empty answer', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => cutOff()),
    );
    const l = listener();
    setNetworkListener(l);
    const error = await apiRequest('/venue/0/vendors').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).isNetworkError).toBe(true);
    expect(l.networkFailed).toHaveBeenCalledWith(false);
  });

  it('a cancelled call whose body is cut off rejects as aborted', async () => {
    const controller = new AbortController();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        controller.abort();
        return cutOff();
      }),
    );
    const l = listener();
    setNetworkListener(l);
    const error = await apiRequest('/venue/0/vendors', { signal: controller.signal }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DOMException);
    expect((error as DOMException).name).toBe('AbortError');
    expect(l.networkFailed).not.toHaveBeenCalled();
  });

  it("surfaces the server's message for an error answer, which still proves the network works", async () => {
    const body = { statusCode: 404, error: 'Not Found', message: 'Vendor 99 does not exist' };
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify(body), { status: 404, headers: { 'content-type': 'application/json' } }),
      ),
    );
    const l = listener();
    setNetworkListener(l);
    const error = (await apiRequest('/vendor/99/current-menu').catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('Vendor 99 does not exist');
    expect(error.status).toBe(404);
    expect(error.body).toEqual(body);
    expect(l.networkSucceeded).toHaveBeenCalledTimes(1);
  });

  it('sends JSON bodies with a JSON content type', async () => {
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    await apiRequest('/consumer/create', { method: 'POST', body: { name: { fullName: 'Sam' } } });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.body).toBe('{"name":{"fullName":"Sam"}}');
    expect((init?.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });
});

describe('API client timeouts (a call that never answers)', () => {
  /** A fetch whose answer never comes; it ends only when its signal stops it, as fetch does. */
  function heldOpen() {
    const fetchMock = vi.fn(
      (_url: string, init: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(init.signal?.reason), { once: true });
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    return fetchMock;
  }

  /** Settles `promise` into a value to inspect, noting whether it has settled yet. */
  function watch(promise: Promise<unknown>) {
    const state: { settled: boolean; value?: unknown } = { settled: false };
    promise.then(
      (value) => Object.assign(state, { settled: true, value }),
      (error: unknown) => Object.assign(state, { settled: true, value: error }),
    );
    return state;
  }

  it('names its timeouts: 15 s for a call, 45 s for a payment', () => {
    expect(REQUEST_TIMEOUT_MS).toBe(15_000);
    expect(PAYMENT_REQUEST_TIMEOUT_MS).toBe(45_000);
  });

  it("a call with no answer in 15 s is a 'Network Error' and is reported as one", async () => {
    vi.useFakeTimers();
    heldOpen();
    const l = listener();
    setNetworkListener(l);
    const call = watch(apiRequest('/vendor/2/order/7', { background: true }));
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(call.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(call.settled).toBe(true);
    expect(call.value).toBeInstanceOf(ApiError);
    expect((call.value as ApiError).isNetworkError).toBe(true);
    expect((call.value as ApiError).message).toBe(NETWORK_ERROR_MESSAGE);
    expect(l.networkFailed).toHaveBeenCalledWith(true);
  });

  it('even when fetch itself never gives up', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => undefined)),
    );
    const call = watch(apiRequest('/time'));
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    expect((call.value as ApiError).isNetworkError).toBe(true);
  });

  it('a call may wait longer when it says so (payments)', async () => {
    vi.useFakeTimers();
    heldOpen();
    const call = watch(apiRequest('/x', { method: 'POST', body: {}, timeoutMs: PAYMENT_REQUEST_TIMEOUT_MS }));
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    expect(call.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(PAYMENT_REQUEST_TIMEOUT_MS - REQUEST_TIMEOUT_MS);
    expect((call.value as ApiError).isNetworkError).toBe(true);
  });

  it("the caller's own cancel stays an abort, not a network error", async () => {
    vi.useFakeTimers();
    heldOpen();
    const l = listener();
    setNetworkListener(l);
    const controller = new AbortController();
    const call = watch(apiRequest('/time', { signal: controller.signal }));
    await vi.advanceTimersByTimeAsync(1_000);
    controller.abort();
    await vi.advanceTimersByTimeAsync(0);
    expect(call.value).toBeInstanceOf(DOMException);
    expect((call.value as DOMException).name).toBe('AbortError');
    expect(l.networkFailed).not.toHaveBeenCalled();
  });

  it('an answer whose body never ends is a network error after the timeout', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            new ReadableStream({
              start(controller) {
                controller.enqueue(new TextEncoder().encode('{"id":'));
              },
            }),
            { headers: { 'content-type': 'application/json' } },
          ),
      ),
    );
    const l = listener();
    setNetworkListener(l);
    const call = watch(apiRequest('/vendor/2/order/7'));
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    expect((call.value as ApiError).isNetworkError).toBe(true);
    expect(l.networkFailed).toHaveBeenCalledTimes(1);
  });

  it('an answer in time leaves no timer behind', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { headers: { 'content-type': 'application/json' } })),
    );
    await expect(apiRequest('/time')).resolves.toEqual({});
    expect(vi.getTimerCount()).toBe(0);
  });

  it('an early answer that never arrives is given up after the timeout too', async () => {
    vi.useFakeTimers();
    const fetchMock = heldOpen();
    registerEarlyRequest('/v1/venue/0/vendors', new Promise<Response>(() => undefined));
    const call = watch(apiRequest('/venue/0/vendors'));
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    expect((call.value as ApiError).isNetworkError).toBe(true);
    expect(fetchMock).not.toHaveBeenCalled();
    delete (globalThis as Record<string, unknown>)[EARLY_REQUESTS_GLOBAL];
  });
});

describe('API client with early requests (lib/early-responses.ts)', () => {
  const MENU = { id: 10, vendorId: 2, items: [] };
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const registry = () => (globalThis as Record<string, unknown>)[EARLY_REQUESTS_GLOBAL] as Map<string, unknown>;

  afterEach(() => {
    delete (globalThis as Record<string, unknown>)[EARLY_REQUESTS_GLOBAL];
  });

  it('a GET takes the answer the page asked for early instead of fetching', async () => {
    const fetchMock = vi.fn(async () => json({ from: 'fetch' }));
    vi.stubGlobal('fetch', fetchMock);
    const l = listener();
    setNetworkListener(l);
    registerEarlyRequest('/v1/vendor/2/current-menu', Promise.resolve(json(MENU)));
    await expect(apiRequest('/vendor/2/current-menu')).resolves.toEqual(MENU);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(l.networkSucceeded).toHaveBeenCalledTimes(1);
    // Taken: the next call fetches.
    expect(registry().size).toBe(0);
    await expect(apiRequest('/vendor/2/current-menu')).resolves.toEqual({ from: 'fetch' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('waits for an early answer still on its way', async () => {
    const fetchMock = vi.fn(async () => json({ from: 'fetch' }));
    vi.stubGlobal('fetch', fetchMock);
    let arrive!: (response: Response) => void;
    registerEarlyRequest('/v1/venue/0/vendors', new Promise<Response>((resolve) => (arrive = resolve)));
    const request = apiRequest('/venue/0/vendors');
    arrive(json([{ id: 2 }]));
    await expect(request).resolves.toEqual([{ id: 2 }]);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('only for the same URL: another path fetches and leaves the early answer alone', async () => {
    const fetchMock = vi.fn(async () => json({ from: 'fetch' }));
    vi.stubGlobal('fetch', fetchMock);
    registerEarlyRequest('/v1/vendor/2/current-menu', Promise.resolve(json(MENU)));
    await expect(apiRequest('/vendor/3/current-menu')).resolves.toEqual({ from: 'fetch' });
    expect(fetchMock).toHaveBeenCalledWith('/v1/vendor/3/current-menu', expect.objectContaining({ method: 'GET' }));
    expect(registry().size).toBe(1);
  });

  it('an early error answer (500) is not used: the call fetches as usual', async () => {
    const fetchMock = vi.fn(async () => json(MENU));
    vi.stubGlobal('fetch', fetchMock);
    const l = listener();
    setNetworkListener(l);
    registerEarlyRequest('/v1/vendor/2/current-menu', Promise.resolve(json({ message: 'boom' }, 500)));
    await expect(apiRequest('/vendor/2/current-menu')).resolves.toEqual(MENU);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith('/v1/vendor/2/current-menu', expect.objectContaining({ method: 'GET' }));
    expect(l.networkFailed).not.toHaveBeenCalled();
  });

  it('an early request that failed (null) is not used: the call fetches as usual', async () => {
    const fetchMock = vi.fn(async () => json(MENU));
    vi.stubGlobal('fetch', fetchMock);
    const l = listener();
    setNetworkListener(l);
    registerEarlyRequest('/v1/vendor/2/current-menu', Promise.reject(new TypeError('Failed to fetch')));
    await expect(apiRequest('/vendor/2/current-menu')).resolves.toEqual(MENU);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(l.networkFailed).not.toHaveBeenCalled();
    expect(l.networkSucceeded).toHaveBeenCalledTimes(1);
  });

  it('an early answer that is too old is not used', async () => {
    const fetchMock = vi.fn(async () => json(MENU));
    vi.stubGlobal('fetch', fetchMock);
    const stale = json({ stale: true });
    registerEarlyRequest(
      '/v1/vendor/2/current-menu',
      Promise.resolve(stale),
      performance.now() - EARLY_RESPONSE_MAX_AGE_MS - 1_000,
    );
    await expect(apiRequest('/vendor/2/current-menu')).resolves.toEqual(MENU);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('a failed early request and a failed fetch: a network error as before', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const l = listener();
    setNetworkListener(l);
    registerEarlyRequest('/v1/vendor/2/current-menu', Promise.resolve(null));
    const error = await apiRequest('/vendor/2/current-menu').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).isNetworkError).toBe(true);
    expect(l.networkFailed).toHaveBeenCalledWith(false);
  });

  it('a POST never takes an early answer, even for the same URL', async () => {
    const fetchMock = vi.fn(async () => json({ from: 'fetch' }));
    vi.stubGlobal('fetch', fetchMock);
    registerEarlyRequest('/v1/vendor/2/current-menu', Promise.resolve(json(MENU)));
    await expect(apiRequest('/vendor/2/current-menu', { method: 'POST', body: {} })).resolves.toEqual({
      from: 'fetch',
    });
    expect(fetchMock).toHaveBeenCalledWith('/v1/vendor/2/current-menu', expect.objectContaining({ method: 'POST' }));
    // Still there for the GET it was made for.
    expect(registry().size).toBe(1);
    fetchMock.mockClear();
    await expect(apiRequest('/vendor/2/current-menu')).resolves.toEqual(MENU);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a GET cancelled while its early answer is on its way rejects as an aborted fetch would', async () => {
    const fetchMock = vi.fn(async () => json({ from: 'fetch' }));
    vi.stubGlobal('fetch', fetchMock);
    let arrive!: (response: Response) => void;
    registerEarlyRequest('/v1/venue/0/vendors', new Promise<Response>((resolve) => (arrive = resolve)));
    const controller = new AbortController();
    const request = apiRequest('/venue/0/vendors', { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort();
    arrive(json([{ id: 2 }]));
    expect(((await request) as DOMException).name).toBe('AbortError');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('an already cancelled GET does not take the early answer', async () => {
    const fetchMock = vi.fn(async (_url: string, init: RequestInit) => {
      if (init.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
      return json({ from: 'fetch' });
    });
    vi.stubGlobal('fetch', fetchMock);
    registerEarlyRequest('/v1/vendor/2/current-menu', Promise.resolve(json(MENU)));
    const controller = new AbortController();
    controller.abort();
    const error = await apiRequest('/vendor/2/current-menu', { signal: controller.signal }).catch((e: unknown) => e);
    expect((error as DOMException).name).toBe('AbortError');
    expect(registry().size).toBe(1);
    await expect(apiRequest('/vendor/2/current-menu')).resolves.toEqual(MENU);
  });
});
