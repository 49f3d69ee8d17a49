/**
 * Loads the demo venue into a brand-new database (no venue at all) through the catalogue import,
 * the one way a catalogue gets in: the demo's pictures (SVG drawings) first, then the demo venue
 * and its coupons as a catalogue document. A database that holds any venue never receives demo
 * rows. Ids are the demo's fixed ones (docs/decisions/003-demo-venue-ids.md).
 */
import type { VenueCatalogue } from '@venue/contract/venue-catalogue';
import type { Kysely, Transaction } from 'kysely';
import { importCatalogueIn } from '../../modules/catalogue/catalogue.service.ts';
import { pictureContentHash } from '../../modules/display-assets/display-assets.service.ts';
import type { Database } from '../schema.ts';
import { PALETTES, itemArt, locationArt, logoArt, type ArtKind } from './art.ts';
import { DEMO_COUPONS } from './demo-coupons.ts';
import { DEMO_VENUE, type SeedVenue } from './demo-venue.ts';
import {
  ensureClient,
  findVenueWithStores,
  holdsAnyVenue,
  insertDemoPictures,
  readDemoVenueSetting,
  recordDemoVenueSetting,
} from './seed.repository.ts';

/** Gaps between display orders leave room to slot new entries in between. */
const DISPLAY_ORDER_STEP = 10;

/** The venue the seed loaded as the demo, and its stores: the only ones the demo kitchen may act on. */
export interface DemoVenue {
  venueId: number;
  vendorIds: number[];
}

/**
 * What a starting server does: the demo venue into a brand-new database, unless DEMO_VENUE=off;
 * and a demo seeded before the seed recorded it is recorded now.
 */
export async function seedOnStart(db: Kysely<Database>, settings: { demoVenue: boolean }): Promise<boolean> {
  const seeded = settings.demoVenue ? await seedWhenEmpty(db) : false;
  if (!seeded) await recordDemoSeededBefore(db);
  return seeded;
}

/** The venue this database was seeded with as the demo, or null when it was not seeded with one. */
export async function findDemoVenue(db: Kysely<Database>): Promise<DemoVenue | null> {
  const stored = await readDemoVenueSetting(db);
  if (stored === undefined) return null;
  const value = JSON.parse(stored) as Partial<DemoVenue>;
  if (!Number.isInteger(value.venueId) || !Array.isArray(value.vendorIds)) return null;
  return { venueId: value.venueId!, vendorIds: value.vendorIds.filter((id) => Number.isInteger(id)) };
}

const demoVenueOf = (data: SeedVenue): DemoVenue => ({
  venueId: data.venue.id,
  vendorIds: data.vendors.map((vendor) => vendor.id),
});

/**
 * Databases seeded before the seed recorded its demo hold no record: one whose venue and stores
 * are the demo's (same ids, same names) was seeded with it, so its demo kitchen keeps running.
 */
async function recordDemoSeededBefore(db: Kysely<Database>, data: SeedVenue = DEMO_VENUE): Promise<void> {
  if ((await readDemoVenueSetting(db)) !== undefined) return;
  const venue = await findVenueWithStores(db, data.venue.id);
  if (!venue || venue.name !== data.venue.name) return;
  const names = new Map(venue.stores.map((store) => [store.id, store.store_name]));
  if (!data.vendors.every((vendor) => names.get(vendor.id) === vendor.storeName)) return;
  await recordDemoVenueSetting(db, JSON.stringify(demoVenueOf(data)), Date.now());
}

/** Seeds the demo venue when the database holds no venue; returns whether it did. */
export async function seedWhenEmpty(
  db: Kysely<Database>,
  data: SeedVenue = DEMO_VENUE,
  now = Date.now(),
): Promise<boolean> {
  if (await holdsAnyVenue(db)) return false;
  try {
    await db.transaction().execute(async (trx) => {
      if (await holdsAnyVenue(trx)) return;
      await ensureClient(trx, data.client);
      const pictures = await insertPictures(trx, data, now);
      await importCatalogueIn(trx, data.venue.id, demoCatalogue(data, pictures), { actor: 'system', nowMs: now });
      // Recorded with the seed itself, so the demo kitchen can tell the demo from a real venue later.
      await recordDemoVenueSetting(trx, JSON.stringify(demoVenueOf(data)), now);
    });
  } catch (error) {
    // Another process starting at the same time may have seeded first.
    if (await holdsAnyVenue(db)) return false;
    throw error;
  }
  return true;
}

interface VendorPictures {
  logo: number;
  location: number;
  items: Map<ArtKind, number>;
}

/** The demo's drawings, one per drawing per vendor, numbered from 1; answers each vendor's. */
async function insertPictures(
  trx: Transaction<Database>,
  data: SeedVenue,
  now: number,
): Promise<Map<number, VendorPictures>> {
  const assets: Array<{
    id: number;
    kind: string;
    svg: string;
    alt_text: string;
    updated_at: number;
    content_hash: string;
  }> = [];
  const addAsset = (kind: string, svg: string, alt: string) => {
    const id = assets.length + 1;
    // Hashed like every stored picture, so a catalogue carrying the same drawing reuses this one.
    const content_hash = pictureContentHash('image/svg+xml', Buffer.from(svg, 'utf8'));
    assets.push({ id, kind, svg, alt_text: alt, updated_at: now, content_hash });
    return id;
  };
  const pictures = new Map<number, VendorPictures>();
  for (const vendor of data.vendors) {
    const palette = PALETTES[vendor.palette];
    const logo = addAsset('logo', logoArt(vendor.logo, palette), `${vendor.storeName} logo`);
    const location = addAsset(
      'location-map',
      locationArt(vendor.mapAngle, palette.accent),
      `Map of ${data.venue.name} showing ${vendor.storeName}, ${vendor.location}`,
    );
    const items = new Map<ArtKind, number>();
    for (const item of vendor.items) {
      if (!items.has(item.art)) items.set(item.art, addAsset(item.art, itemArt(item.art, palette), item.name));
    }
    pictures.set(vendor.id, { logo, location, items });
  }
  await insertDemoPictures(trx, assets);
  return pictures;
}

const displayOrder = (index: number) => (index + 1) * DISPLAY_ORDER_STEP;

/** The demo venue and coupons as a catalogue document; entries keep the order of the demo's lists. */
export function demoCatalogue(data: SeedVenue, pictures: ReadonlyMap<number, VendorPictures>): VenueCatalogue {
  const { venue } = data;
  return {
    version: 1,
    venue: {
      id: venue.id,
      clientId: data.client.id,
      name: venue.name,
      timeZone: venue.timeZone,
      address: venue.address,
      geoLocation: { latitude: venue.latitude, longitude: venue.longitude },
    },
    vendors: data.vendors.map((vendor) => {
      const own = pictures.get(vendor.id);
      const config = vendor.orderConfiguration;
      return {
        id: vendor.id,
        storeName: vendor.storeName,
        phoneNumber: vendor.phoneNumber,
        location: vendor.location,
        displayAssets: { thumbnailAssetId: own?.logo ?? null, locationImageAssetId: own?.location ?? null },
        geoLocation: { latitude: vendor.latitude, longitude: vendor.longitude },
        tts: vendor.ttsMs,
        isOpen: vendor.isOpen,
        isPaused: vendor.isPaused,
        vendorOrderConfiguration: {
          availableServiceModes: config.availableServiceModes,
          defaultOrderServiceMode: config.defaultOrderServiceMode,
          preOrderBufferDuration: config.preOrderBufferMs,
          maxBurdenPerOrder: config.maxBurdenPerOrder,
          deliveryMinAmount: config.deliveryMinAmountMinor,
          allowApplePay: config.allowApplePay,
          allowGooglePay: config.allowGooglePay,
          isCouponPaymentAllowed: config.isCouponPaymentAllowed,
          deliveryMaxDistance: config.deliveryMaxDistanceKm,
          deliveryTimeBuffer: config.deliveryTimeBufferMs,
          serviceCharges: config.serviceCharges,
        },
        openingHours: vendor.openingHours,
        itemTypes: [...new Set(vendor.items.map((item) => item.itemType))],
        items: vendor.items.map((item, index) => ({
          id: item.id,
          name: item.name,
          description: item.description,
          price: item.priceMinor,
          itemType: item.itemType,
          displayOrder: displayOrder(index),
          visible: item.visible !== false,
          currentInventory: item.currentInventory ?? null,
          burden: item.burden ?? 1,
          isRestricted: item.isRestricted === true,
          displayAssetId: own?.items.get(item.art) ?? null,
          modifierGroupsIds: item.modifierGroupIds ?? [],
          availability: item.availability ?? null,
        })),
        modifierGroups: vendor.modifierGroups.map((group, index) => ({
          id: group.id,
          name: group.name,
          modifierIds: group.modifiers.map((modifier) => modifier.id),
          minimumChoices: group.minimumChoices,
          maximumChoices: group.maximumChoices,
          defaultModifierId: group.defaultModifierId ?? null,
          visible: group.visible !== false,
          displayOrder: displayOrder(index),
          selectionRequiredText: group.selectionRequiredText ?? null,
        })),
        modifiers: vendor.modifierGroups.flatMap((group) =>
          group.modifiers.map((modifier, index) => ({
            id: modifier.id,
            name: modifier.name,
            price: modifier.priceMinor,
            visible: modifier.visible !== false,
            displayOrder: displayOrder(index),
            groupId: group.id,
          })),
        ),
      };
    }),
    coupons: DEMO_COUPONS.map((coupon) => ({
      code: coupon.code,
      kind: coupon.kind,
      value: coupon.value,
      vendorId: coupon.vendorId,
      description: coupon.description,
      validFrom: coupon.validFrom ?? null,
      validUntil: coupon.validUntil ?? null,
      usageLimit: coupon.usageLimit ?? null,
      active: true,
    })),
  };
}
