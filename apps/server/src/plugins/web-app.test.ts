import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { databases } from '../test/databases.ts';
import { useTestApp } from '../test/test-app.ts';
import { DOCUMENT_ONLY_HEADERS, routePage } from './web-app.ts';

/** A small build as apps/web makes it: index.html, route pages, the worker, the manifest, hashed assets. */
const webDist = mkdtempSync(join(tmpdir(), 'venue-web-app-'));
const files: Record<string, string> = {
  'index.html': '<!doctype html><title>shell</title>',
  'pages/index.html': '<!doctype html><title>home page</title>',
  'pages/start.html': '<!doctype html><title>start page</title>',
  'pages/order-flow/place-order.html': '<!doctype html><title>place-order page</title>',
  'sw.js': 'self.addEventListener("fetch", () => {});',
  'manifest.webmanifest': '{"name":"Harbourside Stadium"}',
  'assets/index-abc123.js': 'console.log(1);',
  'assets/icon-192-0123456789.png': 'not really a png',
};
for (const [name, content] of Object.entries(files)) {
  mkdirSync(dirname(join(webDist, name)), { recursive: true });
  writeFileSync(join(webDist, name), content);
}
// The build's best-level compressed copies of a bundle.
const BUNDLE = 'assets/vendor-abc123.js';
const bundleSource = `export const text = ${JSON.stringify('react '.repeat(2000))};`;
writeFileSync(join(webDist, BUNDLE), bundleSource);
writeFileSync(join(webDist, `${BUNDLE}.br`), brotliCompressSync(bundleSource));
writeFileSync(join(webDist, `${BUNDLE}.gz`), gzipSync(bundleSource));
afterAll(() => rmSync(webDist, { recursive: true, force: true }));

describe('routePage', () => {
  it("finds a route's page, the root's included, and nothing for other addresses", () => {
    expect(routePage(webDist, '/')).toBe('pages/index.html');
    expect(routePage(webDist, '/start')).toBe('pages/start.html');
    expect(routePage(webDist, '/start/')).toBe('pages/start.html');
    expect(routePage(webDist, '/order-flow/place-order')).toBe('pages/order-flow/place-order.html');
    expect(routePage(webDist, '/order-flow/payment')).toBeNull();
    for (const odd of ['/../index', '/pages/start', '/START', '/start.html', '/a//b', '/%2e%2e/x'])
      expect(routePage(webDist, odd)).toBeNull();
  });
});

describe('serving the web app', () => {
  const ctx = useTestApp(databases[0]!, { env: { WEB_DIST: webDist }, seed: false });
  const get = (url: string) => ctx.app.inject({ method: 'GET', url });

  it("answers a route's address with its page, revalidated on every visit", async () => {
    for (const [url, title] of [
      ['/', 'home page'],
      ['/?vendorId=2', 'home page'],
      ['/start', 'start page'],
      ['/order-flow/place-order?vendorId=3', 'place-order page'],
      ['/order-flow/payment', 'shell'],
      ['/somewhere/else', 'shell'],
    ] as const) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain(`<title>${title}</title>`);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('serves the service worker and the manifest with their types, revalidated; hashed assets for a year', async () => {
    const worker = await get('/sw.js');
    expect(worker.headers['content-type']).toMatch(/javascript/);
    expect(worker.headers['cache-control']).toBe('no-cache');
    const manifest = await get('/manifest.webmanifest');
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    const index = await get('/index.html');
    expect(index.body).toContain('<title>shell</title>');
    expect(index.headers['cache-control']).toBe('no-cache');
    for (const asset of ['/assets/index-abc123.js', '/assets/icon-192-0123456789.png']) {
      expect((await get(asset)).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('sends hashed assets without the headers only documents read, and pages and the worker with them', async () => {
    for (const asset of ['/assets/index-abc123.js', '/assets/icon-192-0123456789.png', `/${BUNDLE}`]) {
      const response = await get(asset);
      for (const name of DOCUMENT_ONLY_HEADERS) expect(response.headers[name], `${asset}: ${name}`).toBeUndefined();
      expect(response.headers['x-content-type-options'], asset).toBe('nosniff');
      expect(response.headers['cross-origin-resource-policy'], asset).toBe('same-origin');
      expect(response.headers['strict-transport-security'], asset).toBeDefined();
      expect(response.headers['referrer-policy'], asset).toBe('no-referrer');
    }
    for (const url of ['/', '/start', '/order-flow/payment', '/index.html', '/sw.js']) {
      const response = await get(url);
      expect(response.headers['content-security-policy'], url).toContain("default-src 'self'");
      expect(response.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(response.headers['cross-origin-opener-policy'], url).toBe('same-origin');
    }
  });

  it("sends the build's compressed copy of a file when the browser takes that encoding", async () => {
    const inject = (encoding?: string) =>
      ctx.app.inject({ method: 'GET', url: `/${BUNDLE}`, headers: encoding ? { 'accept-encoding': encoding } : {} });
    const br = await inject('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(bundleSource);
    const gz = await inject('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(bundleSource);
    const plain = await inject();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(bundleSource);
  });

  it('keeps API and missing-asset answers JSON 404s, never a page', async () => {
    for (const url of ['/v1/nowhere', '/ops/v1/nowhere', '/assets/missing-000000.js']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(/^application\/json/);
    }
  });
});

/** A staff display build as apps/staff makes it: its page and hashed assets under /staff/assets. */
const staffDist = mkdtempSync(join(tmpdir(), 'venue-staff-'));
for (const [name, content] of Object.entries({
  'index.html': '<!doctype html><title>staff display</title>',
  'assets/index-def456.js': 'console.log(2);',
})) {
  mkdirSync(dirname(join(staffDist, name)), { recursive: true });
  writeFileSync(join(staffDist, name), content);
}
afterAll(() => rmSync(staffDist, { recursive: true, force: true }));

describe('serving the staff display beside the web app', () => {
  const ctx = useTestApp(databases[0]!, { env: { WEB_DIST: webDist, STAFF_DIST: staffDist }, seed: false });
  const get = (url: string) => ctx.app.inject({ method: 'GET', url });

  it('answers /staff and addresses under it with its own page, with the page security headers', async () => {
    for (const url of ['/staff', '/staff/', '/staff/board?x=1']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('staff display');
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.headers['content-security-policy'], url).toBeTruthy();
    }
  });

  it('serves its hashed files for a year, and 404 JSON for a missing one', async () => {
    const asset = await get('/staff/assets/index-def456.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await get('/staff/assets/nope.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ statusCode: 404 });
  });

  it("leaves the customer app's pages as they were", async () => {
    expect((await get('/start')).body).toContain('start page');
    expect((await get('/somewhere/else')).body).toContain('shell');
  });
});

describe('a staff display that is not built', () => {
  const ctx = useTestApp(databases[0]!, {
    env: { WEB_DIST: webDist, STAFF_DIST: join(staffDist, 'missing') },
    seed: false,
  });

  it('says how to build it', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/staff' });
    expect(response.statusCode).toBe(503);
    expect(response.body).toContain('npm run build');
  });
});

/** A back-office build as apps/admin makes it: its page and hashed assets under /admin/assets. */
const adminDist = mkdtempSync(join(tmpdir(), 'venue-admin-'));
for (const [name, content] of Object.entries({
  'index.html': '<!doctype html><title>back office</title>',
  'assets/index-abc789.js': 'console.log(3);',
})) {
  mkdirSync(dirname(join(adminDist, name)), { recursive: true });
  writeFileSync(join(adminDist, name), content);
}
afterAll(() => rmSync(adminDist, { recursive: true, force: true }));

describe('serving the back office beside the web app and the staff display', () => {
  const ctx = useTestApp(databases[0]!, {
    env: { WEB_DIST: webDist, STAFF_DIST: staffDist, ADMIN_DIST: adminDist },
    seed: false,
  });
  const get = (url: string) => ctx.app.inject({ method: 'GET', url });

  it('answers /admin and every address under it with its own page, with the page security headers', async () => {
    for (const url of ['/admin', '/admin/', '/admin/orders?q=12', '/admin/orders/5', '/admin/set-password?token=x']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('back office');
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.headers['content-security-policy'], url).toBeTruthy();
    }
  });

  it('serves its hashed files for a year, and 404 JSON for a missing one', async () => {
    const asset = await get('/admin/assets/index-abc789.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await get('/admin/assets/nope.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ statusCode: 404 });
  });

  it('leaves /admin/v1 to the API: an unknown API address is a JSON 404, never the page', async () => {
    for (const url of ['/admin/v1', '/admin/v1/nowhere']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(/^application\/json/);
    }
    expect((await get('/admin/v1/session')).statusCode).toBe(401);
  });

  it('leaves the staff display and the customer app as they were', async () => {
    expect((await get('/staff/board')).body).toContain('staff display');
    expect((await get('/start')).body).toContain('start page');
  });
});

describe('a back office that is not built', () => {
  const ctx = useTestApp(databases[0]!, {
    env: { WEB_DIST: webDist, ADMIN_DIST: join(adminDist, 'missing') },
    seed: false,
  });

  it('says how to build it', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/admin/today' });
    expect(response.statusCode).toBe(503);
    expect(response.body).toContain('The back office is not built yet');
    expect(response.body).toContain('npm run build');
  });
});
