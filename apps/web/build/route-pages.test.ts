// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { Rolldown } from 'vite';
import { assertStyled, classNames } from './prerender';
import { pageFileName, routeAssets, routePageHtml } from './route-pages';

const chunk = (fileName: string, options: Partial<Rolldown.OutputChunk> & { css?: string[] } = {}) =>
  ({
    type: 'chunk',
    fileName,
    imports: [],
    isEntry: false,
    facadeModuleId: null,
    ...options,
    viteMetadata: { importedCss: new Set(options.css ?? []), importedAssets: new Set() },
  }) as unknown as Rolldown.OutputChunk;

/** An entry importing the shared app chunk; two routes, one with a chunk of its own beside it. */
const bundle = {
  'assets/index.js': chunk('assets/index.js', { isEntry: true, imports: ['assets/app.js'], css: ['assets/index.css'] }),
  'assets/app.js': chunk('assets/app.js'),
  'assets/start.js': chunk('assets/start.js', {
    facadeModuleId: '/app/src/app/routes/start.tsx',
    imports: ['assets/app.js'],
    css: ['assets/start.css'],
  }),
  'assets/wait-order.js': chunk('assets/wait-order.js', {
    facadeModuleId: '/app/src/app/routes/wait-order.tsx',
    imports: ['assets/app.js', 'assets/use-order-vendor.js'],
    css: ['assets/wait-order.css'],
  }),
  'assets/use-order-vendor.js': chunk('assets/use-order-vendor.js', {
    css: ['assets/use-order-vendor.css', 'assets/index.css'],
  }),
} as unknown as Rolldown.OutputBundle;

const ROUTES = [
  { path: '/start', module: 'src/app/routes/start.tsx' },
  { path: '/order-flow/wait-order', module: 'src/app/routes/wait-order.tsx' },
];
const moduleId = (module: string) => `/app/${module}`;

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <style>:root{--brand:#0b4f6c}</style>
    <script type="module" crossorigin src="/assets/index.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/app.js">
    <link rel="stylesheet" crossorigin href="/assets/index.css">
    <link rel="manifest" href="/manifest.webmanifest">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

describe('route assets', () => {
  it("lists each route's own chunks and stylesheets, leaving out what index.html loads already", () => {
    const assets = routeAssets(bundle, ROUTES, moduleId);
    expect(assets.get('/start')).toEqual({ scripts: ['/assets/start.js'], styles: ['/assets/start.css'] });
    expect(assets.get('/order-flow/wait-order')).toEqual({
      scripts: ['/assets/wait-order.js', '/assets/use-order-vendor.js'],
      styles: ['/assets/wait-order.css', '/assets/use-order-vendor.css'],
    });
  });

  it('fails the build when a route module has no chunk', () => {
    expect(() => routeAssets(bundle, [{ path: '/gone', module: 'src/app/routes/gone.tsx' }], moduleId)).toThrow(
      /no chunk was built for src\/app\/routes\/gone\.tsx/,
    );
  });

  it('names page files after the address, the root as pages/index.html', () => {
    expect(pageFileName('/')).toBe('pages/index.html');
    expect(pageFileName('/order-flow/wait-order')).toBe('pages/order-flow/wait-order.html');
  });
});

describe('route page html', () => {
  const assets = { scripts: ['/assets/start.js'], styles: ['/assets/start.css'] };

  it('adds the route’s stylesheets and module preloads to the head, after the app’s own', () => {
    const html = routePageHtml(INDEX, assets);
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head.indexOf('/assets/index.css')).toBeLessThan(head.indexOf('/assets/start.css'));
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/start.css">');
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/start.js">');
    expect(html).toContain('<div id="root"></div>');
  });

  it('with prerendered markup, inlines the stylesheets in order and moves their links after the screen', () => {
    const css: Record<string, string> = { '/assets/index.css': '.a{color:red}', '/assets/start.css': '.b{margin:0}' };
    const html = routePageHtml(INDEX, assets, '<h1 class="a b">Harbourside</h1>', (href) => css[href] ?? '');
    const head = html.slice(0, html.indexOf('</head>'));
    const body = html.slice(html.indexOf('<body>'));
    expect(head).toContain('<style>.a{color:red}\n.b{margin:0}</style>');
    expect(head).not.toContain('rel="stylesheet"');
    // The theme's custom properties still come first.
    expect(head.indexOf(':root{--brand')).toBeLessThan(head.indexOf('.a{color:red}'));
    expect(body).toContain('<div id="root"><h1 class="a b">Harbourside</h1></div>');
    expect(body.indexOf('</div>')).toBeLessThan(body.indexOf('href="/assets/index.css"'));
    expect(body.indexOf('href="/assets/index.css"')).toBeLessThan(body.indexOf('href="/assets/start.css"'));
    // The screen is there already: its code need not race the first paint.
    expect(head).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/start.js">');
    expect(head).toContain('<script type="module" fetchpriority="low" crossorigin src="/assets/index.js">');
  });

  describe('with the early script (build/early-requests.ts)', () => {
    const early = 'assets/early-requests-0123456789.js';
    const tag = `<script src="/${early}" async fetchpriority="high"></script>`;

    it('loads it in the head, before the route’s module preloads', () => {
      const html = routePageHtml(INDEX, { ...assets, early });
      const head = html.slice(0, html.indexOf('</head>'));
      expect(head).toContain(`    ${tag}\n`);
      expect(html.split(tag)).toHaveLength(2);
      expect(head.indexOf(tag)).toBeLessThan(
        head.indexOf('<link rel="modulepreload" crossorigin href="/assets/start.js">'),
      );
      expect(html.indexOf(tag)).toBeLessThan(html.indexOf('</head>'));
    });

    it('keeps it at high priority beside prerendered markup, before the low-priority preloads', () => {
      const html = routePageHtml(INDEX, { ...assets, early }, '<h1>Harbourside</h1>', () => '.a{color:red}');
      const head = html.slice(0, html.indexOf('</head>'));
      expect(head).toContain(tag);
      expect(head.indexOf(tag)).toBeLessThan(
        head.indexOf('<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/start.js">'),
      );
      expect(html.split('early-requests')).toHaveLength(2);
    });

    it('leaves the manifest out, for the app to link once the screen has painted', () => {
      for (const html of [
        routePageHtml(INDEX, { ...assets, early }),
        routePageHtml(INDEX, { ...assets, early }, '<h1>Harbourside</h1>', () => '.a{color:red}'),
      ]) {
        expect(html).not.toContain('manifest');
        expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index.css">\n');
      }
    });

    it('is not there without one', () => {
      for (const html of [routePageHtml(INDEX, assets), routePageHtml(INDEX, assets, '<h1>Harbourside</h1>')]) {
        expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest">');
        expect(html).not.toContain('early-requests');
        expect(html).not.toContain(' async');
        expect(html).not.toContain('fetchpriority="high"');
      }
    });
  });

  it('refuses an index.html it cannot fill', () => {
    expect(() => routePageHtml('<html><body><main></main></body></html>', assets)).toThrow(/root/);
  });
});

describe('prerendered markup check', () => {
  it('lists class names and fails on one no stylesheet defines', () => {
    expect(classNames('<p class="_pitch_1 _x_2"><b class="_pitch_1"></b></p>')).toEqual(['_pitch_1', '_x_2']);
    expect(() => assertStyled('<p class="_pitch_1">x</p>', ['._pitch_1{color:red}'])).not.toThrow();
    expect(() => assertStyled('<p class="_pitch_2">x</p>', ['._pitch_1{color:red}'])).toThrow(/_pitch_2/);
  });
});
