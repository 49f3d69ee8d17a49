import { describe, expect, test } from 'vitest';
import { postgresEnabled } from '@venue/test-harness/postgres';
import { screenshot } from './support/screenshots.ts';
import { setupSuite, type Suite } from './support/suite.ts';
import { action, text, visible } from './support/ui.ts';

/** The demo venue's stores (README, decision 003). */
const DEMO_VENDORS = ['The Tap Room', 'Grill & Bun', 'Slice Pizza Co.', 'Daily Grind', 'Sweet Spot', 'Noodle House'];

async function getJson(url: string): Promise<{ status: number; headers: Headers; body: unknown }> {
  const response = await fetch(url, { signal: AbortSignal.timeout(30_000) });
  const contentType = response.headers.get('content-type') ?? '';
  expect(contentType, `content type of ${url}`).toMatch(/application\/json/);
  return { status: response.status, headers: response.headers, body: await response.json() };
}

/** The real server process over HTTP, as a browser or the venue's systems reach it. */
function smokeTests(suite: Suite, label: string): void {
  test('GET /health answers {ok:true}', async () => {
    const { status, body } = await getJson(`${suite.server.url}/health`);
    expect(status).toBe(200);
    expect(body).toEqual({ ok: true });
  });

  test('GET /v1/time gives the server clock', async () => {
    const before = Date.now();
    const { status, body } = await getJson(`${suite.server.url}/v1/time`);
    expect(status).toBe(200);
    const time = body as { now?: unknown; epochMs?: unknown };
    expect(typeof time.now).toBe('string');
    expect(typeof time.epochMs).toBe('number');
    // Same machine: the clocks agree to within a generous margin.
    expect(Math.abs((time.epochMs as number) - before)).toBeLessThan(60_000);
  });

  test('GET /v1/openapi.json is an OpenAPI document with the catalogue paths', async () => {
    const { status, body } = await getJson(`${suite.server.url}/v1/openapi.json`);
    expect(status).toBe(200);
    const doc = body as { openapi?: unknown; paths?: Record<string, unknown> };
    expect(String(doc.openapi)).toMatch(/^3\./);
    const paths = Object.keys(doc.paths ?? {});
    expect(paths.length).toBeGreaterThan(0);
    for (const fragment of ['/venues', '/vendors', '/current-menu', '/availableScheduledPickupTimeSlots', '/time']) {
      expect(
        paths.some((path) => path.includes(fragment)),
        `a path containing ${fragment}`,
      ).toBe(true);
    }
  });

  test('the demo venue is seeded: GET /v1/venue/0/vendors lists its six stores', async () => {
    const { status, body } = await getJson(`${suite.server.url}/v1/venue/0/vendors`);
    expect(status).toBe(200);
    const vendors = body as { id: number; storeName: string; isPaused: boolean; isOpen: boolean }[];
    const byId = new Map(vendors.map((vendor) => [vendor.id, vendor]));
    DEMO_VENDORS.forEach((name, index) => expect(byId.get(index + 1)?.storeName).toBe(name));
    expect(byId.get(5)?.isPaused).toBe(true);
    expect(byId.get(6)?.isOpen).toBe(false);
  });

  test('bad input answers 4xx JSON {statusCode, error, message}, never 500', async () => {
    for (const [path, expected] of [
      ['/v1/vendor/not-a-number/current-menu', 400],
      ['/v1/vendor/999999/current-menu', 404],
      ['/v1/venue/-1/vendors', 400],
    ] as const) {
      const { status, body } = await getJson(`${suite.server.url}${path}`);
      expect(status, path).toBe(expected);
      const error = body as { statusCode?: unknown; error?: unknown; message?: unknown };
      expect(error.statusCode, path).toBe(expected);
      expect(typeof error.error, path).toBe('string');
      expect(typeof error.message, path).toBe('string');
    }
  });

  test('/start is the app, served with security headers', async () => {
    const response = await fetch(`${suite.server.url}/start`, { signal: AbortSignal.timeout(30_000) });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type') ?? '').toMatch(/text\/html/);
    expect(await response.text()).toContain('<div id="root">');
    // @fastify/helmet
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy') ?? '').toContain("default-src 'self'");
    expect(response.headers.get('referrer-policy')).toBeTruthy();
    expect(response.headers.get('x-frame-options') ?? response.headers.get('content-security-policy') ?? '').toMatch(
      /SAMEORIGIN|DENY|frame-ancestors/i,
    );
    expect(response.headers.get('x-powered-by')).toBeNull();
  });

  test(`the start screen works in Chromium (${label})`, async () => {
    const page = await suite.newPage();
    await page.goto('/start');
    await visible(text(page, 'Harbourside Stadium'));
    await visible(action(page, 'Order & Collect'));
    await screenshot(page, `start-${label}`);
    expect(suite.pageErrors).toEqual([]);
  });
}

describe('server smoke over HTTP on SQLite', () => {
  const suite = setupSuite({ build: 'multi-vendor' });
  smokeTests(suite, 'sqlite');
});

describe.skipIf(!postgresEnabled())('server smoke over HTTP on PostgreSQL (TEST_DATABASE_URL)', () => {
  const suite = setupSuite({ build: 'multi-vendor', database: 'postgres' });
  smokeTests(suite, 'postgres');
});
