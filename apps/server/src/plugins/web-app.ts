/**
 * Serves the built web app from WEB_DIST next to the API. Hashed bundles under /assets are cached
 * for a year; index.html and other unhashed files (sw.js, the manifest) are revalidated on every
 * visit, so a new build reaches customers at once. Any other GET that is not the API and not a file
 * answers the route's own page when the build made one (pages/<path>.html: index.html that also
 * preloads the screen's code), else index.html (client-side routes such as /order-flow/payment).
 * Files the build also wrote compressed (name.br, name.gz) are sent in that form when accepted.
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
    path === '/v1' || path === '/ops' || path === '/admin/v1' || API_PREFIXES.some((prefix) => path.startsWith(prefix))
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

const STAFF_NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Staff display not built</title></head>
<body><h1>The staff display is not built yet</h1>
<p>Run <code>npm run build</code> (or <code>npm start</code>, which builds it first), then reload this page.</p></body></html>
`;

/**
 * The staff display (apps/staff): its hashed files under /staff/assets, in their own scope so the
 * customer app's files are untouched. Its page, for /staff and any address under it, comes from
 * the not-found handler below.
 */
async function registerStaffAssets(app: FastifyInstance, staffDist: string): Promise<void> {
  const built = existsSync(join(staffDist, 'index.html'));
  await app.register(async (scope) => {
    if (built) {
      // Only the hashed files: a rebuild's new names are served without a restart.
      await scope.register(fastifyStatic, {
        root: join(staffDist, 'assets'),
        prefix: `${STAFF_PREFIX}/assets/`,
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

/** The staff display's page, or how to build it. */
async function sendStaffPage(reply: FastifyReply, staffDist: string | undefined) {
  const page = staffDist === undefined ? null : join(staffDist, 'index.html');
  if (page === null || !existsSync(page)) {
    return reply
      .code(503)
      .header('Cache-Control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(STAFF_NOT_BUILT_PAGE);
  }
  return reply
    .header('Cache-Control', 'no-cache')
    .type('text/html; charset=utf-8')
    .send(await readFile(page));
}

export async function registerWebApp(app: FastifyInstance, webDist: string, staffDist?: string): Promise<void> {
  if (staffDist !== undefined) await registerStaffAssets(app, staffDist);
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
      path.startsWith(`${STAFF_PREFIX}/assets/`)
    ) {
      return sendError(reply, 404, `Route ${request.method} ${path} not found`);
    }
    if (path === STAFF_PREFIX || path.startsWith(`${STAFF_PREFIX}/`)) return sendStaffPage(reply, staffDist);
    if (!built)
      return reply.code(503).header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(NOT_BUILT_PAGE);
    reply.header('Cache-Control', 'no-cache');
    return reply.sendFile(routePage(webDist, path) ?? 'index.html');
  });
}
