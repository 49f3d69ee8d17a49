import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { databases } from '../test/databases.ts';
import { testConfig, useTestApp } from '../test/test-app.ts';
import { readWebFeatures } from './security.ts';

const MAP_HOSTS = ['https://maps.googleapis.com', 'https://maps.gstatic.com'];

describe('security headers', () => {
  const ctx = useTestApp(databases[0]!);
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  /** A built app's folder holding only its build-features.json (or nothing). */
  function webDist(features?: string): string {
    const dir = mkdtempSync(join(tmpdir(), 'web-dist-'));
    dirs.push(dir);
    if (features !== undefined) writeFileSync(join(dir, 'build-features.json'), features);
    return dir;
  }

  async function headersWith(dist: string) {
    const app = await buildApp({ config: testConfig({ WEB_DIST: dist }), db: ctx.database.db, logger: false });
    try {
      return (await app.inject({ method: 'GET', url: '/v1/time' })).headers;
    } finally {
      await app.close();
    }
  }

  it('turns off camera, microphone and USB, and allows geolocation and payment to this origin only', async () => {
    const policy = (await headersWith(webDist()))['permissions-policy'];
    expect(policy).toBe(
      'camera=(), microphone=(), usb=(), geolocation=(self), payment=(self "https://pay.google.com")',
    );
  });

  it("lists Google's map hosts in the CSP only when the build has a maps key", async () => {
    for (const [features, listed] of [
      [undefined, false],
      ['{"maps":false}\n', false],
      ['not json', false],
      ['{"maps":"yes"}', false],
      ['{"maps":true}\n', true],
    ] as const) {
      const csp = (await headersWith(webDist(features)))['content-security-policy'] as string;
      for (const host of MAP_HOSTS) expect(csp.includes(host), `${features}: ${host}`).toBe(listed);
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain('https://pay.google.com');
    }
  });

  it('reads nothing optional from a missing build', () => {
    expect(readWebFeatures('/nonexistent-web-dist')).toEqual({ maps: false });
  });
});
