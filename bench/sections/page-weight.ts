import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { launchChromium, newPhoneContext } from '../../e2e/support/chromium.ts';
import type { BenchContext, Section, SectionResult } from '../lib/section.ts';
import { formatKiB } from '../lib/table.ts';

/** Page-weight goal: the gzipped JavaScript the app loads for /start. */
export const START_JS_GOAL_BYTES = 130 * 1024;

/** gzip at zlib's default level, as a server compressing on the fly would send it. */
const gzipSize = (bytes: Buffer | Uint8Array): number => gzipSync(bytes).length;

/** The entry script and modulepreload links of the built index.html, as paths from the build root. */
export function entryScripts(html: string): string[] {
  const found = new Set<string>();
  for (const match of html.matchAll(/<script\b[^>]*\btype=["']module["'][^>]*>/gi)) {
    const src = /\bsrc=["']([^"']+)["']/i.exec(match[0])?.[1];
    if (src) found.add(src);
  }
  for (const match of html.matchAll(/<link\b[^>]*>/gi)) {
    const tag = match[0];
    if (!/\brel=["']modulepreload["']/i.test(tag)) continue;
    const href = /\bhref=["']([^"']+)["']/i.exec(tag)?.[1];
    if (href) found.add(href);
  }
  return [...found].filter((src) => !/^(https?:)?\/\//.test(src));
}

interface Asset {
  path: string;
  bytes: number;
  gzipBytes: number;
}

/** What index.html makes the browser fetch before anything runs: entry + modulepreloads. */
async function staticEntryWeight(webDist: string): Promise<Asset[]> {
  const html = await readFile(join(webDist, 'index.html'), 'utf8');
  const assets: Asset[] = [];
  for (const src of entryScripts(html)) {
    const body = await readFile(join(webDist, src.replace(/^\//, '')));
    assets.push({ path: src, bytes: body.length, gzipBytes: gzipSize(body) });
  }
  return assets;
}

/** Every JavaScript response of a real page load of /start in Chromium (lazy chunks included). */
async function loadedScripts(url: string): Promise<Asset[]> {
  const browser = await launchChromium();
  try {
    const context = await newPhoneContext(browser);
    const page = await context.newPage();
    const pending: Promise<Asset | null>[] = [];
    page.on('response', (response) => {
      const contentType = response.headers()['content-type'] ?? '';
      const path = new URL(response.url()).pathname;
      if (!/javascript/.test(contentType) && !path.endsWith('.js')) return;
      pending.push(
        response
          .body()
          .then((body) => ({ path, bytes: body.length, gzipBytes: gzipSize(body) }))
          .catch(() => null),
      );
    });
    await page.goto(`${url}/start`, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
    const assets = (await Promise.all(pending)).filter((asset): asset is Asset => asset !== null);
    await context.close();
    return assets;
  } finally {
    await browser.close();
  }
}

const sum = (assets: Asset[]) => assets.reduce((total, asset) => total + asset.gzipBytes, 0);

export const pageWeight: Section = {
  name: 'page-weight',
  description: 'gzipped JavaScript loaded for /start',
  async run(context: BenchContext): Promise<SectionResult> {
    context.log('measuring page weight of /start…');
    const entry = await staticEntryWeight(context.webDist);
    const loaded = await loadedScripts(context.server.url);
    const entryBytes = sum(entry);
    const loadedBytes = sum(loaded);
    const goal = formatKiB(START_JS_GOAL_BYTES);
    return {
      name: this.name,
      title: 'Page weight: JavaScript for /start (gzip)',
      columns: ['measure', 'files', 'raw', 'gzip', 'goal', 'met'],
      rows: [
        [
          'index.html entry + modulepreload',
          String(entry.length),
          formatKiB(entry.reduce((t, a) => t + a.bytes, 0)),
          formatKiB(entryBytes),
          `≤ ${goal}`,
          entryBytes <= START_JS_GOAL_BYTES ? 'yes' : 'NO',
        ],
        [
          'all .js loaded by Chromium for /start',
          String(loaded.length),
          formatKiB(loaded.reduce((t, a) => t + a.bytes, 0)),
          formatKiB(loadedBytes),
          `≤ ${goal}`,
          loadedBytes <= START_JS_GOAL_BYTES ? 'yes' : 'NO',
        ],
      ],
      notes: [`page weight: ${formatKiB(loadedBytes)} gzipped JS for /start vs the ${goal} goal`],
      goals: [
        { description: `entry JS for /start ≤ ${goal} gzipped`, met: entryBytes <= START_JS_GOAL_BYTES },
        { description: `all JS loaded for /start ≤ ${goal} gzipped`, met: loadedBytes <= START_JS_GOAL_BYTES },
      ],
      data: { goalBytes: START_JS_GOAL_BYTES, entry, loaded, entryGzipBytes: entryBytes, loadedGzipBytes: loadedBytes },
    };
  },
};
