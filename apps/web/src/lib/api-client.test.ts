import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, NETWORK_ERROR_MESSAGE, setNetworkListener } from './api-client';

function listener() {
  return { networkFailed: vi.fn(), networkSucceeded: vi.fn() };
}

afterEach(() => {
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
