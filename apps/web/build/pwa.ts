import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import type { Plugin, Rolldown } from 'vite';
import { MANIFEST_URL } from '../src/lib/manifest-link.ts';

/**
 * The installable app (issue 7 part 3): a web app manifest with the venue's name and icons, and a
 * service worker that caches this build's app shell (docs/decisions/008-offline-app-shell.md).
 * Everything is made here from the build settings; nothing is downloaded.
 */

export interface PwaTheme {
  venueName: string;
  brandColor: string;
  brandContrast: string;
}

/** The page colour of the default theme (styles/global.css `--page`): the splash screen behind the icon. */
export const PAGE_BACKGROUND = '#f3f5f7';
export const MANIFEST_FILE = MANIFEST_URL.replace(/^\//, '');
export const SERVICE_WORKER_FILE = 'sw.js';
/** Home screens show about 12 characters under an icon. */
const SHORT_NAME_MAX = 12;

export interface IconSpec {
  /** file name stem; the build adds a content hash */
  name: string;
  size: number;
  /** 'maskable': the platform crops it to its own shape, so it fills the square and keeps the letter in the safe zone */
  purpose: 'any' | 'maskable' | 'apple';
}

export const ICONS: IconSpec[] = [
  { name: 'icon-192', size: 192, purpose: 'any' },
  { name: 'icon-512', size: 512, purpose: 'any' },
  { name: 'icon-maskable-512', size: 512, purpose: 'maskable' },
  { name: 'apple-touch-icon', size: 180, purpose: 'apple' },
];

export interface BuiltIcon extends IconSpec {
  /** path under the build root, e.g. assets/icon-192-1a2b3c4d.png */
  fileName: string;
  source: Buffer;
}

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

/** The name under the home-screen icon: the venue name when short, else its first word, else cut. */
export function shortName(venueName: string): string {
  const name = venueName.trim();
  if (name.length <= SHORT_NAME_MAX) return name;
  const firstWord = name.split(/\s+/)[0] ?? name;
  if (firstWord.length <= SHORT_NAME_MAX) return firstWord;
  return name.slice(0, SHORT_NAME_MAX).trim();
}

/** The venue's initial on the brand colour, as the favicon shows it, drawn on a 512 grid. */
export function iconSvg(theme: PwaTheme, spec: IconSpec): string {
  const initial = escapeXml(theme.venueName.trim().charAt(0).toUpperCase() || 'V');
  // Maskable icons are cropped to as little as the central 80 % circle: a smaller letter stays inside.
  const fontSize = spec.purpose === 'maskable' ? 220 : 300;
  const corner = spec.purpose === 'any' ? 112 : 0;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${spec.size}" height="${spec.size}" viewBox="0 0 512 512">` +
    `<rect width="512" height="512" rx="${corner}" fill="${theme.brandColor}"/>` +
    `<text x="256" y="${Math.round(256 + fontSize * 0.36)}" text-anchor="middle" font-size="${fontSize}" font-weight="700" ` +
    `font-family="DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif" fill="${theme.brandContrast}">${initial}</text></svg>`
  );
}

const contentHash = (data: Buffer | string) => createHash('sha256').update(data).digest('hex').slice(0, 10);

/** Renders every icon to PNG, named with its content hash so it can be cached for good. */
export async function renderIcons(theme: PwaTheme): Promise<BuiltIcon[]> {
  return Promise.all(
    ICONS.map(async (spec) => {
      const source = await sharp(Buffer.from(iconSvg(theme, spec)))
        .png()
        .toBuffer();
      return { ...spec, source, fileName: `assets/${spec.name}-${contentHash(source)}.png` };
    }),
  );
}

/** The favicon's size: two device pixels per pixel of a 32 px icon. */
const FAVICON_SIZE = 64;

/**
 * The favicon, the 'any' icon drawn small, as a PNG data URL for the page's head. A PNG rather than
 * the SVG it is drawn from: the browser draws an SVG favicon on the page's own main thread, as a
 * document of its own whose letter needs the fonts looked up and laid out, a task of 10–17 ms after
 * the first paint on the development machine (docs/decisions/042-start-up-work.md); a PNG is only
 * decoded.
 */
export async function faviconDataUrl(theme: PwaTheme): Promise<string> {
  const svg = iconSvg(theme, { name: 'favicon', size: FAVICON_SIZE, purpose: 'any' });
  const png = await sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true }).toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

/** The web app manifest (W3C Web Application Manifest). */
export function webManifest(theme: PwaTheme, icons: BuiltIcon[]) {
  return {
    id: '/',
    name: theme.venueName,
    short_name: shortName(theme.venueName),
    description: `Order food and drinks at ${theme.venueName} and collect when it's ready.`,
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: theme.brandColor,
    background_color: PAGE_BACKGROUND,
    icons: icons
      .filter((icon) => icon.purpose !== 'apple')
      .map((icon) => ({
        src: `/${icon.fileName}`,
        sizes: `${icon.size}x${icon.size}`,
        type: 'image/png',
        purpose: icon.purpose,
      })),
  };
}

export interface ServiceWorkerBuild {
  /** changes with any file of the app shell, naming the cache */
  version: string;
  /** absolute paths cached at install */
  precache: string[];
  /** addresses with a page of their own, e.g. { '/start': '/pages/start.html' }; others get the shell */
  pages: Record<string, string>;
  /** the file every other page of the app is answered with */
  shell: string;
}

/** The files of the app shell: everything the build wrote except source maps and the worker itself. */
export function appShellFiles(fileNames: string[]): string[] {
  return fileNames
    .filter((name) => !name.endsWith('.map') && name !== SERVICE_WORKER_FILE && !name.startsWith('.vite/'))
    .map((name) => `/${name}`)
    .sort();
}

/** The build's version: a hash of the names and contents of every file in the app shell. */
export function shellVersion(files: { fileName: string; source: string | Uint8Array }[]): string {
  const hash = createHash('sha256');
  for (const file of [...files].sort((a, b) => a.fileName.localeCompare(b.fileName))) {
    hash.update(file.fileName).update('\0').update(file.source).update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

const TEMPLATE_PATH = fileURLToPath(new URL('./service-worker.js', import.meta.url));
const BUILD_MARKER = /\/\* BUILD \*\/ \{[^\n]*\};/;

/** sw.js: the worker's source with this build's version and file list filled in. */
export function serviceWorkerSource(build: ServiceWorkerBuild, template = readFileSync(TEMPLATE_PATH, 'utf8')): string {
  if (!BUILD_MARKER.test(template)) throw new Error('service-worker.js has lost its /* BUILD */ marker');
  return template.replace(BUILD_MARKER, () => `${JSON.stringify(build)};`);
}

function fileSource(bundle: Rolldown.OutputBundle, fileName: string): string | Uint8Array {
  const output = bundle[fileName];
  if (!output) throw new Error(`${fileName} is not in the bundle`);
  return output.type === 'chunk' ? output.code : output.source;
}

/** Pages another plugin adds to the build (route pages), read when this plugin's turn comes. */
export interface ExtraPages {
  /** address → page file, e.g. { '/start': '/pages/start.html' } */
  pages: Record<string, string>;
  files: { fileName: string; source: string }[];
}

/**
 * Adds the manifest, the icons and the service worker to a production build, and links the manifest
 * and the Apple touch icon from index.html. `extra` holds route pages emitted by an earlier plugin.
 */
export function pwaPlugin(theme: PwaTheme, extra: ExtraPages = { pages: {}, files: [] }): Plugin {
  let icons: BuiltIcon[] = [];
  return {
    name: 'venue-pwa',
    apply: 'build',
    enforce: 'post',
    async buildStart() {
      icons = await renderIcons(theme);
    },
    transformIndexHtml() {
      const apple = icons.find((icon) => icon.purpose === 'apple');
      return [
        { tag: 'link', attrs: { rel: 'manifest', href: `/${MANIFEST_FILE}` }, injectTo: 'head' },
        ...(apple
          ? [{ tag: 'link', attrs: { rel: 'apple-touch-icon', href: `/${apple.fileName}` }, injectTo: 'head' as const }]
          : []),
      ];
    },
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const manifest = `${JSON.stringify(webManifest(theme, icons), null, 2)}\n`;
        const added = [
          ...icons.map((icon) => ({ fileName: icon.fileName, source: icon.source as Uint8Array })),
          { fileName: MANIFEST_FILE, source: manifest },
        ];
        for (const file of added) this.emitFile({ type: 'asset', ...file });
        const built = Object.keys(bundle).map((fileName) => ({ fileName, source: fileSource(bundle, fileName) }));
        const byName = new Map([...built, ...extra.files, ...added].map((file) => [file.fileName, file]));
        const shell = [...byName.values()].filter((file) => appShellFiles([file.fileName]).length > 0);
        const version = shellVersion(shell);
        const precache = appShellFiles(shell.map((file) => file.fileName));
        this.emitFile({
          type: 'asset',
          fileName: SERVICE_WORKER_FILE,
          source: serviceWorkerSource({ version, precache, pages: extra.pages, shell: '/index.html' }),
        });
      },
    },
  };
}
