import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ART_KINDS, PALETTES, itemArt, locationArt, logoArt } from './art.ts';
import { DEMO_VENUE } from './demo-venue.ts';

describe('demo pictures', () => {
  it('draws every kind the demo menu uses', () => {
    const used = new Set(DEMO_VENUE.vendors.flatMap((v) => [v.logo, ...v.items.map((i) => i.art)]));
    for (const kind of used) expect(ART_KINDS).toContain(kind);
  });

  it('renders every drawing as a valid square image on its vendor background', async () => {
    for (const kind of ART_KINDS) {
      const png = await sharp(Buffer.from(itemArt(kind, PALETTES.burgers)))
        .resize(40)
        .png()
        .toBuffer();
      const meta = await sharp(png).metadata();
      expect(meta, kind).toMatchObject({ width: 40, height: 40 });
      // The corner shows the vendor's background colour (#F08A4B).
      const { data } = await sharp(png)
        .extract({ left: 0, top: 0, width: 1, height: 1 })
        .raw()
        .toBuffer({ resolveWithObject: true });
      expect([data[0], data[1], data[2]], kind).toEqual([0xf0, 0x8a, 0x4b]);
    }
  });

  it('renders logos and location plans without text, so no fonts are needed', async () => {
    const logo = logoArt('pizza-pepperoni', PALETTES.pizza);
    const map = locationArt(90, PALETTES.pizza.accent);
    expect(logo).not.toMatch(/<text/);
    expect(map).not.toMatch(/<text/);
    expect(await sharp(Buffer.from(map)).metadata()).toMatchObject({ width: 600, height: 400 });
  });
});
