/**
 * Builds the floor page (bench/floor) with the customer app's own Vite configuration
 * (apps/web/vite.config.ts): the same React plugin, chunk groups, target, theme and precompressed
 * .br/.gz copies. Only the plugins that build the customer app's own extras (its early-request
 * script, its route pages, its service worker and manifest) are left out: they read the app's
 * sources, and the floor is the stack without the app.
 *
 * Usage: node --import tsx bench/floor/build.ts <outDir>  (bench/lib/app-builds.ts runs it)
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, loadConfigFromFile, type Plugin, type PluginOption } from 'vite';

const FLOOR_DIR = fileURLToPath(new URL('.', import.meta.url));
const WEB_DIR = join(FLOOR_DIR, '../../apps/web');
/** apps/web plugins that build the app's own extras from its sources (see apps/web/build/). */
const APP_ONLY_PLUGINS = new Set(['venue-early-requests', 'venue-route-pages', 'venue-pwa']);

async function flatten(option: PluginOption): Promise<Plugin[]> {
  const resolved = await option;
  if (!resolved) return [];
  if (Array.isArray(resolved)) return (await Promise.all(resolved.map(flatten))).flat();
  return [resolved as Plugin];
}

async function buildFloor(outDir: string): Promise<void> {
  const loaded = await loadConfigFromFile(
    { command: 'build', mode: 'production', isSsrBuild: false, isPreview: false },
    join(WEB_DIR, 'vite.config.ts'),
    WEB_DIR,
    'warn',
  );
  if (!loaded) throw new Error('apps/web/vite.config.ts gave no configuration');
  const { config } = loaded;
  const plugins = (await flatten(config.plugins ?? [])).filter((plugin) => !APP_ONLY_PLUGINS.has(plugin.name));
  await build({
    ...config,
    configFile: false,
    mode: 'production',
    root: FLOOR_DIR,
    publicDir: false,
    logLevel: 'warn',
    plugins,
    build: { ...config.build, outDir, emptyOutDir: true },
  });
}

const outDir = process.argv[2];
if (!outDir) throw new Error('usage: build.ts <outDir>');
await buildFloor(outDir);
