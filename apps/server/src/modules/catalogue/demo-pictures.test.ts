import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { demoCatalogue } from './demo-venue.ts';

describe('demo pictures (carried by the demo venue document)', () => {
  const catalogue = demoCatalogue();
  const pictures = catalogue.pictures ?? [];
  const svg = (picture: (typeof pictures)[number]) => Buffer.from(picture.data, 'base64').toString('utf8');

  it('carries every picture the document names, as SVG drawings with their words', () => {
    const named = new Set(
      catalogue.vendors.flatMap((vendor) => [
        vendor.displayAssets.thumbnailAssetId,
        vendor.displayAssets.locationImageAssetId,
        ...vendor.items.map((item) => item.displayAssetId),
      ]),
    );
    named.delete(null);
    expect(new Set(pictures.map((picture) => picture.id))).toEqual(named);
    for (const picture of pictures) {
      expect(picture.contentType).toBe('image/svg+xml');
      expect(picture.altText, `picture ${picture.id}`).not.toBe('');
    }
  });

  it('renders every item drawing and logo as a valid square image', async () => {
    for (const picture of pictures.filter((p) => p.kind !== 'location-map')) {
      const meta = await sharp(Buffer.from(svg(picture)))
        .resize(40)
        .png()
        .toBuffer()
        .then((png) => sharp(png).metadata());
      expect(meta, `${picture.kind} ${picture.id}`).toMatchObject({ width: 40, height: 40 });
    }
  });

  it('renders logos and location plans without text, so no fonts are needed', async () => {
    const plans = pictures.filter((p) => p.kind === 'location-map');
    expect(plans).toHaveLength(catalogue.vendors.length);
    for (const picture of pictures.filter((p) => p.kind === 'logo' || p.kind === 'location-map')) {
      expect(svg(picture), `${picture.kind} ${picture.id}`).not.toMatch(/<text/);
    }
    for (const plan of plans) {
      expect(await sharp(Buffer.from(svg(plan))).metadata()).toMatchObject({ width: 600, height: 400 });
    }
  });
});
