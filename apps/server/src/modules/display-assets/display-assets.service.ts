/**
 * Pictures at the sizes the app asks for: the stored SVG (or uploaded picture) rendered by sharp
 * to WebP (when the browser takes it) or PNG; and uploads of new pictures. Rendered images are kept in a bounded in-memory cache keyed by the
 * asset's version, size and format.
 */
import { createHash } from 'node:crypto';
import type { CataloguePicture, CatalogueProblem } from '@venue/contract/venue-catalogue';
import type { Kysely } from 'kysely';
import sharp, { type OutputInfo, type ResizeOptions } from 'sharp';
import type { Database } from '../../db/schema.ts';
import { badRequest, HttpError, notFound, unprocessable } from '../../lib/http-error.ts';
import {
  existingDisplayAssetIds,
  findDisplayAsset,
  findDisplayAssetIdsByHashes,
  insertDisplayAsset,
  insertUploadedPicture,
  listDisplayAssets,
  listUnhashedDisplayAssets,
  setDisplayAssetHash,
} from './display-assets.repository.ts';

/** Largest width or height rendered; bigger requests are scaled down to it. */
export const MAX_DIMENSION = 1200;

/**
 * The only sizes served: those the apps ask for (apps/web/src/lib/display-asset.ts: list
 * thumbnails 100 wide and their srcset widths 200 and 300, details 350 wide; spec §7's 100x and
 * 350x). Each size is a fresh render per picture and format, so any size on request would let a
 * client keep the server's CPU busy with a million renders; other sizes answer 404.
 */
export const SERVED_TRANSFORMS: readonly string[] = ['100x', '200x', '300x', '350x'];

/** Most pixels in one rendered picture: a picture 350 wide may be up to 1200 high, no more. */
export const MAX_RENDERED_PIXELS = 350 * MAX_DIMENSION;

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

/** A stored picture: an SVG drawing (the seed's), or an uploaded raster image. */
interface StoredPicture {
  svg: string;
  image: Buffer | null;
}

/**
 * How to resize: a box is cropped to fill; a width (or height) alone keeps the picture's shape
 * within MAX_RENDERED_PIXELS, so a very tall picture asked for by width is made narrower rather
 * than rendered many thousand pixels high.
 */
function resizeOf(transform: Transform): ResizeOptions {
  const { width, height } = transform;
  if (width !== null && height !== null) return { width, height, fit: 'cover' };
  if (width !== null) return { width, height: Math.floor(MAX_RENDERED_PIXELS / width), fit: 'inside' };
  return { width: Math.floor(MAX_RENDERED_PIXELS / height!), height: height!, fit: 'inside' };
}

function pipeline(picture: StoredPicture, transform: Transform) {
  const resize = resizeOf(transform);
  if (picture.image) return sharp(picture.image).resize(resize);
  const { svg } = picture;
  const intrinsic = svgSize(svg);
  // Rasterise at the scale of the output so enlargements stay sharp and reductions stay cheap.
  const scale = Math.max((transform.width ?? 0) / intrinsic.width, (transform.height ?? 0) / intrinsic.height);
  const density = Math.min(Math.max(72 * scale, 9), 72 * 8);
  return sharp(Buffer.from(svg), { density }).resize(resize);
}

async function render(picture: StoredPicture, transform: Transform, format: ImageFormat): Promise<Buffer> {
  const image = pipeline(picture, transform);
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

  /**
   * The asset rendered for a transform and format; 400 for a malformed transform, 404 for a size
   * not served (SERVED_TRANSFORMS) or an unknown asset.
   */
  async image(assetId: number, transformText: string, format: ImageFormat): Promise<RenderedImage> {
    const transform = parseTransform(transformText);
    if (!SERVED_TRANSFORMS.includes(transformText)) throw notFound(`Size ${transformText} is not served`);
    const asset = await findDisplayAsset(this.db, assetId);
    if (!asset) throw notFound(`Display asset ${assetId} not found`);
    const size = `${transform.width ?? ''}x${transform.height ?? ''}`;
    const key = `${asset.id}:${asset.updated_at}:${size}:${format}`;
    const cached = this.cache.get(key);
    if (cached) return cached;
    const inFlight = this.pending.get(key);
    if (inFlight) return inFlight;
    const job = (async (): Promise<RenderedImage> => {
      const body = await render(asset, transform, format);
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

/** The largest picture accepted for upload. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
/** Pixels decoded at most: a small file can unpack to a huge bitmap (a decompression bomb). */
const MAX_UPLOAD_PIXELS = 40_000_000;
/** Uploaded pictures are stored at most this wide and high: more than any screen asks for. */
const STORED_MAX_DIMENSION = 2400;

export const UNSUPPORTED_PICTURE_MESSAGE = 'The picture must be a PNG, JPEG or WebP image.';

/** What the first bytes of a file say it is: the formats the catalogue takes, or null. */
export function sniffPictureType(bytes: Buffer): 'png' | 'jpeg' | 'webp' | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP')
    return 'webp';
  return null;
}

export interface UploadedPicture {
  id: number;
  contentType: string;
  width: number;
  height: number;
}

/**
 * Stores an uploaded picture: checked by its content (its first bytes, then a full decode), turned
 * upright, scaled to fit STORED_MAX_DIMENSION and stored as WebP without its metadata (a phone's
 * photo carries where it was taken). 415 for anything but PNG, JPEG or WebP, 422 for one that does
 * not decode, 413 past MAX_UPLOAD_BYTES.
 */
export async function storeUploadedPicture(
  db: Kysely<Database>,
  bytes: Buffer,
  nowMs: number,
): Promise<UploadedPicture> {
  if (bytes.length > MAX_UPLOAD_BYTES)
    throw new HttpError(413, `The picture must be at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`);
  if (bytes.length === 0) throw new HttpError(415, `${UNSUPPORTED_PICTURE_MESSAGE} The body was empty.`);
  const kind = sniffPictureType(bytes);
  if (!kind) throw new HttpError(415, UNSUPPORTED_PICTURE_MESSAGE);
  let stored: { data: Buffer; info: OutputInfo };
  try {
    stored = await sharp(bytes, { limitInputPixels: MAX_UPLOAD_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: STORED_MAX_DIMENSION, height: STORED_MAX_DIMENSION, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 88 })
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw unprocessable(
      `The picture could not be read as a ${kind.toUpperCase()} image: it is damaged, incomplete or larger than ${MAX_UPLOAD_PIXELS / 1_000_000} megapixels.`,
    );
  }
  const id = await insertUploadedPicture(db, {
    image: stored.data,
    contentType: 'image/webp',
    contentHash: pictureContentHash('image/webp', stored.data),
    nowMs,
  });
  return { id, contentType: 'image/webp', width: stored.info.width, height: stored.info.height };
}

// ── pictures carried in a catalogue (docs/decisions/028-catalogue-live-values.md) ─────────

const SVG = 'image/svg+xml';

/** What makes two pictures the same: their type and stored bytes (an SVG's text as UTF-8). */
export function pictureContentHash(contentType: string, content: Buffer): string {
  return createHash('sha256').update(contentType).update('\0').update(content).digest('hex');
}

/** Which of these asset ids exist. */
export function existingPictureIds(db: Kysely<Database>, ids: readonly number[]): Promise<Set<number>> {
  return existingDisplayAssetIds(db, ids);
}

/** The pictures with these ids, as a catalogue carries them (ids that do not exist are left out). */
export async function exportPictures(db: Kysely<Database>, ids: readonly number[]): Promise<CataloguePicture[]> {
  const rows = await listDisplayAssets(
    db,
    [...new Set(ids)].sort((a, b) => a - b),
  );
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    contentType: (row.image ? row.content_type : SVG) as CataloguePicture['contentType'],
    altText: row.alt_text,
    data: (row.image ?? Buffer.from(row.svg, 'utf8')).toString('base64'),
  }));
}

const RASTER_KINDS: Record<string, 'png' | 'jpeg' | 'webp'> = {
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/webp': 'webp',
};

/** One carried picture's problem, or null: it must be what its type says, and decode within the upload's limits. */
async function pictureProblem(picture: CataloguePicture): Promise<string | null> {
  const bytes = Buffer.from(picture.data, 'base64');
  if (bytes.length > MAX_UPLOAD_BYTES) return `A picture must be at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`;
  const raster = RASTER_KINDS[picture.contentType];
  if (raster) {
    const sniffed = sniffPictureType(bytes);
    if (sniffed !== raster)
      return `The data is not a ${raster.toUpperCase()} image${sniffed ? ` but a ${sniffed.toUpperCase()} one` : ''}; give its real contentType.`;
  } else if (!/<svg[\s>]/i.test(bytes.toString('utf8'))) return 'The data is not an SVG drawing.';
  try {
    const { width = 0, height = 0 } = await sharp(bytes, { failOn: 'error' }).metadata();
    if (width * height > MAX_UPLOAD_PIXELS)
      return `The picture is larger than ${MAX_UPLOAD_PIXELS / 1_000_000} megapixels.`;
    return width > 0 && height > 0 ? null : 'The picture has no size.';
  } catch {
    return 'The picture could not be read: it is damaged or incomplete.';
  }
}

/** Every problem of the pictures a document carries, each at its JSON path. */
export async function cataloguePictureProblems(pictures: readonly CataloguePicture[]): Promise<CatalogueProblem[]> {
  const problems: CatalogueProblem[] = [];
  const seen = new Set<number>();
  for (const [index, picture] of pictures.entries()) {
    if (seen.has(picture.id))
      problems.push({ path: `$.pictures[${index}].id`, message: `Picture ${picture.id} is given twice.` });
    seen.add(picture.id);
    const problem = await pictureProblem(picture);
    if (problem) problems.push({ path: `$.pictures[${index}].data`, message: problem });
  }
  return problems;
}

export interface StoredCataloguePictures {
  /** the document's picture id → the stored picture's id */
  ids: Map<number, number>;
  stored: number;
  alreadyStored: number;
}

/**
 * Stores a document's pictures (checked by cataloguePictureProblems), each content once: a picture
 * whose type and bytes are already stored, in this database or earlier in the document, is not
 * stored again but mapped to the stored one. Answers the document's ids → the stored ids.
 */
export async function storeCataloguePictures(
  db: Kysely<Database>,
  pictures: readonly CataloguePicture[],
  nowMs: number,
): Promise<StoredCataloguePictures> {
  if (pictures.length === 0) return { ids: new Map(), stored: 0, alreadyStored: 0 };
  // Pictures stored before content was hashed are hashed now, so they are found too.
  for (const row of await listUnhashedDisplayAssets(db)) {
    const type = row.image ? row.content_type : SVG;
    await setDisplayAssetHash(db, row.id, pictureContentHash(type, row.image ?? Buffer.from(row.svg, 'utf8')));
  }
  const carried = pictures.map((picture) => {
    const bytes = Buffer.from(picture.data, 'base64');
    return { picture, bytes, hash: pictureContentHash(picture.contentType, bytes) };
  });
  const known = await findDisplayAssetIdsByHashes(db, [...new Set(carried.map((c) => c.hash))]);
  const result: StoredCataloguePictures = { ids: new Map(), stored: 0, alreadyStored: 0 };
  for (const { picture, bytes, hash } of carried) {
    let id = known.get(hash);
    if (id !== undefined) result.alreadyStored += 1;
    else {
      const svg = picture.contentType === SVG;
      id = await insertDisplayAsset(db, {
        kind: picture.kind,
        svg: svg ? bytes.toString('utf8') : '',
        alt_text: picture.altText,
        updated_at: nowMs,
        content_type: picture.contentType,
        content_hash: hash,
        image: svg ? null : bytes,
      });
      known.set(hash, id);
      result.stored += 1;
    }
    result.ids.set(picture.id, id);
  }
  return result;
}
