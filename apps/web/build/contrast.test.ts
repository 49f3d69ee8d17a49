import { describe, expect, it } from 'vitest';
import { assertThemeContrast, contrastRatio, themeProperties } from './contrast';

describe('theme contrast', () => {
  it('computes the WCAG ratios of known pairs', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#fff', '#fff')).toBeCloseTo(1, 5);
    // #767676 on white is the classic just-passing grey (4.54:1)
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
  });

  it('accepts the default theme and rejects text under 4.5:1', () => {
    expect(() => assertThemeContrast({ brandColor: '#0b4f6c', brandContrast: '#ffffff' })).not.toThrow();
    expect(() => assertThemeContrast({ brandColor: '#ffcc00', brandContrast: '#ffffff' })).toThrow(/4\.5:1/);
    expect(() => assertThemeContrast({ brandColor: '#ffcc00', brandContrast: '#000000' })).not.toThrow();
  });

  it('uses a dark ink for brand text when the brand is too light for white pages', () => {
    expect(themeProperties({ brandColor: '#0b4f6c', brandContrast: '#fff' })['--brand-ink']).toBe('#0b4f6c');
    expect(themeProperties({ brandColor: '#ffcc00', brandContrast: '#000' })['--brand-ink']).not.toBe('#ffcc00');
  });
});
