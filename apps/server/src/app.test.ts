import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { ErrorBody } from '@venue/contract/common';
import { HealthResponse } from '@venue/contract/system';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { openDatabase } from './db/database.ts';
import { databases } from './test/databases.ts';
import { testConfig, useTestApp } from './test/test-app.ts';

const PUBLIC_ADDRESS = '203.0.113.7';

describe.each(databases)('the app on $name', (database) => {
  const ctx = useTestApp(database, { env: { RATE_LIMIT_MAX: '5' } });

  it('answers the health check at / and under /v1', async () => {
    for (const url of ['/health', '/v1/health']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(HealthResponse.parse(res.json())).toEqual({ ok: true });
    }
  });

  it('sends security headers with a CSP that allows the built app', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/v1/time' });
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toMatch(/script-src 'self'/);
    expect(csp).toMatch(/style-src 'self'/);
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(csp).toMatch(/connect-src 'self'/);
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['strict-transport-security']).toBeDefined();
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it('limits a public address to RATE_LIMIT_MAX requests a minute with a 429 JSON answer', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      const res = await ctx.app.inject({ method: 'GET', url: '/v1/time', remoteAddress: PUBLIC_ADDRESS });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) {
        const body = ErrorBody.parse(res.json());
        expect(body.statusCode).toBe(429);
        expect(res.headers['retry-after']).toBeDefined();
      }
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    // Another address has its own allowance.
    const other = await ctx.app.inject({ method: 'GET', url: '/v1/time', remoteAddress: '198.51.100.2' });
    expect(other.statusCode).toBe(200);
  });

  it('counts an IPv6 client by its /64: new addresses within it share one allowance', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 7; i += 1) {
      const remoteAddress = `2001:db8:77:1:${i.toString(16)}:${(i * 7919).toString(16)}::${i}`;
      statuses.push((await ctx.app.inject({ method: 'GET', url: '/v1/time', remoteAddress })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    const neighbour = await ctx.app.inject({ method: 'GET', url: '/v1/time', remoteAddress: '2001:db8:77:2::1' });
    expect(neighbour.statusCode).toBe(200);
  });

  it('never limits loopback callers', async () => {
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      for (let i = 0; i < 8; i += 1) {
        const res = await ctx.app.inject({ method: 'GET', url: '/v1/time', remoteAddress });
        expect(res.statusCode).toBe(200);
      }
    }
  });

  it('answers 404 JSON for unknown routes under /v1 and /ops/v1, whatever the method', async () => {
    for (const [method, url] of [
      ['GET', '/v1/nothing-here'],
      ['POST', '/v1/vendor/1/current-menu'],
      ['GET', '/ops/v1/nothing-here'],
      ['DELETE', '/v1/client/1/venues'],
      ['GET', '/v1'],
    ] as const) {
      const res = await ctx.app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(ErrorBody.parse(res.json())).toMatchObject({ statusCode: 404, error: 'Not Found' });
    }
  });

  it('publishes the OpenAPI document with the catalogue paths', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of [
      '/v1/client/{clientId}/venues',
      '/v1/venue/{venueId}/vendors',
      '/v1/vendor/{vendorId}/availableScheduledPickupTimeSlots',
      '/v1/vendor/{vendorId}/current-menu',
      '/v1/time',
      '/v1/displayassets/{assetId}/transformed/{transform}',
      '/ops/v1/vendor/{vendorId}',
    ]) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
  });

  it('answers bad input on every catalogue route with 4xx JSON, never a 500', async () => {
    const ids = ['abc', '-1', '1e99', '1.5', '0x10x', '9'.repeat(40), '%20', "1'--", '%F0%9F%8D%94', 'a'.repeat(150)];
    const templates = [
      '/v1/client/:id/venues',
      '/v1/venue/:id/vendors',
      '/v1/vendor/:id/availableScheduledPickupTimeSlots',
      '/v1/vendor/:id/current-menu',
      '/v1/displayassets/:id/transformed/350x',
      '/v1/displayassets/1/transformed/:id',
    ];
    for (const template of templates) {
      for (const id of ids) {
        const url = template.replace(':id', id);
        const res = await ctx.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, url).toBeLessThan(500);
        expect(ErrorBody.safeParse(res.json()).success, url).toBe(true);
        expect(res.body).not.toMatch(/at .*\.ts:\d+/);
      }
    }
  });

  it('says the web app is not built when WEB_DIST has no index.html', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/order-flow/place-order' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('The web app is not built yet');
  });
});

describe.each(databases)('serving the built web app on $name', (database) => {
  const dist = mkdtempSync(join(tmpdir(), 'venue-web-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Venue app</title><div id="root"></div>');
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log("app")');
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  afterAll(() => rmSync(dist, { recursive: true, force: true }));
  const ctx = useTestApp(database, { env: { WEB_DIST: dist } });

  it('serves index.html at / without long caching', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('Venue app');
  });

  it('answers index.html for client-side routes, keeping the query string out of the way', async () => {
    for (const url of ['/start', '/order-flow/discover-vendor?vendorId=3', '/some/unknown/page']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('Venue app');
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('caches hashed bundles for a year and revalidates other files', async () => {
    const js = await ctx.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(js.statusCode).toBe(200);
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await ctx.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('answers 404 for a missing bundle instead of the page, and keeps the API JSON', async () => {
    const missing = await ctx.app.inject({ method: 'GET', url: '/assets/index-old999.js' });
    expect(missing.statusCode).toBe(404);
    const api = await ctx.app.inject({ method: 'GET', url: '/v1/unknown' });
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toMatch(/^application\/json/);
    const menu = await ctx.app.inject({ method: 'GET', url: '/v1/vendor/1/current-menu' });
    expect(menu.statusCode).toBe(200);
  });
});

describe('when the server itself fails', () => {
  it('answers a plain 500 JSON without internal details', async () => {
    // A database without tables makes every query throw.
    const database = openDatabase({ kind: 'sqlite', path: ':memory:' });
    const app = await buildApp({ config: testConfig(), db: database.db, logger: false });
    try {
      const res = await app.inject({ method: 'GET', url: '/v1/vendor/1/current-menu' });
      expect(res.statusCode).toBe(500);
      expect(ErrorBody.parse(res.json())).toEqual({
        statusCode: 500,
        error: 'Internal Server Error',
        message: 'Something went wrong on our side. Please try again.',
      });
      expect(res.body).not.toMatch(/menu_items|vendors|sqlite|stack/i);
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe('the request log', () => {
  it('writes no signature, typed address or position, only what was asked for', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const database = await databases[0]!.create();
    const app = await buildApp({ config: testConfig(), db: database.db, logger: { level: 'info', stream } });
    try {
      const signature = 'Zm9yZ2VkLXNpZ25hdHVyZS12YWx1ZQ';
      await app.inject({
        method: 'GET',
        url: `/v1/order/12/events?consumerId=7&timestamp=1795399200000&signature=${signature}`,
      });
      await app.inject({
        method: 'GET',
        url: '/v1/address/autocomplete?input=17%20Wattle%20Grove%20Parramatta&latitude=-33.8151&longitude=151.0017',
      });
      await app.inject({ method: 'GET', url: '/v1/vendor/3/delivery-quote?latitude=-33.8162&longitude=151.0044' });
      await app.inject({ method: 'GET', url: '/ops/v1/vendor/2/orders?status=Waiting' });
      const logs = lines.join('');
      expect(logs).toContain('/v1/order/12/events?');
      expect(logs).not.toContain(signature);
      expect(logs).not.toMatch(/Wattle/i);
      for (const position of ['33.8151', '151.0017', '33.8162', '151.0044']) expect(logs).not.toContain(position);
      expect(logs).toContain('/ops/v1/vendor/2/orders?status=Waiting');
    } finally {
      await app.close();
      await database.dispose();
    }
  });
});
