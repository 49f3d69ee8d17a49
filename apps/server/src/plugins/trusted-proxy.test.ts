/**
 * TRUST_PROXY and the loopback exemption (docs/decisions/004-rate-limits.md): behind one trusted
 * proxy the client is the address that proxy appended, the rightmost of X-Forwarded-For; whatever
 * a client wrote further left is never believed, so it can neither escape nor reset a limit.
 */
import { describe, expect, it } from 'vitest';
import { databases } from '../test/databases.ts';
import { TEST_OPS_TOKEN, useTestApp } from '../test/test-app.ts';

const PROXY = '10.0.0.1';
const CLIENT = '203.0.113.9';
const NEIGHBOUR = '203.0.113.10';
const [sqlite] = databases;

describe('rate limit behind one trusted proxy (TRUST_PROXY=1)', () => {
  const ctx = useTestApp(sqlite!, { env: { TRUST_PROXY: '1', RATE_LIMIT_MAX: '3' } });
  /** A request through the proxy: it appends the address it saw to what the client sent. */
  const through = (client: string, forged?: string, proxy = PROXY) =>
    ctx.app.inject({
      method: 'GET',
      url: '/v1/time',
      remoteAddress: proxy,
      headers: { 'x-forwarded-for': forged ? `${forged}, ${client}` : client },
    });

  it('limits the address the proxy saw: a forged leftmost address neither escapes nor resets the limit', async () => {
    for (let i = 0; i < 3; i += 1) expect((await through(CLIENT)).statusCode).toBe(200);
    expect((await through(CLIENT)).statusCode).toBe(429);
    // Posing as loopback (exempt) does not help…
    for (const forged of ['127.0.0.1', '::1', 'localhost']) {
      expect((await through(CLIENT, forged)).statusCode, forged).toBe(429);
    }
    // …nor does a fresh address each time (a new allowance per made-up address).
    for (let i = 0; i < 5; i += 1) {
      expect((await through(CLIENT, `198.51.100.${i + 1}`)).statusCode).toBe(429);
    }
    // Another customer behind the same proxy has their own allowance.
    expect((await through(NEIGHBOUR, '203.0.113.9')).statusCode).toBe(200);
  });

  it('limits customers of a proxy on the same host (loopback connection with X-Forwarded-For)', async () => {
    const client = '203.0.113.50';
    for (let i = 0; i < 3; i += 1) expect((await through(client, undefined, '127.0.0.1')).statusCode).toBe(200);
    expect((await through(client, '127.0.0.1', '127.0.0.1')).statusCode).toBe(429);
  });

  it('still exempts a caller on this host that names no one else', async () => {
    for (let i = 0; i < 6; i += 1) {
      const res = await ctx.app.inject({ method: 'GET', url: '/v1/time', remoteAddress: '127.0.0.1' });
      expect(res.statusCode).toBe(200);
    }
  });
});

describe('rate limit with TRUST_PROXY off', () => {
  const ctx = useTestApp(sqlite!, { env: { RATE_LIMIT_MAX: '3' } });

  it('ignores X-Forwarded-For: a direct client that claims to be loopback is limited', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/v1/time',
        remoteAddress: CLIENT,
        headers: { 'x-forwarded-for': i % 2 ? '127.0.0.1' : `198.51.100.${i}` },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
  });

  it('does not exempt a loopback connection that forwards someone else', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/v1/time',
        remoteAddress: '127.0.0.1',
        headers: { forwarded: `for=198.51.100.${i}` },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
  });
});

describe('failed staff sign-ins behind one trusted proxy', () => {
  const ctx = useTestApp(sqlite!, { env: { TRUST_PROXY: '1', OPS_SIGN_IN_LIMIT: '2' } });
  const signIn = (token: string, forged: string) =>
    ctx.app.inject({
      method: 'GET',
      url: '/ops/v1/vendor/1/orders',
      remoteAddress: PROXY,
      headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': `${forged}, ${CLIENT}` },
    });

  it('counts guesses against the address the proxy saw, whatever the client writes to the left', async () => {
    expect((await signIn('guess-1', '198.51.100.1')).statusCode).toBe(401);
    expect((await signIn('guess-2', '198.51.100.2')).statusCode).toBe(401);
    for (const forged of ['198.51.100.3', '127.0.0.1', '::1']) {
      expect((await signIn(TEST_OPS_TOKEN, forged)).statusCode, forged).toBe(429);
    }
  });
});
