import type { Plugin } from 'vite';

/** WCAG 2.x minimum contrast for normal text (success criterion 1.4.3). */
export const MIN_TEXT_CONTRAST = 4.5;

/** Text colour used for brand-tinted text when the brand itself is too light to read on white. */
const FALLBACK_INK = '#1f2933';
const PAGE = '#ffffff';

function channels(hex: string): [number, number, number] {
  let digits = hex.replace('#', '');
  if (digits.length === 3) digits = [...digits].map((d) => d + d).join('');
  if (!/^[0-9a-fA-F]{6}$/.test(digits)) throw new Error(`not a hex colour: ${hex}`);
  return [0, 2, 4].map((i) => parseInt(digits.slice(i, i + 2), 16)) as [number, number, number];
}

/** Relative luminance of an sRGB hex colour (WCAG definition). */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = channels(hex).map((value) => {
    const c = value / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two colours, from 1 (same) to 21 (black on white). */
export function contrastRatio(a: string, b: string): number {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

export interface Theme {
  brandColor: string;
  brandContrast: string;
}

/** The theme's CSS custom properties; `--brand-ink` is the brand when it reads on white, else a dark ink. */
export function themeProperties(theme: Theme): Record<string, string> {
  return {
    '--brand': theme.brandColor,
    '--brand-contrast': theme.brandContrast,
    '--brand-ink': contrastRatio(theme.brandColor, PAGE) >= MIN_TEXT_CONTRAST ? theme.brandColor : FALLBACK_INK,
  };
}

/** Throws when text in the brand-contrast colour on the brand colour is under 4.5:1. */
export function assertThemeContrast(theme: Theme): void {
  const ratio = contrastRatio(theme.brandColor, theme.brandContrast);
  if (ratio < MIN_TEXT_CONTRAST) {
    throw new Error(
      `VITE_BRAND_CONTRAST ${theme.brandContrast} on VITE_BRAND_COLOR ${theme.brandColor} has a contrast of ` +
        `${ratio.toFixed(2)}:1; text needs at least ${MIN_TEXT_CONTRAST}:1 (WCAG 1.4.3). Choose a darker brand or another text colour.`,
    );
  }
}

/** Fails the build (and the dev server start) when the theme's text contrast is too low. */
export function themeContrastPlugin(theme: Theme): Plugin {
  return {
    name: 'venue-theme-contrast',
    configResolved() {
      assertThemeContrast(theme);
    },
  };
}
