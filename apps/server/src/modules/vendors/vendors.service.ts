/** Vendors as the API shows them: stored settings plus what opening hours say about now. */
import type { ServiceChargeRule, Vendor } from '@venue/contract/venue';
import { toMoney } from '@venue/domain/money';
import { nextServiceTime, scheduledSlots, type OpeningHours } from '@venue/domain/opening-hours';
import type { WeekdayName } from '@venue/domain/time-zone';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { notFound } from '../../lib/http-error.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { EventPublisher } from '../events/event-bus.ts';
import { findVenueRecord } from '../venues/venues.service.ts';
import type { TradingSchedule } from './trading-schedule.ts';
import {
  findVendorId,
  findVendorRow,
  findVendorRowWithHours,
  listAllVendorIds,
  listOpeningHours,
  listVendorRowsOfVenue,
  updateVendorRow,
  type VendorChanges,
  type VendorRow,
} from './vendors.repository.ts';

type ServiceModeName = Vendor['vendorOrderConfiguration']['defaultOrderServiceMode'];

function parseJsonArray<T>(text: string): T[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? (value as T[]) : [];
  } catch {
    return [];
  }
}

function hoursByVendor(rows: Awaited<ReturnType<typeof listOpeningHours>>): Map<number, OpeningHours> {
  const map = new Map<number, Array<{ weekday: WeekdayName; opens: string; closes: string }>>();
  for (const row of rows) {
    const list = map.get(row.vendor_id) ?? [];
    list.push({ weekday: row.weekday as WeekdayName, opens: row.opens, closes: row.closes });
    map.set(row.vendor_id, list);
  }
  return map;
}

/**
 * A vendor row as the API's Vendor. `isOpen` is the operator's flag, true only while the opening
 * hours still have a trading time ahead; `nextServiceTime` is now while trading, else the next
 * opening within a week, and null for a vendor the operator has closed.
 */
export function toVendor(row: VendorRow, hours: OpeningHours, nowMs: number, schedule?: TradingSchedule): Vendor {
  const next =
    row.is_open !== 1
      ? null
      : schedule
        ? schedule.nextServiceTime(row.id, hours, nowMs, row.time_zone)
        : nextServiceTime(hours, nowMs, row.time_zone);
  const assets = { thumbnailAssetId: row.thumbnail_asset_id, locationImageAssetId: row.location_image_asset_id };
  return {
    id: row.id,
    venueId: row.venue_id,
    storeName: row.store_name,
    phoneNumber: row.phone_number,
    location: row.location_description,
    locationDescription: row.location_description,
    displayAssets: assets,
    vendorDisplayAssets: { ...assets },
    isOpen: row.is_open === 1 && next !== null,
    isPaused: row.is_paused === 1,
    nextServiceTime: next === null ? null : new Date(next).toISOString(),
    tts: row.tts_ms,
    geoLocation: { latitude: row.latitude, longitude: row.longitude },
    timeZone: row.time_zone,
    vendorOrderConfiguration: {
      availableServiceModes: parseJsonArray<ServiceModeName>(row.available_service_modes),
      defaultOrderServiceMode: row.default_order_service_mode as ServiceModeName,
      preOrderBufferDuration: row.pre_order_buffer_ms,
      maxBurdenPerOrder: row.max_burden_per_order,
      deliveryMinAmount: row.delivery_min_amount_minor === null ? null : toMoney(row.delivery_min_amount_minor),
      allowApplePay: row.allow_apple_pay === 1,
      allowGooglePay: row.allow_google_pay === 1,
      isCouponPaymentAllowed: row.is_coupon_payment_allowed === 1,
      deliveryMaxDistance: row.delivery_max_distance_km,
      deliveryTimeBuffer: row.delivery_time_buffer_ms,
      serviceCharges: parseJsonArray<ServiceChargeRule>(row.service_charges),
    },
  };
}

/** The vendors of a venue; 404 when the venue does not exist. */
export async function listVendors(
  db: Kysely<Database>,
  venueId: number,
  nowMs: number,
  schedule?: TradingSchedule,
): Promise<Vendor[]> {
  const venue = await findVenueRecord(db, venueId);
  if (!venue) throw notFound(`Venue ${venueId} not found`);
  const rows = await listVendorRowsOfVenue(db, venueId);
  const hours = hoursByVendor(
    await listOpeningHours(
      db,
      rows.map((r) => r.id),
    ),
  );
  return rows.map((row) => toVendor(row, hours.get(row.id) ?? [], nowMs, schedule));
}

/**
 * The vendor row and its opening hours, for what customers do next (order, slots, delivery);
 * 404 when it does not exist or was removed from its venue's catalogue (orders already placed
 * read the row directly).
 */
export async function loadVendor(
  db: Kysely<Database>,
  vendorId: number,
): Promise<{ row: VendorRow; hours: OpeningHours }> {
  const found = await findVendorRowWithHours(db, vendorId);
  if (!found || found.row.archived === 1) throw notFound(`Vendor ${vendorId} not found`);
  const hours = found.hours.map((h) => ({ weekday: h.weekday as WeekdayName, opens: h.opens, closes: h.closes }));
  return { row: found.row, hours };
}

export async function getVendor(db: Kysely<Database>, vendorId: number, nowMs: number): Promise<Vendor> {
  const { row, hours } = await loadVendor(db, vendorId);
  return toVendor(row, hours, nowMs);
}

/**
 * Pickup (or delivery) times a customer may choose, as ISO instants: the 15-minute grid from now
 * plus the time to service to now plus the pre-order buffer, inside opening hours. None for a
 * vendor the operator has closed.
 */
export async function pickupTimeSlots(db: Kysely<Database>, vendorId: number, nowMs: number): Promise<string[]> {
  const { row, hours } = await loadVendor(db, vendorId);
  if (row.is_open !== 1) return [];
  return scheduledSlots({
    hours,
    nowMs,
    timeZone: row.time_zone,
    ttsMs: row.tts_ms,
    preOrderBufferMs: row.pre_order_buffer_ms,
  }).map((slot) => new Date(slot).toISOString());
}

export interface VendorSettingsPatch {
  isOpen?: boolean | undefined;
  isPaused?: boolean | undefined;
  tts?: number | undefined;
}

/**
 * Changes a vendor's open/paused flags or time to service and records who did it; a real change
 * becomes a `vendor` event once committed. Returns the vendor.
 */
export async function updateVendorSettings(
  db: Kysely<Database>,
  events: EventPublisher,
  vendorId: number,
  patch: VendorSettingsPatch,
  actor: string,
  nowMs: number,
): Promise<Vendor> {
  const changes: VendorChanges = {};
  if (patch.isOpen !== undefined) changes.is_open = patch.isOpen ? 1 : 0;
  if (patch.isPaused !== undefined) changes.is_paused = patch.isPaused ? 1 : 0;
  if (patch.tts !== undefined) changes.tts_ms = patch.tts;
  let changed = false;
  await db.transaction().execute(async (trx) => {
    const existing = await findVendorRow(trx, vendorId);
    if (!existing) throw notFound(`Vendor ${vendorId} not found`);
    changed = Object.entries(changes).some(([column, value]) => existing[column as keyof VendorChanges] !== value);
    // Open and paused are live values: when each really changed is kept, so an import of a
    // catalogue exported before then leaves them as staff set them (docs/decisions/028-catalogue-live-values.md).
    if (changes.is_open !== undefined && changes.is_open !== existing.is_open) changes.open_changed_at = nowMs;
    if (changes.is_paused !== undefined && changes.is_paused !== existing.is_paused) changes.paused_changed_at = nowMs;
    if (Object.keys(changes).length > 0) await updateVendorRow(trx, vendorId, changes);
    await recordAudit(trx, {
      at: nowMs,
      actor,
      action: 'vendor.update',
      entity: 'vendor',
      entityId: String(vendorId),
      details: patch,
    });
  });
  if (changed) await publishVendorChanged(events, vendorId, nowMs);
  return getVendor(db, vendorId, nowMs);
}

/**
 * A `vendor` event with the vendor as it is when the event is written (opened, closed, paused,
 * time to service changed, or a catalogue import). Call after the change has committed.
 */
export async function publishVendorChanged(events: EventPublisher, vendorId: number, nowMs: number): Promise<void> {
  await events.publish({
    vendorId,
    type: 'vendor',
    data: async (db) => {
      const row = await findVendorRow(db, vendorId);
      if (!row) return null;
      const hours = hoursByVendor(await listOpeningHours(db, [vendorId])).get(vendorId) ?? [];
      return toVendor(row, hours, nowMs);
    },
  });
}

export type { VendorRow };

/**
 * A store's stored settings (its venue, wallets and coupon flags, service modes), or undefined when
 * there is no such store. Pass the transaction when the read belongs to one.
 */
export function findVendorRecord(db: Kysely<Database>, vendorId: number): Promise<VendorRow | undefined> {
  return findVendorRow(db, vendorId);
}

/** Whether the store exists (one indexed read of its id). */
export async function vendorExists(db: Kysely<Database>, vendorId: number): Promise<boolean> {
  return (await findVendorId(db, vendorId)) !== undefined;
}

/** Every store's id (the back office's admin sees them all). */
export async function listVendorIdsOfInstallation(db: Kysely<Database>): Promise<number[]> {
  return (await listAllVendorIds(db)).map((row) => row.id);
}
