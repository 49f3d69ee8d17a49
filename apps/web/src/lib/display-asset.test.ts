import { describe, expect, it } from 'vitest';
import { THUMBNAIL_WIDTHS, thumbnailSources } from './display-asset';

describe('thumbnailSources', () => {
  it('offers the list thumbnail and sharper widths for 2× and 3× screens, for the slot it fills', () => {
    const sources = thumbnailSources(7, 72);
    expect(sources.src).toBe('/v1/displayassets/7/transformed/100x');
    expect(sources.srcSet).toBe(
      '/v1/displayassets/7/transformed/100x 100w, /v1/displayassets/7/transformed/200x 200w, /v1/displayassets/7/transformed/300x 300w',
    );
    expect(sources.sizes).toBe('72px');
  });

  it('has a width that covers a 72 px slot at 3×', () => {
    expect(Math.max(...THUMBNAIL_WIDTHS)).toBeGreaterThanOrEqual(72 * 3);
  });
});
