import { ErrorBody } from '@venue/contract/common';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { databases } from '../../test/databases.ts';
import { TEST_OPS_TOKEN, useTestApp } from '../../test/test-app.ts';
import { MAX_RENDERED_PIXELS, parseTransform } from '../../modules/display-assets/display-assets.service.ts';

const WEBP_ACCEPT = 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8';

describe('display asset transforms', () => {
  it('reads width, height or a box, capped at 1200', () => {
    expect(parseTransform('350x')).toEqual({ width: 350, height: null });
    expect(parseTransform('x200')).toEqual({ width: null, height: 200 });
    expect(parseTransform('100x100')).toEqual({ width: 100, height: 100 });
    expect(parseTransform('5000x')).toEqual({ width: 1200, height: null });
    expect(parseTransform('9999x9999')).toEqual({ width: 1200, height: 1200 });
  });

  it.each(['x', '0x', 'x0', '350', 'abc', '350y', '12345x', '-5x', ''])('refuses %j', (text) => {
    expect(() => parseTransform(text)).toThrow(expect.objectContaining({ statusCode: 400 }));
  });
});

describe.each(databases)('GET /v1/displayassets/{assetId}/transformed/{transform} on $name', (database) => {
  const ctx = useTestApp(database);

  async function firstItemAssetId(): Promise<number> {
    const res = await ctx.app.inject({ method: 'GET', url: '/v1/vendor/2/current-menu' });
    return res.json().items[0].displayAssetId as number;
  }

  it('renders a menu picture 350 wide as WebP when the browser accepts it', async () => {
    const id = await firstItemAssetId();
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/v1/displayassets/${id}/transformed/350x`,
      headers: { accept: WEBP_ACCEPT },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(res.headers.vary).toMatch(/Accept/);
    expect(res.headers.etag).toBeTruthy();
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 350, height: 350 });
  });

  it('renders PNG when WebP is not accepted', async () => {
    const id = await firstItemAssetId();
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/v1/displayassets/${id}/transformed/100x`,
      headers: { accept: 'image/png' },
    });
    expect(res.headers['content-type']).toBe('image/png');
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'png', width: 100, height: 100 });
    const none = await ctx.app.inject({ method: 'GET', url: `/v1/displayassets/${id}/transformed/100x` });
    expect(none.headers['content-type']).toBe('image/png');
  });

  it('serves only the sizes the apps use, each picture at most MAX_RENDERED_PIXELS; 404 for the rest', async () => {
    const id = await firstItemAssetId();
    // The app's list thumbnails (and their srcset widths) and its detail picture.
    for (const width of [100, 200, 300, 350]) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/v1/displayassets/${id}/transformed/${width}x`,
        headers: { accept: WEBP_ACCEPT },
      });
      expect(res.statusCode, `${width}x`).toBe(200);
      expect(await sharp(res.rawPayload).metadata()).toMatchObject({ width, height: width });
    }
    for (const transform of ['101x', '349x', '1200x', '9000x', 'x1200', 'x200', '100x100', '1800x1200', '0350x']) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/v1/displayassets/${id}/transformed/${transform}`,
        headers: { accept: WEBP_ACCEPT },
      });
      expect(res.statusCode, transform).toBe(404);
      expect(ErrorBody.parse(res.json()).message).toBe(`Size ${transform} is not served`);
    }
    // A very tall picture asked for by width is made narrower, not thousands of pixels high.
    const tall = await sharp({ create: { width: 200, height: 2400, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const upload = await ctx.app.inject({
      method: 'POST',
      url: '/ops/v1/display-assets',
      headers: { authorization: `Bearer ${TEST_OPS_TOKEN}`, 'content-type': 'image/png' },
      payload: tall,
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/v1/displayassets/${upload.json().id}/transformed/350x`,
      headers: { accept: WEBP_ACCEPT },
    });
    const { width, height } = await sharp(res.rawPayload).metadata();
    expect(width! * height!).toBeLessThanOrEqual(MAX_RENDERED_PIXELS);
    expect(height).toBe(1200);
  });

  it('answers 304 to a matching If-None-Match and gives WebP and PNG different ETags', async () => {
    const id = await firstItemAssetId();
    const webp = await ctx.app.inject({
      method: 'GET',
      url: `/v1/displayassets/${id}/transformed/350x`,
      headers: { accept: WEBP_ACCEPT },
    });
    const png = await ctx.app.inject({
      method: 'GET',
      url: `/v1/displayassets/${id}/transformed/350x`,
      headers: { accept: 'image/png' },
    });
    expect(webp.headers.etag).not.toBe(png.headers.etag);
    const again = await ctx.app.inject({
      method: 'GET',
      url: `/v1/displayassets/${id}/transformed/350x`,
      headers: { accept: WEBP_ACCEPT, 'if-none-match': webp.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
  });

  it('answers 404 JSON for an unknown asset', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/v1/displayassets/999999/transformed/350x' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'Display asset 999999 not found' });
  });

  it.each([
    ['abc', '350x'],
    ['-1', '350x'],
    ['1e99', '350x'],
    ['1', 'big'],
    ['1', 'x'],
    ['1', '0x0'],
    ['1', '350x350x'],
    ['1', '99999x'],
  ])('answers 400 JSON for asset %s transform %s', async (id, transform) => {
    const res = await ctx.app.inject({ method: 'GET', url: `/v1/displayassets/${id}/transformed/${transform}` });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    ErrorBody.parse(res.json());
  });
});
