// @vitest-environment node
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  appShellFiles,
  faviconDataUrl,
  ICONS,
  iconSvg,
  PAGE_BACKGROUND,
  renderIcons,
  serviceWorkerSource,
  shellVersion,
  shortName,
  webManifest,
} from './pwa';

const THEME = { venueName: 'Harbourside Stadium', brandColor: '#0b4f6c', brandContrast: '#ffffff' };

describe('web app manifest', () => {
  it('names the app after the venue, with a short name that fits under an icon', () => {
    expect(shortName('Harbourside Stadium')).toBe('Harbourside');
    expect(shortName('The Oval')).toBe('The Oval');
    expect(shortName('Supercalifragilistic Arena')).toBe('Supercalifra');
    expect(shortName('  Pier 9  ')).toBe('Pier 9');
  });

  it('opens standalone at the root in the theme colours, with 192, 512 and maskable PNG icons', async () => {
    const icons = await renderIcons(THEME);
    const manifest = webManifest(THEME, icons);
    expect(manifest).toMatchObject({
      name: 'Harbourside Stadium',
      short_name: 'Harbourside',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#0b4f6c',
      background_color: PAGE_BACKGROUND,
    });
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of manifest.icons) {
      expect(icon.type).toBe('image/png');
      expect(icon.src).toMatch(/^\/assets\/icon-[\w-]+-[0-9a-f]{10}\.png$/);
    }
  });
});

describe('icons', () => {
  it('renders each icon as a PNG of its size in the brand colour', async () => {
    const icons = await renderIcons(THEME);
    expect(icons.map((icon) => icon.name)).toEqual(ICONS.map((icon) => icon.name));
    for (const icon of icons) {
      const { width, height, format } = await sharp(icon.source).metadata();
      expect({ width, height, format }).toEqual({ width: icon.size, height: icon.size, format: 'png' });
      // A corner pixel of the full-bleed icons is the brand colour (#0b4f6c = 11, 79, 108).
      if (icon.purpose !== 'any') {
        const { data } = await sharp(icon.source).raw().toBuffer({ resolveWithObject: true });
        expect([...data.subarray(0, 3)]).toEqual([11, 79, 108]);
      }
    }
  });

  it("draws the venue's initial, escaped, and keeps a maskable icon's letter small", () => {
    const maskable = iconSvg({ ...THEME, venueName: '<Oval>' }, { name: 'm', size: 512, purpose: 'maskable' });
    expect(maskable).toContain('>&lt;</text>');
    expect(maskable).toContain('font-size="220"');
    expect(iconSvg(THEME, { name: 'a', size: 192, purpose: 'any' })).toContain('>H</text>');
  });

  it('gives the page a PNG favicon, not an SVG the page would have to lay out, in the brand colour', async () => {
    const url = await faviconDataUrl(THEME);
    expect(url).toMatch(/^data:image\/png;base64,/);
    const png = Buffer.from(url.slice(url.indexOf(',') + 1), 'base64');
    const { width, height, format } = await sharp(png).metadata();
    expect({ width, height, format }).toEqual({ width: 64, height: 64, format: 'png' });
    // Inside the rounded corner and above the letter: the brand colour (#0b4f6c = 11, 79, 108).
    const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const at = (8 * info.width + 32) * info.channels;
    expect([...data.subarray(at, at + 3)]).toEqual([11, 79, 108]);
  });

  it('names icons by content, so a new theme gets new file names', async () => {
    const [defaultIcon] = await renderIcons(THEME);
    const [otherIcon] = await renderIcons({ ...THEME, brandColor: '#5b2a86' });
    expect(defaultIcon?.fileName).not.toBe(otherIcon?.fileName);
  });
});

describe('service worker build', () => {
  it('caches every built file but source maps and the worker itself', () => {
    expect(
      appShellFiles(['sw.js', 'index.html', 'assets/index-abc.js', 'assets/index-abc.js.map', 'manifest.webmanifest']),
    ).toEqual(['/assets/index-abc.js', '/index.html', '/manifest.webmanifest']);
  });

  it('gives a build a version that changes with any file of the shell', () => {
    const files = [
      { fileName: 'index.html', source: '<html>' },
      { fileName: 'assets/a.js', source: 'one' },
    ];
    const version = shellVersion(files);
    expect(version).toMatch(/^[0-9a-f]{16}$/);
    expect(shellVersion([...files].reverse())).toBe(version);
    expect(shellVersion([files[0]!, { fileName: 'assets/a.js', source: 'two' }])).not.toBe(version);
  });

  it('fills the worker template with the build, leaving valid JavaScript', () => {
    const build = { version: 'abc123', precache: ['/index.html'], pages: {}, shell: '/index.html' };
    const source = serviceWorkerSource(build);
    expect(source).toContain(`const BUILD = ${JSON.stringify(build)};`);
    expect(source).not.toContain('/* BUILD */');
    expect(() => new Function(source)).not.toThrow();
    expect(() => serviceWorkerSource(build, 'const nothing = 1;')).toThrow(/BUILD/);
  });
});
