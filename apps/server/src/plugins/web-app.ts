/**
 * Serves the built web app from WEB_DIST next to the API. Hashed bundles under /assets are cached
 * for a year; index.html and other unhashed files (sw.js, the manifest) are revalidated on every
 * visit, so a new build reaches customers at once. Any other GET that is not the API and not a file
 * answers the route's own page when the build made one (pages/<path>.html: index.html that also
 * preloads the screen's code), else index.html (client-side routes such as /order-flow/payment).
 * Files the build also wrote compressed (name.br, name.gz) are sent in that form when accepted.
 * The staff display (STAFF_DIST, /staff) and the back office (ADMIN_DIST, /admin) are builds of their
 * own beside it: their hashed files under <prefix>/assets, their page for every other address under
 * the prefix (the back office's API, /admin/v1, excepted).
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from './error-handler.ts';

/** Path prefixes that belong to the server, never to the web app. */
const API_PREFIXES = ['/v1/', '/ops/', '/admin/v1/'];
const IMMUTABLE = 'public, max-age=31536000, immutable';
/**
 * Security headers that only a document (or a worker) reads: a script, stylesheet or picture of the
 * build does nothing with them, and on a slow phone's line they are about 0.8 KB per file (the
 * content security policy most of it). Hashed assets go without them; the type, transport and
 * cross-origin headers stay.
 */
export const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
] as const;
/** Route pages of the build (apps/web/build/route-pages.ts); the root's is pages/index.html. */
const PAGES_DIR = 'pages';
const PAGE_PATH = /^(\/[a-z0-9-]+)+$/;

/** The build's page for an address, relative to the build root, or null when it has none. */
export function routePage(webDist: string, path: string): string | null {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  const file =
    trimmed === '/' ? `${PAGES_DIR}/index.html` : PAGE_PATH.test(trimmed) ? `${PAGES_DIR}${trimmed}.html` : null;
  return file && existsSync(join(webDist, file)) ? file : null;
}

export function isApiPath(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return (
    path === '/v1' ||
    path === '/ops' ||
    path === '/admin/v1' ||
    // GET /metrics where metrics are not served on this port: a 404, never the web app's page.
    path === '/metrics' ||
    API_PREFIXES.some((prefix) => path.startsWith(prefix))
  );
}

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>App not built</title></head>
<body><h1>The web app is not built yet</h1>
<p>Run <code>npm run build</code> (or <code>npm start</code>, which builds it first), then reload this page. The API is available under <code>/v1</code>.</p></body></html>
`;

/** The staff display's address; its own build, served beside the customer app's. */
export const STAFF_PREFIX = '/staff';
/** The back office's address; its own build too. Its API is /admin/v1 (API_PREFIXES). */
export const ADMIN_APP_PREFIX = '/admin';

const notBuiltPage = (title: string, what: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} not built</title></head>
<body><h1>${what} is not built yet</h1>
<p>Run <code>npm run build</code> (or <code>npm start</code>, which builds it first), then reload this page.</p></body></html>
`;

/** An app of its own served under a prefix beside the customer app: the staff display, the back office. */
interface SubApp {
  prefix: string;
  dist: string;
  notBuilt: string;
}

/**
 * A sub-app's hashed files under <prefix>/assets, in their own scope so the customer app's files
 * are untouched. Its page, for the prefix and any address under it, comes from the not-found
 * handler below.
 */
async function registerSubAppAssets(app: FastifyInstance, subApp: SubApp): Promise<void> {
  const built = existsSync(join(subApp.dist, 'index.html'));
  await app.register(async (scope) => {
    if (built) {
      // Only the hashed files: a rebuild's new names are served without a restart.
      await scope.register(fastifyStatic, {
        root: join(subApp.dist, 'assets'),
        prefix: `${subApp.prefix}/assets/`,
        index: false,
        cacheControl: false,
        decorateReply: false,
        wildcard: true,
        setHeaders(reply) {
          reply.header('Cache-Control', IMMUTABLE);
          for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
        },
      });
    }
  });
}

/** A sub-app's page, or how to build it. */
async function sendSubAppPage(reply: FastifyReply, subApp: SubApp) {
  const page = join(subApp.dist, 'index.html');
  if (!existsSync(page)) {
    return reply.code(503).header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(subApp.notBuilt);
  }
  return reply
    .header('Cache-Control', 'no-cache')
    .type('text/html; charset=utf-8')
    .send(await readFile(page));
}

/** The builds of the apps served beside the customer app; an unnamed one answers 'not built'. */
export interface SubAppDists {
  /** the staff display (apps/staff), under /staff */
  staffDist?: string;
  /** the back office (apps/admin), under /admin */
  adminDist?: string;
}

export async function registerWebApp(app: FastifyInstance, webDist: string, dists: SubAppDists = {}): Promise<void> {
  const subApps: SubApp[] = [
    {
      prefix: STAFF_PREFIX,
      dist: dists.staffDist ?? '/nonexistent',
      notBuilt: notBuiltPage('Staff display', 'The staff display'),
    },
    {
      prefix: ADMIN_APP_PREFIX,
      dist: dists.adminDist ?? '/nonexistent',
      notBuilt: notBuiltPage('Back office', 'The back office'),
    },
  ];
  for (const subApp of subApps) await registerSubAppAssets(app, subApp);
  const built = existsSync(join(webDist, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      index: ['index.html'],
      cacheControl: false,
      // The build writes .br and .gz copies compressed at the best level; they go out as they are.
      preCompressed: true,
      // Static files are served by a wildcard route; the not-found handler below takes what it does not find.
      wildcard: true,
      setHeaders(reply, filePath) {
        const hashed = filePath.startsWith(join(webDist, 'assets'));
        reply.header('Cache-Control', hashed ? IMMUTABLE : 'no-cache');
        if (hashed) for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
      },
    });
  }

  if (built) {
    // The root opens the home route: its page (which preloads it) when the build made one.
    app.get('/', { schema: { hide: true } }, (_request, reply) => {
      reply.header('Cache-Control', 'no-cache');
      return reply.sendFile(routePage(webDist, '/') ?? 'index.html');
    });
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    if (
      !isRead ||
      isApiPath(request.url) ||
      path.startsWith('/assets/') ||
      subApps.some((subApp) => path.startsWith(`${subApp.prefix}/assets/`))
    ) {
      return sendError(reply, 404, `Route ${request.method} ${path} not found`);
    }
    const subApp = subApps.find((candidate) => path === candidate.prefix || path.startsWith(`${candidate.prefix}/`));
    if (subApp) return sendSubAppPage(reply, subApp);
    if (!built)
      return reply.code(503).header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(NOT_BUILT_PAGE);
    reply.header('Cache-Control', 'no-cache');
    return reply.sendFile(routePage(webDist, path) ?? 'index.html');
  });
}
