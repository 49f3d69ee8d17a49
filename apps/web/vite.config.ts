import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import { fileURLToPath } from 'node:url';
import { compileHintsPlugin } from './build/compile-hints.ts';
import { themeContrastPlugin, themeProperties } from './build/contrast.ts';
import { precompressPlugin } from './build/precompress.ts';
import { createPrerenderer } from './build/prerender.ts';
import { buildFeaturesPlugin } from './build/build-features.ts';
import { earlyRequestsPlugin } from './build/early-requests.ts';
import { faviconDataUrl, pwaPlugin } from './build/pwa.ts';
import { routePagesPlugin, type RoutePage } from './build/route-pages.ts';
import { PATHS } from './src/app/routes.ts';
import { parseSettings, type Settings } from './src/config/settings-schema.ts';

const appDir = fileURLToPath(new URL('.', import.meta.url));

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Fills index.html from the settings: the venue name as title, the theme colours for first paint, the favicon. */
function venueHtmlPlugin(settings: Settings): Plugin {
  let favicon: Promise<string> | undefined;
  const properties = Object.entries(themeProperties(settings))
    .map(([name, value]) => `${name}:${value}`)
    .join(';');
  return {
    name: 'venue-html',
    transformIndexHtml: {
      order: 'pre',
      async handler(html) {
        return {
          html: html
            .replaceAll('%VENUE_NAME%', escapeHtml(settings.venueName))
            .replaceAll('%BRAND_COLOR%', settings.brandColor),
          tags: [
            // html:root outranks the stylesheet's :root defaults (styles/global.css), which load after it.
            { tag: 'style', children: `html:root{${properties}}`, injectTo: 'head' },
            {
              tag: 'link',
              attrs: { rel: 'icon', href: await (favicon ??= faviconDataUrl(settings)) },
              injectTo: 'head',
            },
          ],
        };
      },
    },
  };
}

/** Route modules named for what their screen shows where the spec's path names it otherwise. */
const ROUTE_MODULE_NAMES: Readonly<Record<string, string>> = { [PATHS.placeOrder]: 'menu' };

/**
 * Every address of spec §2 with its route module (src/app/routes/<last segment>.tsx unless
 * ROUTE_MODULE_NAMES names it, as router.tsx loads them); the root opens the home route.
 */
function routePages(): RoutePage[] {
  const module = (path: string) => `src/app/routes/${ROUTE_MODULE_NAMES[path] ?? path.split('/').pop()}.tsx`;
  const paths = [...new Set(Object.values(PATHS))];
  return [{ path: '/', module: module(PATHS.home) }, ...paths.map((path) => ({ path, module: module(path) }))];
}

export default defineConfig(({ mode }) => {
  // settings-schema.ts rules: a malformed VITE_* variable stops the build here, with its name.
  const settings = parseSettings(loadEnv(mode, appDir, 'VITE_'));
  // The app reads these parsed settings (src/config/settings.ts) instead of parsing them again.
  const define = { __BUILD_SETTINGS__: JSON.stringify(settings) };
  const early = earlyRequestsPlugin(appDir, mode, define);
  const pages = routePagesPlugin(
    routePages(),
    (module) => fileURLToPath(new URL(module, `file://${appDir}`)),
    createPrerenderer(appDir, mode, define),
    // The screens that open with requests (src/app/order-flow/entry-requests.ts) start them early.
    { state: early.state, paths: [PATHS.placeOrder, PATHS.waitOrder] },
  );
  return {
    root: appDir,
    define,
    plugins: [
      react(),
      themeContrastPlugin(settings),
      venueHtmlPlugin(settings),
      early,
      pages,
      compileHintsPlugin(),
      pwaPlugin(settings, pages.state),
      precompressPlugin(),
      buildFeaturesPlugin(settings),
    ],
    build: {
      // `vite build --outDir <dir>` overrides this (used for alternative builds, e.g. single-vendor).
      outDir: 'dist',
      emptyOutDir: true,
      target: 'es2022',
      rolldownOptions: {
        // An app, not a library: its chunks need not keep the entry's exports as they are.
        preserveEntrySignatures: false,
        output: {
          codeSplitting: {
            groups: [
              // Libraries change less often than the app: a separate chunk stays cached across releases.
              {
                name: 'vendor',
                test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-redux|@reduxjs|redux|immer|reselect|use-sync-external-store)[\\/]/,
              },
              // The app code every page runs first, in one chunk rather than a handful.
              { name: 'app', tags: ['$initial'], test: /[\\/](src|packages)[\\/]/ },
            ],
            // Small pieces shared by a few screens go into each screen's chunk instead of a chunk of
            // their own: a screen costs 2 requests instead of up to 10, which a slow phone on
            // HTTP/1.1 (6 connections) feels more than a few duplicated KiB (docs/decisions/010).
            experimentalInlineCommonChunks: { maxSize: 12 * 1024 },
          },
        },
      },
    },
    server: {
      proxy: { '/v1': 'http://localhost:3000' },
    },
    preview: {
      proxy: { '/v1': 'http://localhost:3000' },
    },
  };
});
