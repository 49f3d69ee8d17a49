import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import { fileURLToPath } from 'node:url';
import { themeContrastPlugin, themeProperties } from './build/contrast.ts';
import { pwaPlugin } from './build/pwa.ts';
import { parseSettings, type Settings } from './src/config/settings-schema.ts';

const appDir = fileURLToPath(new URL('.', import.meta.url));

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A small brand-coloured square with the venue's initial, as an inline SVG favicon. */
function brandIcon(settings: Settings): string {
  const initial = escapeHtml(settings.venueName.trim().charAt(0).toUpperCase() || 'V');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="${settings.brandColor}"/>` +
    `<text x="16" y="22" font-family="system-ui,sans-serif" font-size="18" font-weight="700" text-anchor="middle" fill="${settings.brandContrast}">${initial}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

/** Fills index.html from the settings: the venue name as title, the theme colours for first paint. */
function venueHtmlPlugin(settings: Settings): Plugin {
  const properties = Object.entries(themeProperties(settings))
    .map(([name, value]) => `${name}:${value}`)
    .join(';');
  return {
    name: 'venue-html',
    transformIndexHtml: {
      order: 'pre',
      handler(html) {
        return {
          html: html
            .replaceAll('%VENUE_NAME%', escapeHtml(settings.venueName))
            .replaceAll('%BRAND_COLOR%', settings.brandColor),
          tags: [
            { tag: 'style', children: `:root{${properties}}`, injectTo: 'head' },
            { tag: 'link', attrs: { rel: 'icon', href: brandIcon(settings) }, injectTo: 'head' },
          ],
        };
      },
    },
  };
}

export default defineConfig(({ mode }) => {
  // The same zod rules as the app: a malformed VITE_* variable stops the build here, with its name.
  const settings = parseSettings(loadEnv(mode, appDir, 'VITE_'));
  return {
    root: appDir,
    plugins: [react(), themeContrastPlugin(settings), venueHtmlPlugin(settings), pwaPlugin(settings)],
    build: {
      // `vite build --outDir <dir>` overrides this (used for alternative builds, e.g. single-vendor).
      outDir: 'dist',
      emptyOutDir: true,
      target: 'es2022',
      rolldownOptions: {
        output: {
          // Libraries change less often than the app: a separate chunk stays cached across releases.
          advancedChunks: {
            groups: [
              {
                name: 'vendor',
                test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-redux|@reduxjs|redux|immer|reselect|use-sync-external-store|zod)[\\/]/,
              },
            ],
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
