/**
 * Serialized menus kept in memory per vendor, so the busiest call of the app (every step of the
 * order flow refetches the menu) costs a map lookup, not three queries and a serialization.
 *
 * An entry is dropped at once when this process changes the menu (`invalidate`). Other server
 * processes sharing a PostgreSQL database notice a change through the vendor's `menu_version`
 * (bumped in the same transaction as every stock or menu change), read again at most every
 * `recheckMs` of a monotonic clock, so a menu shown is never staler than that anywhere. A caller
 * that has just read the vendor's row (pricing an order) passes its `menu_version` and gets a menu
 * at least that new, so orders are priced and checked against the stock of that moment, not the
 * stock of up to `recheckMs` ago that another process may have sold since.
 */
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { PricingMenu } from '@venue/domain/order-pricing';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { buildMenuWithFacts, menuVersion } from './menu.service.ts';
import { toPricingMenu } from './pricing-menu.ts';

export interface CachedMenu {
  vendorId: number;
  /** the Menu as JSON text, ready to send */
  json: string;
  /** strong validator of `json` */
  etag: string;
  version: number;
  checkedAt: number;
  /** the same menu as maps for server-side pricing */
  pricing: PricingMenu;
  gzip?: Buffer;
  brotli?: Buffer;
}

export type MenuEncoding = 'identity' | 'gzip' | 'br';

export class MenuCache {
  private readonly entries = new Map<number, CachedMenu>();
  private readonly pending = new Map<number, Promise<CachedMenu>>();
  /** bumped by `invalidate`, so a build that started before a change is not stored */
  private readonly generations = new Map<number, number>();

  /**
   * @param elapsed a monotonic clock in ms (wall-clock jumps must not keep a menu for ever)
   */
  constructor(
    private readonly db: Kysely<Database>,
    private readonly elapsed: () => number = () => performance.now(),
    private readonly recheckMs = 2000,
  ) {}

  /**
   * The vendor's menu; throws the 404 of an unknown vendor. With `atLeastVersion` (the vendor's
   * `menu_version` as just read) the menu is at least that version, else at most `recheckMs` old.
   */
  async get(vendorId: number, atLeastVersion?: number): Promise<CachedMenu> {
    const entry = this.entries.get(vendorId);
    if (atLeastVersion === undefined) {
      if (entry && this.elapsed() - entry.checkedAt < this.recheckMs) return entry;
      return this.load(vendorId, entry);
    }
    if (entry && entry.version >= atLeastVersion) return entry;
    const loaded = await this.load(vendorId, entry);
    // A load that began before the change may answer the older menu; one begun now cannot.
    return loaded.version >= atLeastVersion ? loaded : this.load(vendorId, loaded);
  }

  /** Reloads a vendor's menu, sharing a load already under way. */
  private load(vendorId: number, entry: CachedMenu | undefined): Promise<CachedMenu> {
    const inFlight = this.pending.get(vendorId);
    if (inFlight) return inFlight;
    const load: Promise<CachedMenu> = this.refresh(vendorId, entry).finally(() => {
      if (this.pending.get(vendorId) === load) this.pending.delete(vendorId);
    });
    this.pending.set(vendorId, load);
    return load;
  }

  /** Drops a vendor's menu (or every menu); the next request rebuilds it. */
  invalidate(vendorId?: number): void {
    const ids = vendorId === undefined ? [...new Set([...this.entries.keys(), ...this.pending.keys()])] : [vendorId];
    for (const id of ids) {
      this.entries.delete(id);
      this.pending.delete(id);
      this.generations.set(id, (this.generations.get(id) ?? 0) + 1);
    }
  }

  /** The menu's bytes in an encoding the client accepts, compressed once per menu version. */
  body(entry: CachedMenu, encoding: MenuEncoding): string | Buffer {
    if (encoding === 'br') {
      entry.brotli ??= brotliCompressSync(entry.json, {
        params: { [zlib.BROTLI_PARAM_QUALITY]: 7, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT },
      });
      return entry.brotli;
    }
    if (encoding === 'gzip') {
      entry.gzip ??= gzipSync(entry.json, { level: 7 });
      return entry.gzip;
    }
    return entry.json;
  }

  private async refresh(vendorId: number, stale: CachedMenu | undefined): Promise<CachedMenu> {
    const generation = this.generations.get(vendorId) ?? 0;
    const version = await menuVersion(this.db, vendorId);
    if (stale && stale.version === version) {
      stale.checkedAt = this.elapsed();
      return stale;
    }
    const { menu, gstFreeItemIds } = await buildMenuWithFacts(this.db, vendorId);
    const json = JSON.stringify(menu);
    const hash = createHash('sha256').update(json).digest('base64url').slice(0, 22);
    const entry: CachedMenu = {
      vendorId,
      json,
      etag: `"${hash}"`,
      version,
      checkedAt: this.elapsed(),
      pricing: toPricingMenu(menu, gstFreeItemIds),
    };
    if ((this.generations.get(vendorId) ?? 0) === generation) this.entries.set(vendorId, entry);
    return entry;
  }
}

/** The best encoding an Accept-Encoding header allows (brotli, then gzip), honouring q=0. */
export function pickEncoding(acceptEncoding: string | undefined): MenuEncoding {
  if (!acceptEncoding) return 'identity';
  let gzip = false;
  let br = false;
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q !== undefined && Number(q.slice(2)) === 0) continue;
    if (name === 'br') br = true;
    else if (name === 'gzip') gzip = true;
    else if (name === '*') br = gzip = true;
  }
  return br ? 'br' : gzip ? 'gzip' : 'identity';
}
