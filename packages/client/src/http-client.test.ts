import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  createHttpClient,
  DEFAULT_TIMEOUT_MS,
  parseJsonOrNull,
  type HttpClientConfig,
} from './http-client.ts';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A client whose calls go to a stand-in fetch. */
function client(
  fetchImpl: (url: string, init: RequestInit) => Promise<Response>,
  config: Partial<HttpClientConfig> = {},
) {
  vi.stubGlobal('fetch', fetchImpl);
  return createHttpClient({
    baseUrl: () => '',
    networkErrorMessage: 'No answer',
    statusMessage: (status) => `Answered ${status}`,
    unreachableStatuses: [],
    ...config,
  });
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

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('createHttpClient', () => {
  it("calls base + path with JSON in and out and the call's headers", async () => {
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => json({ ok: 1 }));
    const http = client(fetchMock, { baseUrl: () => '/v1' });
    const headers = { Authorization: 'Bearer t', 'X-Sig': 's' };
    await expect(http.request('/x', { method: 'POST', body: { a: 1 }, headers })).resolves.toEqual({ ok: 1 });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/v1/x');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"a":1}');
    expect(init.headers).toEqual({
      Accept: 'application/json',
      'Content-Type': 'application/json',
      Authorization: 'Bearer t',
      'X-Sig': 's',
    });
    expect(http.url('y')).toBe('/v1/y');
  });

  it('a call without a body sends no content type; a 204 answers null', async () => {
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => new Response(null, { status: 204 }));
    await expect(client(fetchMock).request('/x')).resolves.toBeNull();
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({ method: 'GET', headers: { Accept: 'application/json' } });
    expect(fetchMock.mock.calls[0]![1].body).toBeUndefined();
  });

  it("an error answer carries the server's message, else the status message", async () => {
    const named = await client(async () => json({ message: 'Vendor 9 does not exist' }, 404))
      .request('/v')
      .catch((e: unknown) => e);
    expect(named).toBeInstanceOf(ApiError);
    expect(named).toMatchObject({ message: 'Vendor 9 does not exist', status: 404, isNetworkError: false });
    const unnamed = await client(async () => new Response('oops', { status: 500 }))
      .request('/v')
      .catch((e: unknown) => e);
    expect(unnamed).toMatchObject({ message: 'Answered 500', status: 500, body: 'oops' });
  });

  it('reads any body as JSON when told to, null when it is not JSON', async () => {
    await expect(
      client(async () => new Response('{"a":1}'), { parse: parseJsonOrNull }).request('/x'),
    ).resolves.toEqual({ a: 1 });
    await expect(client(async () => new Response('not json'), { parse: parseJsonOrNull }).request('/x')).resolves.toBe(
      null,
    );
    await expect(client(async () => new Response('{"a":1}')).request('/x')).resolves.toBe('{"a":1}');
  });

  it('a refused connection is a network ApiError and is reported unanswered', async () => {
    const onAnswer = vi.fn();
    const error = await client(async () => Promise.reject(new TypeError('Failed to fetch')), { onAnswer })
      .request('/x', { method: 'GET' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ message: 'No answer', status: 0, isNetworkError: true });
    expect(onAnswer.mock.calls).toEqual([[false, { method: 'GET' }]]);
  });

  it('a malformed JSON success is no answer', async () => {
    const error = await client(async () => new Response('{"a":', { headers: { 'content-type': 'application/json' } }))
      .request('/x')
      .catch((e: unknown) => e);
    expect((error as ApiError).isNetworkError).toBe(true);
  });

  it("by default 'Network Error' for no answer, a proxy's 502-504 included, and \"Request failed (…)\"", async () => {
    vi.stubGlobal('fetch', async () => new Response(null, { status: 504 }));
    const http = createHttpClient({ baseUrl: () => '' });
    await expect(http.request('/x')).rejects.toMatchObject({ message: 'Network Error', status: 0 });
    vi.stubGlobal('fetch', async () => new Response(null, { status: 500 }));
    await expect(http.request('/x')).rejects.toMatchObject({ message: 'Request failed (500)', status: 500 });
  });

  it('unreachable statuses count as no answer', async () => {
    const onAnswer = vi.fn();
    const error = await client(async () => json({ message: 'bad gateway' }, 502), {
      unreachableStatuses: [502],
      onAnswer,
    })
      .request('/x')
      .catch((e: unknown) => e);
    expect((error as ApiError).isNetworkError).toBe(true);
    expect(onAnswer.mock.calls.map(([answered]) => answered)).toEqual([false]);
  });

  it('times out after 15 s by default when the headers never come', async () => {
    vi.useFakeTimers();
    expect(DEFAULT_TIMEOUT_MS).toBe(15_000);
    const call = watch(client(() => new Promise<Response>(() => undefined)).request('/x'));
    await vi.advanceTimersByTimeAsync(DEFAULT_TIMEOUT_MS - 1);
    expect(call.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect((call.value as ApiError).isNetworkError).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('times out when the headers came but the body stalls', async () => {
    vi.useFakeTimers();
    const stalled = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"id":'));
      },
    });
    const onAnswer = vi.fn();
    const call = watch(
      client(async () => new Response(stalled, { headers: { 'content-type': 'application/json' } }), {
        onAnswer,
      }).request('/x', { timeoutMs: 1_000 }),
    );
    await vi.advanceTimersByTimeAsync(999);
    expect(call.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(call.value).toBeInstanceOf(ApiError);
    expect((call.value as ApiError).isNetworkError).toBe(true);
    // The headers came (an answer), then the body did not (no whole answer).
    expect(onAnswer.mock.calls.map(([answered]) => answered)).toEqual([true, false]);
  });

  it('aborts the body read of a real fetch when the time is up', async () => {
    vi.useFakeTimers();
    let bodySignal: AbortSignal | undefined;
    const call = watch(
      client(async (_url, init) => {
        bodySignal = init.signal ?? undefined;
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('{'));
            // as fetch does: its signal errors the body's stream
            init.signal?.addEventListener('abort', () => controller.error(init.signal?.reason));
          },
        });
        return new Response(body, { headers: { 'content-type': 'application/json' } });
      }).request('/x'),
    );
    await vi.advanceTimersByTimeAsync(DEFAULT_TIMEOUT_MS);
    expect(bodySignal?.aborted).toBe(true);
    expect((call.value as ApiError).isNetworkError).toBe(true);
  });

  it('an error answer whose body stalls still gives its status after the timeout', async () => {
    vi.useFakeTimers();
    const stalled = new ReadableStream<Uint8Array>({ start: () => undefined });
    const call = watch(
      client(
        async () => new Response(stalled, { status: 500, headers: { 'content-type': 'application/json' } }),
      ).request('/x'),
    );
    await vi.advanceTimersByTimeAsync(DEFAULT_TIMEOUT_MS);
    expect(call.value).toMatchObject({ status: 500, message: 'Answered 500', body: null });
  });

  it("the caller's cancel is an AbortError, never reported as a network failure", async () => {
    const onAnswer = vi.fn();
    const controller = new AbortController();
    const request = client(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) =>
          init.signal?.addEventListener('abort', () => reject(init.signal?.reason), { once: true }),
        ),
      { onAnswer },
    )
      .request('/x', { signal: controller.signal })
      .catch((e: unknown) => e);
    controller.abort();
    expect(((await request) as DOMException).name).toBe('AbortError');
    expect(onAnswer).not.toHaveBeenCalled();
  });

  it('a GET takes a successful early answer instead of fetching', async () => {
    const fetchMock = vi.fn(async () => json({ from: 'fetch' }));
    const earlyResponse = vi.fn(() => Promise.resolve(json({ from: 'early' })));
    const http = client(fetchMock, { baseUrl: () => '/v1', earlyResponse });
    await expect(http.request('/menu')).resolves.toEqual({ from: 'early' });
    expect(earlyResponse).toHaveBeenCalledWith('GET', '/v1/menu');
    expect(fetchMock).not.toHaveBeenCalled();
    await http.request('/menu', { method: 'POST', body: {} });
    expect(earlyResponse).toHaveBeenCalledTimes(1);
  });
});
