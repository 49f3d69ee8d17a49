import type { Plugin, Rolldown } from 'vite';
import { earlyScriptTag, type EarlyScriptState } from './early-requests.ts';
import { assertStyled } from './prerender.ts';

/**
 * One HTML page per route of spec §2 (pages/<path>.html): index.html plus preload links for the
 * route's own chunks and stylesheets. The server answers a route's address with its page, so the
 * browser fetches the screen's code alongside the app's instead of after it has run: one round
 * trip less on a slow phone. A prerenderer may give a route's #root markup that shows before any
 * script runs (build/prerender.ts).
 */

export const PAGES_DIR = 'pages';

export interface RoutePage {
  /** the route's address, e.g. /order-flow/place-order */
  path: string;
  /** the route module, relative to the app root, e.g. src/app/routes/menu.tsx */
  module: string;
}

/** What a route needs beyond index.html: its chunks (the route's first) and stylesheets, as /paths. */
export interface RouteAssets {
  scripts: string[];
  styles: string[];
  /** the early script (build/early-requests.ts), for routes that open with requests */
  early?: string;
}

/** The file of a route's page, e.g. pages/order-flow/place-order.html; the root's is pages/index.html. */
export const pageFileName = (path: string) => (path === '/' ? `${PAGES_DIR}/index.html` : `${PAGES_DIR}${path}.html`);

type Chunk = Rolldown.OutputChunk;

function chunks(bundle: Rolldown.OutputBundle): Chunk[] {
  return Object.values(bundle).filter((output): output is Chunk => output.type === 'chunk');
}

/** Chunks a chunk imports statically, itself included, depth first. */
function staticClosure(start: Chunk, bundle: Rolldown.OutputBundle): Chunk[] {
  const seen = new Set<string>();
  const order: Chunk[] = [];
  const visit = (chunk: Chunk) => {
    if (seen.has(chunk.fileName)) return;
    seen.add(chunk.fileName);
    order.push(chunk);
    for (const name of chunk.imports) {
      const imported = bundle[name];
      if (imported?.type === 'chunk') visit(imported);
    }
  };
  visit(start);
  return order;
}

const cssOf = (chunk: Chunk): string[] => [...(chunk.viteMetadata?.importedCss ?? [])];

/**
 * The chunks and stylesheets each route loads that index.html does not already: what its page
 * should preload. Fails when a route has no chunk of its own (a renamed route module).
 */
export function routeAssets(
  bundle: Rolldown.OutputBundle,
  routes: RoutePage[],
  moduleId: (module: string) => string,
): Map<string, RouteAssets> {
  const entry = chunks(bundle).find((chunk) => chunk.isEntry);
  if (!entry) throw new Error('the build has no entry chunk');
  const initial = staticClosure(entry, bundle);
  const initialFiles = new Set(initial.map((chunk) => chunk.fileName));
  const initialCss = new Set(initial.flatMap(cssOf));
  const result = new Map<string, RouteAssets>();
  for (const route of routes) {
    const id = moduleId(route.module);
    const own = chunks(bundle).find((chunk) => chunk.facadeModuleId === id);
    if (!own) throw new Error(`route ${route.path}: no chunk was built for ${route.module}`);
    const needed = staticClosure(own, bundle).filter((chunk) => !initialFiles.has(chunk.fileName));
    result.set(route.path, {
      scripts: needed.map((chunk) => `/${chunk.fileName}`),
      styles: [...new Set(needed.flatMap(cssOf))].filter((file) => !initialCss.has(file)).map((file) => `/${file}`),
    });
  }
  return result;
}

const MANIFEST_LINK = /<link rel="manifest"[^>]*>\n?[ \t]*/;
const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*\bhref="([^"]+)"[^>]*>\n?[ \t]*/g;

/**
 * index.html with a route's preload links. With prerendered markup for #root, the page's
 * stylesheets are also written inline in the head, and their links move to the end of the body:
 * the screen then paints as soon as the HTML arrives, and the app still finds its stylesheets
 * linked (so it does not load them again). Its scripts are fetched at low priority.
 */
export function routePageHtml(
  indexHtml: string,
  assets: RouteAssets,
  prerendered = '',
  stylesheet: (href: string) => string = () => '',
): string {
  if (
    !/\n[ \t]*<\/head>/.test(indexHtml) ||
    !indexHtml.includes('<div id="root"></div>') ||
    !indexHtml.includes('</body>')
  )
    throw new Error('index.html has no </head>, </body> or empty <div id="root"></div>');
  const styleLinks = assets.styles.map((href) => `<link rel="stylesheet" crossorigin href="${href}">`);
  const preloads = assets.scripts.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`);
  const addToHead = (html: string, tags: string[]) =>
    html.replace(/\n([ \t]*)<\/head>/, (_match, indent: string) =>
      ['', ...tags.map((tag) => `${indent}  ${tag}`), `${indent}</head>`].join('\n'),
    );
  // The early script comes first in the head (after the charset), so its request goes out before the app's.
  // Such a page leaves the manifest out: the app links it once the screen has painted
  // (src/lib/manifest-link.ts), so the browser does not fetch it and an icon in the meantime.
  const withEarly = (page: string) => {
    if (!assets.early) return page;
    const html = page.replace(MANIFEST_LINK, '');
    const tag = earlyScriptTag(assets.early);
    const charset = /(<meta charset="[^"]*"\s*\/?>)(\n[ \t]*)/i;
    if (charset.test(html))
      return html.replace(charset, (_m, meta: string, indent: string) => `${meta}${indent}${tag}${indent}`);
    return html.replace(/<head>(\n[ \t]*)?/, (match, indent?: string) => `${match}${tag}${indent ?? ''}`);
  };
  if (!prerendered) return withEarly(addToHead(indexHtml, [...styleLinks, ...preloads]));

  // The screen is already in the HTML: its code may come after the first paint, not race it.
  const lowPriority = (html: string) =>
    html.replace(/<(script type="module"|link rel="modulepreload")(?![^>]*fetchpriority)/g, '<$1 fetchpriority="low"');
  const indexLinks = [...indexHtml.matchAll(STYLESHEET_LINK)].map((match) => ({
    tag: match[0].trim(),
    href: match[1]!,
  }));
  const hrefs = [...indexLinks.map((link) => link.href), ...assets.styles];
  const inline = `<style>${hrefs.map((href) => stylesheet(href)).join('\n')}</style>`;
  const moved = [...indexLinks.map((link) => link.tag), ...styleLinks];
  return withEarly(lowPriority(addToHead(indexHtml.replace(STYLESHEET_LINK, ''), [inline, ...preloads])))
    .replace('<div id="root"></div>', () => `<div id="root">${prerendered}</div>`)
    .replace(/\n([ \t]*)<\/body>/, (_match, indent: string) =>
      ['', ...moved.map((tag) => `${indent}  ${tag}`), `${indent}</body>`].join('\n'),
    );
}

export interface RoutePagesState {
  /** route address → page file (/pages/…html), filled during the build */
  pages: Record<string, string>;
  /** the pages' files and contents, for the service worker's app shell */
  files: { fileName: string; source: string }[];
}

/**
 * Emits pages/<path>.html for every route. `prerender(path)` may give markup for a route's #root.
 * The returned state is read by the service worker plugin, which runs after this one.
 */
export interface Prerenderer {
  render(path: string): Promise<string> | string;
  close?(): Promise<void>;
}

export function routePagesPlugin(
  routes: RoutePage[],
  moduleId: (module: string) => string,
  prerenderer: Prerenderer = { render: () => '' },
  early?: { state: EarlyScriptState; paths: string[] },
): Plugin & { state: RoutePagesState } {
  const state: RoutePagesState = { pages: {}, files: [] };
  return {
    name: 'venue-route-pages',
    apply: 'build',
    enforce: 'post',
    state,
    generateBundle: {
      order: 'post',
      async handler(_options, bundle) {
        const index = bundle['index.html'];
        if (index?.type !== 'asset') throw new Error('index.html is not in the bundle');
        const indexHtml = String(index.source);
        const assets = routeAssets(bundle, routes, moduleId);
        const stylesheets = Object.values(bundle)
          .filter((output) => output.type === 'asset' && output.fileName.endsWith('.css'))
          .map((output) => String((output as Rolldown.OutputAsset).source));
        state.pages = {};
        state.files = [];
        try {
          for (const route of routes) {
            const fileName = pageFileName(route.path);
            const markup = await prerenderer.render(route.path);
            assertStyled(markup, stylesheets);
            const wantsEarly = early?.paths.includes(route.path) ?? false;
            if (wantsEarly && !early?.state.fileName) throw new Error('the early script was not built');
            const pageAssets = { ...assets.get(route.path)!, ...(wantsEarly ? { early: early!.state.fileName! } : {}) };
            const source = routePageHtml(indexHtml, pageAssets, markup, (href) => {
              const css = bundle[href.replace(/^\//, '')];
              if (css?.type !== 'asset') throw new Error(`${href} is not in the bundle`);
              return String(css.source).trim();
            });
            this.emitFile({ type: 'asset', fileName, source });
            state.pages[route.path] = `/${fileName}`;
            state.files.push({ fileName, source });
          }
        } finally {
          await prerenderer.close?.();
        }
      },
    },
  };
}
