import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setNetworkListener } from './api-client';
import { AUTHORIZATION_HEADER, signatureBase, TIMESTAMP_HEADER } from '@venue/domain/request-signature';
import { hmacSha1Base64, signatureHeaders, signedRequest } from './request-signing';

afterEach(() => {
  vi.unstubAllGlobals();
  setNetworkListener(null);
});

const key = { consumerId: 'c-42', hmacKey: 'secret-key' };

describe('HMAC-SHA1 by Web Crypto', () => {
  it('matches the RFC 2202 test vector', async () => {
    expect(await hmacSha1Base64('Jefe', 'what do ya want for nothing?')).toBe(
      Buffer.from('effcdf6ae5eb2fa2d27416d5f184df9c259a7c79', 'hex').toString('base64'),
    );
  });
  it("matches Node's crypto for a signature base", async () => {
    const base = signatureBase({
      path: '/v1/vendor/1/place-order',
      method: 'post',
      body: '{"a":1}',
      contentType: 'application/json',
      timestamp: '1700000000000',
    });
    expect(await hmacSha1Base64(key.hmacKey, base)).toBe(createHmac('sha1', key.hmacKey).update(base).digest('base64'));
  });
});

describe('signed requests (spec §7 auth calls)', () => {
  it('sends the timestamp and an authorisation header with the consumer id and the signature', async () => {
    const headers = await signatureHeaders(
      key,
      { path: '/v1/x', method: 'GET', body: '', contentType: '' },
      1_700_000_000_000,
    );
    expect(headers[TIMESTAMP_HEADER]).toBe('1700000000000');
    const base = signatureBase({
      path: '/v1/x',
      method: 'GET',
      body: '',
      contentType: '',
      timestamp: '1700000000000',
    });
    const expected = createHmac('sha1', key.hmacKey).update(base).digest('base64');
    expect(headers[AUTHORIZATION_HEADER]).toBe(`HMAC c-42:${expected}`);
  });

  it('signs exactly the body and path it sends', async () => {
    const fetchMock = vi.fn(
      async (_url: string, _init: RequestInit) =>
        new Response('{"ok":true}', { headers: { 'content-type': 'application/json' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await expect(
      signedRequest(key, '/current-consumer/order/7/coupon?couponCode=A%20B', { method: 'PUT' }),
    ).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/v1/current-consumer/order/7/coupon?couponCode=A%20B');
    expect(init.body).toBe('{}');
    const sent = init.headers as Record<string, string>;
    const base = signatureBase({
      path: '/v1/current-consumer/order/7/coupon?couponCode=A%20B',
      method: 'PUT',
      body: '{}',
      contentType: 'application/json',
      timestamp: sent[TIMESTAMP_HEADER]!,
    });
    expect(sent[AUTHORIZATION_HEADER]).toBe(
      `HMAC c-42:${createHmac('sha1', key.hmacKey).update(base).digest('base64')}`,
    );
    expect(sent['Content-Type']).toBe('application/json');
  });

  it('signs a GET with no body and no content type', async () => {
    const fetchMock = vi.fn(
      async (_url: string, _init: RequestInit) =>
        new Response('{}', { headers: { 'content-type': 'application/json' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await signedRequest(key, '/vendor/1/order/2');
    const [, init] = fetchMock.mock.calls[0]!;
    expect(init.body).toBeUndefined();
    const sent = init.headers as Record<string, string>;
    expect(sent['Content-Type']).toBeUndefined();
    const base = signatureBase({
      path: '/v1/vendor/1/order/2',
      method: 'GET',
      body: '',
      contentType: '',
      timestamp: sent[TIMESTAMP_HEADER]!,
    });
    expect(sent[AUTHORIZATION_HEADER]).toBe(
      `HMAC c-42:${createHmac('sha1', key.hmacKey).update(base).digest('base64')}`,
    );
  });
});
