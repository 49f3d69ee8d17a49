import { describe, expect, it } from 'vitest';
import {
  formatAuthorization,
  isFreshTimestamp,
  parseAuthorization,
  signatureBase,
  SIGNATURE_MAX_SKEW_MS,
} from './request-signature.ts';

const parts = {
  path: '/v1/vendor/2/place-order?campaignId=7',
  method: 'post',
  body: '{"a":1}',
  contentType: 'Application/JSON ',
  timestamp: '1795000000000',
};

describe('signatureBase', () => {
  it('joins method, path, content type, timestamp and body with newlines', () => {
    expect(signatureBase(parts)).toBe(
      'POST\n/v1/vendor/2/place-order?campaignId=7\napplication/json\n1795000000000\n{"a":1}',
    );
  });

  it('changes when any signed part changes', () => {
    const base = signatureBase(parts);
    for (const change of [
      { path: '/v1/vendor/3/place-order?campaignId=7' },
      { path: '/v1/vendor/2/place-order' },
      { method: 'PUT' },
      { body: '{"a":2}' },
      { contentType: 'text/plain' },
      { timestamp: '1795000000001' },
    ]) {
      expect(signatureBase({ ...parts, ...change }), JSON.stringify(change)).not.toBe(base);
    }
  });
});

describe('authorization header', () => {
  it('round-trips a consumer id and signature', () => {
    const header = formatAuthorization('c_abc-123', 'AbC+/x9=');
    expect(header).toBe('HMAC c_abc-123:AbC+/x9=');
    expect(parseAuthorization(header)).toEqual({ consumerId: 'c_abc-123', signature: 'AbC+/x9=' });
  });

  it.each([
    undefined,
    '',
    'Bearer token',
    'HMAC nocolon',
    'HMAC :sig',
    'HMAC id:',
    'HMAC id:sig with space',
    'hmac id:sig',
  ])('rejects %j', (header) => {
    expect(parseAuthorization(header)).toBeNull();
  });
});

describe('isFreshTimestamp', () => {
  const now = 1_795_000_000_000;
  it('accepts up to five minutes either way and nothing else', () => {
    expect(isFreshTimestamp(String(now), now)).toBe(true);
    expect(isFreshTimestamp(String(now - SIGNATURE_MAX_SKEW_MS), now)).toBe(true);
    expect(isFreshTimestamp(String(now + SIGNATURE_MAX_SKEW_MS), now)).toBe(true);
    expect(isFreshTimestamp(String(now - SIGNATURE_MAX_SKEW_MS - 1), now)).toBe(false);
    expect(isFreshTimestamp(String(now + SIGNATURE_MAX_SKEW_MS + 1), now)).toBe(false);
  });
  it.each([undefined, '', 'abc', '-1', '1e12', `${now}.5`, ' 1795000000000'])('rejects %j', (value) => {
    expect(isFreshTimestamp(value, now)).toBe(false);
  });
});
