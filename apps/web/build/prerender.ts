import react from '@vitejs/plugin-react';
import { createServer, type ViteDevServer } from 'vite';

/** The module that renders screens for route pages (src/app/prerender.tsx). */
export const PRERENDER_MODULE = '/src/app/prerender.tsx';

interface PrerenderModule {
  prerender(path: string): Promise<string> | string;
}

/**
 * Renders screens at build time with the app's own components, loaded through a Vite server in
 * SSR mode with the build's mode and `define` (so the same settings) and default CSS-modules naming (so the same
 * class names as the build's stylesheets). `close()` stops the server.
 */
export function createPrerenderer(root: string, mode: string, define: Record<string, string> = {}) {
  let server: Promise<ViteDevServer> | null = null;
  const start = () =>
    (server ??= createServer({
      root,
      mode,
      configFile: false,
      define,
      plugins: [react()],
      logLevel: 'error',
      appType: 'custom',
      server: { middlewareMode: true, hmr: false, ws: false, watch: null },
      optimizeDeps: { noDiscovery: true, include: [] },
    }));
  return {
    async render(path: string): Promise<string> {
      const module = (await (await start()).ssrLoadModule(PRERENDER_MODULE)) as PrerenderModule;
      return module.prerender(path);
    },
    async close(): Promise<void> {
      const running = server;
      server = null;
      if (running) await (await running).close();
    },
  };
}

/** Class names used in markup (class="a b"). */
export function classNames(markup: string): string[] {
  const names = new Set<string>();
  for (const match of markup.matchAll(/\bclass="([^"]*)"/g)) {
    for (const name of (match[1] ?? '').split(/\s+/)) if (name) names.add(name);
  }
  return [...names];
}

/**
 * Fails when prerendered markup uses a class no stylesheet of the build defines: the server-side
 * render and the build would have named a CSS module differently, and the screen would show unstyled.
 */
export function assertStyled(markup: string, stylesheets: string[]): void {
  const css = stylesheets.join('\n');
  const missing = classNames(markup).filter((name) => !css.includes(`.${name}`));
  if (missing.length > 0)
    throw new Error(`prerendered markup uses classes no stylesheet of the build defines: ${missing.join(', ')}`);
}
