/** Loads the demo venue into an empty database (first start). */
import { sql, type Kysely, type Transaction } from 'kysely';
import { hasCoupons, insertCoupons } from '../../modules/coupons/coupons.repository.ts';
import { DEMO_COUPONS, type SeedCoupon } from './demo-coupons.ts';
import type { Dialect } from '../database.ts';
import type { Database } from '../schema.ts';
import { PALETTES, itemArt, locationArt, logoArt, type ArtKind } from './art.ts';
import { DEMO_VENUE, type SeedVenue } from './demo-venue.ts';

/** Gaps between display orders leave room to slot new entries in between. */
const DISPLAY_ORDER_STEP = 10;

/** Tables whose ids the seed sets explicitly; PostgreSQL's identity sequences must then move past them. */
const SEEDED_TABLES = [
  'clients',
  'venues',
  'display_assets',
  'vendors',
  'opening_hours',
  'modifier_groups',
  'modifiers',
  'menu_items',
] as const;

/** Seeds the demo venue when the database has no clients; returns whether it did. */
export async function seedWhenEmpty(
  db: Kysely<Database>,
  dialect: Dialect,
  data: SeedVenue = DEMO_VENUE,
  now = Date.now(),
): Promise<boolean> {
  if (await hasClients(db)) {
    await seedCouponsWhenEmpty(db, now);
    return false;
  }
  try {
    await db.transaction().execute(async (trx) => {
      await insertVenue(trx, data, now);
      if (dialect === 'postgres') await advanceSequences(trx);
      await insertCoupons(
        trx,
        DEMO_COUPONS.map((coupon) => couponRow(coupon, now)),
      );
    });
  } catch (error) {
    // Another process starting at the same time may have seeded first.
    if (await hasClients(db)) return false;
    throw error;
  }
  return true;
}

async function hasClients(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('clients').select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}

async function insertVenue(trx: Transaction<Database>, data: SeedVenue, now: number): Promise<void> {
  await trx.insertInto('clients').values({ id: data.client.id, name: data.client.name }).execute();
  const { venue } = data;
  await trx
    .insertInto('venues')
    .values({
      id: venue.id,
      client_id: data.client.id,
      name: venue.name,
      time_zone: venue.timeZone,
      address: venue.address,
      latitude: venue.latitude,
      longitude: venue.longitude,
    })
    .execute();

  // Pictures first: vendors and items refer to them. One asset per drawing per vendor.
  const assets: Array<{ id: number; kind: string; svg: string; alt_text: string; updated_at: number }> = [];
  const addAsset = (kind: string, svg: string, alt: string) => {
    const id = assets.length + 1;
    assets.push({ id, kind, svg, alt_text: alt, updated_at: now });
    return id;
  };
  const vendorAssets = new Map<number, { logo: number; location: number; items: Map<ArtKind, number> }>();
  for (const vendor of data.vendors) {
    const palette = PALETTES[vendor.palette];
    const logo = addAsset('logo', logoArt(vendor.logo, palette), `${vendor.storeName} logo`);
    const location = addAsset(
      'location-map',
      locationArt(vendor.mapAngle, palette.accent),
      `Map of ${venue.name} showing ${vendor.storeName}, ${vendor.location}`,
    );
    const items = new Map<ArtKind, number>();
    for (const item of vendor.items) {
      if (!items.has(item.art)) items.set(item.art, addAsset(item.art, itemArt(item.art, palette), item.name));
    }
    vendorAssets.set(vendor.id, { logo, location, items });
  }
  await trx.insertInto('display_assets').values(assets).execute();

  for (const [position, vendor] of data.vendors.entries()) {
    const pictures = vendorAssets.get(vendor.id);
    const config = vendor.orderConfiguration;
    await trx
      .insertInto('vendors')
      .values({
        id: vendor.id,
        venue_id: venue.id,
        store_name: vendor.storeName,
        phone_number: vendor.phoneNumber,
        location_description: vendor.location,
        thumbnail_asset_id: pictures?.logo ?? null,
        location_image_asset_id: pictures?.location ?? null,
        is_open: vendor.isOpen ? 1 : 0,
        is_paused: vendor.isPaused ? 1 : 0,
        tts_ms: vendor.ttsMs,
        latitude: vendor.latitude,
        longitude: vendor.longitude,
        display_order: (position + 1) * DISPLAY_ORDER_STEP,
        available_service_modes: JSON.stringify(config.availableServiceModes),
        default_order_service_mode: config.defaultOrderServiceMode,
        pre_order_buffer_ms: config.preOrderBufferMs,
        max_burden_per_order: config.maxBurdenPerOrder,
        delivery_min_amount_minor: config.deliveryMinAmountMinor,
        allow_apple_pay: config.allowApplePay ? 1 : 0,
        allow_google_pay: config.allowGooglePay ? 1 : 0,
        is_coupon_payment_allowed: config.isCouponPaymentAllowed ? 1 : 0,
        delivery_max_distance_km: config.deliveryMaxDistanceKm,
        delivery_time_buffer_ms: config.deliveryTimeBufferMs,
        service_charges: JSON.stringify(config.serviceCharges),
      })
      .execute();

    if (vendor.openingHours.length > 0) {
      await trx
        .insertInto('opening_hours')
        .values(
          vendor.openingHours.map((h) => ({
            vendor_id: vendor.id,
            weekday: h.weekday,
            opens: h.opens,
            closes: h.closes,
          })),
        )
        .execute();
    }

    if (vendor.modifierGroups.length > 0) {
      await trx
        .insertInto('modifier_groups')
        .values(
          vendor.modifierGroups.map((group, index) => ({
            id: group.id,
            vendor_id: vendor.id,
            name: group.name,
            minimum_choices: group.minimumChoices,
            maximum_choices: group.maximumChoices,
            default_modifier_id: group.defaultModifierId ?? null,
            visible: group.visible === false ? 0 : 1,
            display_order: (index + 1) * DISPLAY_ORDER_STEP,
            selection_required_text: group.selectionRequiredText ?? null,
          })),
        )
        .execute();
      await trx
        .insertInto('modifiers')
        .values(
          vendor.modifierGroups.flatMap((group) =>
            group.modifiers.map((modifier, index) => ({
              id: modifier.id,
              vendor_id: vendor.id,
              group_id: group.id,
              name: modifier.name,
              price_minor: modifier.priceMinor,
              visible: modifier.visible === false ? 0 : 1,
              display_order: (index + 1) * DISPLAY_ORDER_STEP,
            })),
          ),
        )
        .execute();
    }

    if (vendor.items.length > 0) {
      await trx
        .insertInto('menu_items')
        .values(
          vendor.items.map((item, index) => ({
            id: item.id,
            vendor_id: vendor.id,
            name: item.name,
            description: item.description,
            price_minor: item.priceMinor,
            item_type: item.itemType,
            display_order: (index + 1) * DISPLAY_ORDER_STEP,
            visible: item.visible === false ? 0 : 1,
            current_inventory: item.currentInventory ?? null,
            burden: item.burden ?? 1,
            is_restricted: item.isRestricted ? 1 : 0,
            display_asset_id: pictures?.items.get(item.art) ?? null,
            modifier_group_ids: JSON.stringify(item.modifierGroupIds ?? []),
            availability: item.availability ? JSON.stringify(item.availability) : null,
          })),
        )
        .execute();
    }
  }
}

/** Moves each identity sequence past the largest seeded id, so the next generated id is free. */
async function advanceSequences(trx: Transaction<Database>): Promise<void> {
  for (const table of SEEDED_TABLES) {
    await sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select coalesce(max(id), 0) + 1 from ${sql.table(table)}), false)`.execute(
      trx,
    );
  }
}

function couponRow(coupon: SeedCoupon, now: number) {
  return {
    code: coupon.code,
    vendor_id: coupon.vendorId,
    kind: coupon.kind,
    value: coupon.value,
    active: 1,
    created_at: now,
    valid_from: coupon.validFrom ? Date.parse(coupon.validFrom) : null,
    valid_until: coupon.validUntil ? Date.parse(coupon.validUntil) : null,
    usage_limit: coupon.usageLimit ?? null,
    description: coupon.description,
  };
}

/** Databases seeded before coupons existed get the demo coupons once. */
async function seedCouponsWhenEmpty(db: Kysely<Database>, now: number): Promise<void> {
  if (await hasCoupons(db)) return;
  try {
    await insertCoupons(
      db,
      DEMO_COUPONS.map((coupon) => couponRow(coupon, now)),
    );
  } catch (error) {
    // Another process starting at the same time may have inserted them first.
    if (!(await hasCoupons(db))) throw error;
  }
}
