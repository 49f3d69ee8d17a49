/**
 * Pictures at the sizes the app asks for: the stored SVG rendered by sharp to WebP (when the
 * browser takes it) or PNG. Rendered images are kept in a bounded in-memory cache keyed by the
 * asset's version, size and format.
 */
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import type { Database } from '../../db/schema.ts';
import { badRequest, notFound } from '../../lib/http-error.ts';
import { findDisplayAsset } from './display-assets.repository.ts';

/** Largest width or height rendered; bigger requests are scaled down to it. */
export const MAX_DIMENSION = 1200;

export type ImageFormat = 'webp' | 'png';

export interface Transform {
  width: number | null;
  height: number | null;
}

export interface RenderedImage {
  body: Buffer;
  contentType: string;
  etag: string;
  altText: string;
}

/**
 * `350x` (width 350), `x200` (height 200) or `100x100` (a box, cropped to fill). Sizes are capped
 * at MAX_DIMENSION; zero or missing sizes are refused.
 */
export function parseTransform(transform: string): Transform {
  const match = /^(\d{1,4})?x(\d{1,4})?$/.exec(transform);
  if (!match) throw badRequest('transform must look like 350x, x200 or 100x100');
  const width = match[1] === undefined ? null : Number(match[1]);
  const height = match[2] === undefined ? null : Number(match[2]);
  if (width === null && height === null) throw badRequest('transform must give a width, a height or both');
  if (width === 0 || height === 0) throw badRequest('transform sizes must be at least 1 pixel');
  return {
    width: width === null ? null : Math.min(width, MAX_DIMENSION),
    height: height === null ? null : Math.min(height, MAX_DIMENSION),
  };
}

/** WebP when the Accept header lists it (or image/*, as browsers that take WebP do), else PNG. */
export function pickFormat(accept: string | undefined): ImageFormat {
  if (!accept) return 'png';
  return /image\/webp/i.test(accept) ? 'webp' : 'png';
}

/** The intrinsic size an SVG declares on its root element (400×400 when it does not say). */
function svgSize(svg: string): { width: number; height: number } {
  const root = /<svg\b[^>]*>/i.exec(svg)?.[0] ?? '';
  const width = Number(/\bwidth="(\d+(?:\.\d+)?)"/.exec(root)?.[1] ?? 400);
  const height = Number(/\bheight="(\d+(?:\.\d+)?)"/.exec(root)?.[1] ?? 400);
  return { width: width > 0 ? width : 400, height: height > 0 ? height : 400 };
}

async function render(svg: string, transform: Transform, format: ImageFormat): Promise<Buffer> {
  const intrinsic = svgSize(svg);
  // Rasterise at the scale of the output so enlargements stay sharp and reductions stay cheap.
  const scale = Math.max((transform.width ?? 0) / intrinsic.width, (transform.height ?? 0) / intrinsic.height);
  const density = Math.min(Math.max(72 * scale, 9), 72 * 8);
  const image = sharp(Buffer.from(svg), { density }).resize({
    width: transform.width ?? undefined,
    height: transform.height ?? undefined,
    fit: 'cover',
  });
  return format === 'webp'
    ? image.webp({ quality: 82, effort: 4 }).toBuffer()
    : image.png({ compressionLevel: 8 }).toBuffer();
}

/** A least-recently-used map bounded by total bytes. */
class ByteBoundedCache {
  private readonly map = new Map<string, RenderedImage>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string): RenderedImage | undefined {
    const value = this.map.get(key);
    if (value) {
      this.map.delete(key);
      this.map.set(key, value);
    }
    return value;
  }

  set(key: string, value: RenderedImage): void {
    if (value.body.length > this.maxBytes) return;
    const old = this.map.get(key);
    if (old) {
      this.bytes -= old.body.length;
      this.map.delete(key);
    }
    this.map.set(key, value);
    this.bytes += value.body.length;
    for (const [oldest, entry] of this.map) {
      if (this.bytes <= this.maxBytes) break;
      this.map.delete(oldest);
      this.bytes -= entry.body.length;
    }
  }
}

export class DisplayAssetRenderer {
  private readonly cache: ByteBoundedCache;
  private readonly pending = new Map<string, Promise<RenderedImage>>();

  constructor(
    private readonly db: Kysely<Database>,
    maxCacheBytes = 64 * 1024 * 1024,
  ) {
    this.cache = new ByteBoundedCache(maxCacheBytes);
  }

  /** The asset rendered for a transform and format; 400 for a bad transform, 404 for an unknown asset. */
  async image(assetId: number, transformText: string, format: ImageFormat): Promise<RenderedImage> {
    const transform = parseTransform(transformText);
    const asset = await findDisplayAsset(this.db, assetId);
    if (!asset) throw notFound(`Display asset ${assetId} not found`);
    const size = `${transform.width ?? ''}x${transform.height ?? ''}`;
    const key = `${asset.id}:${asset.updated_at}:${size}:${format}`;
    const cached = this.cache.get(key);
    if (cached) return cached;
    const inFlight = this.pending.get(key);
    if (inFlight) return inFlight;
    const job = (async (): Promise<RenderedImage> => {
      const body = await render(asset.svg, transform, format);
      const image: RenderedImage = {
        body,
        contentType: format === 'webp' ? 'image/webp' : 'image/png',
        etag: `"${asset.id}-${asset.updated_at.toString(36)}-${size}-${format}"`,
        altText: asset.alt_text,
      };
      this.cache.set(key, image);
      return image;
    })().finally(() => this.pending.delete(key));
    this.pending.set(key, job);
    return job;
  }
}
