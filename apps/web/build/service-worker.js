/*
 * The app's service worker (docs/decisions/008-offline-app-shell.md). The build (build/pwa.ts)
 * copies this file to sw.js with BUILD filled in: the build's version and the files of its app shell.
 *
 * - Install: caches the app shell of this build (index.html, the built JS, CSS and icons, the
 *   manifest) in a cache named after the build, so a new deploy gets a new cache.
 * - Activate: deletes the caches of earlier builds and takes over open pages at once.
 * - Pages (navigations): network first; when the network fails or hangs, the cached app shell, so a
 *   reload at the venue with no signal shows the app and its 'Connection troubles!' modal.
 * - The built files: from the cache (their names carry a content hash, so a cached copy is never stale).
 * - Everything else, the API above all (orders, payments, menus, images), goes to the network
 *   untouched: nothing the server decides is ever answered from this cache.
 * - Push (docs/decisions/023-web-push.md): the server's message about the order (ready, cancelled,
 *   needs the customer) is shown as a notification, app open or not; a tap opens the order.
 */
const BUILD = /* BUILD */ { version: 'development', precache: [], pages: {}, shell: '/index.html' };

const CACHE_PREFIX = 'app-shell-';
const CACHE = `${CACHE_PREFIX}${BUILD.version}`;
/** A page request that has not answered in this time is answered from the cache instead. */
const NAVIGATION_TIMEOUT_MS = 10_000;
/** The server's own paths: API, operations API, payment gateway, health, the staff display and the back office (apps of their own). Never cached. */
const NETWORK_ONLY = ['/v1/', '/ops/', '/sandbox-gateway/', '/health', '/staff/', '/admin/'];
const PRECACHED = new Set(BUILD.precache);

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // 'no-cache': revalidate with the server rather than copy a stale HTTP-cached index.html.
      await cache.addAll(BUILD.precache.map((path) => new Request(path, { cache: 'no-cache' })));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE).map((name) => caches.delete(name)),
      );
      // Lets the page request start while this worker boots (where the browser supports it).
      if (self.registration.navigationPreload) await self.registration.navigationPreload.enable();
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (NETWORK_ONLY.some((prefix) => url.pathname === prefix.replace(/\/$/, '') || url.pathname.startsWith(prefix)))
    return;
  if (request.mode === 'navigate') {
    event.respondWith(page(event, url));
    return;
  }
  if (PRECACHED.has(url.pathname)) event.respondWith(builtFile(request, url));
});

/** The network's answer to a page request, or the cached app shell when there is none in time. */
async function page(event, url) {
  const fromNetwork = (async () => {
    const preloaded = await event.preloadResponse;
    return preloaded ?? (await fetch(event.request));
  })();
  // Answered from the cache, a late network failure is nobody's concern.
  fromNetwork.catch(() => undefined);
  let timer;
  const timedOut = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error('no answer in time')), NAVIGATION_TIMEOUT_MS);
  });
  try {
    return await Promise.race([fromNetwork, timedOut]);
  } catch (error) {
    const path = url.pathname.replace(/\/+$/, '') || '/';
    const cached = await caches.match(BUILD.pages[path] ?? BUILD.shell, { cacheName: CACHE });
    if (cached) return cached;
    // Nothing cached (the first visit has not finished installing): keep waiting for the network.
    if (error instanceof Error && error.message === 'no answer in time') return fromNetwork;
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** A built file from this build's cache, else from the network. */
async function builtFile(request, url) {
  const cached = await caches.match(url.pathname, { cacheName: CACHE });
  return cached ?? fetch(request);
}

/** The app's icon for notifications: this build's 192 px icon. */
const NOTIFICATION_ICON = BUILD.precache.find((path) => /\/icon-192-[^/]*\.png$/.test(path));
/** As the in-page ready alert (src/features/tracking/lib/ready-alert.ts READY_VIBRATION). */
const NOTIFICATION_VIBRATION = [200, 100, 200, 100, 400];

/** An address of this app (same origin) from a message, or null: a push never opens another site. */
function appUrl(value) {
  if (typeof value !== 'string' || value === '') return null;
  try {
    const url = new URL(value, self.location.origin);
    return url.origin === self.location.origin ? url.href : null;
  } catch {
    return null;
  }
}

const text = (value, fallback) => (typeof value === 'string' && value.trim() !== '' ? value : fallback);

self.addEventListener('push', (event) => {
  event.waitUntil(showPushMessage(event.data));
});

/**
 * Shows the server's message ({title, body, tag, url}, packages/contract push.ts PushMessage). A
 * push must always show something (the browser's rule for userVisibleOnly), so an unreadable one
 * still says the order has news.
 */
async function showPushMessage(data) {
  let message;
  try {
    message = (data && data.json()) || {};
  } catch {
    message = {};
  }
  const tag = text(message.tag, 'order');
  await self.registration.showNotification(text(message.title, 'News about your order'), {
    body: text(message.body, 'Open the app to see your order.'),
    tag,
    // A later message about the order replaces the earlier one, and still buzzes.
    renotify: true,
    icon: NOTIFICATION_ICON,
    vibrate: NOTIFICATION_VIBRATION,
    data: { url: appUrl(message.url) ?? `${self.location.origin}/` },
  });
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = appUrl(event.notification.data && event.notification.data.url) ?? `${self.location.origin}/`;
  event.waitUntil(openApp(url));
});

/**
 * Shows `url` in an open window of the app (moved there, then brought to the front), or in a new
 * window. navigate() works only on a window this worker controls; any other gets a new window.
 */
async function openApp(url) {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
  if (open) {
    const moved = await open.navigate(url).catch(() => null);
    if (moved) {
      await moved.focus().catch(() => undefined);
      return;
    }
  }
  await self.clients.openWindow(url);
}
