/**
 * A venue's catalogue as one document (contract `VenueCatalogue`): exported from the database,
 * and imported back all or nothing. An import checks the whole document first — its shape and
 * rules (contract), then what only the database knows: pictures that exist, and ids or coupon
 * codes that belong to another venue — and answers every problem at once (422) or replaces the
 * catalogue in one transaction.
 *
 * Rows the document no longer holds are archived, never deleted: orders, receipts and the
 * operations API keep naming them (order lines carry their own copies of names and prices), and
 * customers no longer see them. An archived row named again by a later document comes back.
 *
 * Live values — a store's isOpen and isPaused, an item's currentInventory — belong to the staff
 * once the venue trades: an import of a document exported before one of them changed keeps the
 * stored value and says so, unless forced (docs/decisions/028-catalogue-live-values.md). A document
 * may carry its pictures; they are stored (each content once) and the document's ids mapped.
 */
import {
  capProblems,
  checkCatalogue,
  CATALOGUE_FORMAT_VERSION,
  COUPON_CODE_PATTERN,
  MAX_ID,
  type CatalogueCounts,
  type CatalogueCoupon,
  type CatalogueImportSummary,
  type CatalogueItem,
  type CatalogueModifier,
  type CataloguePicture,
  type CatalogueModifierGroup,
  type CatalogueProblem,
  type CatalogueVendor,
  type KeptLiveValue,
  type VenueCatalogue,
} from '@venue/contract/venue-catalogue';
import type { Weekday } from '@venue/contract/menu';
import { jsonPath } from '@venue/domain/catalogue-rules';
import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type {
  CouponsTable,
  Database,
  MenuItemsTable,
  ModifierGroupsTable,
  ModifiersTable,
  VendorsTable,
} from '../../db/schema.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { recordAudit } from '../audit/audit.service.ts';
import {
  cataloguePictureProblems,
  existingPictureIds,
  exportPictures,
  storeCataloguePictures,
} from '../display-assets/display-assets.service.ts';
import {
  advanceIdSequences,
  archiveCoupons,
  archiveMenuRows,
  archiveVendors,
  bumpVenueMenuVersions,
  findClientRow,
  findCouponsByCodes,
  findVenueRow,
  insertClientRow,
  insertCouponRows,
  insertMenuRows,
  insertVendorRow,
  insertVenueRow,
  listCouponsOfVenue,
  listMenuItemsOf,
  listModifierGroupsOf,
  listModifiersOf,
  listOpeningHoursOf,
  listVendorsOfVenue,
  replaceOpeningHours,
  stampMenuRows,
  updateCouponRow,
  updateMenuRow,
  updateVendorCatalogueRow,
  updateVenueRow,
  venuesOfMenuRows,
  venuesOfVendors,
  type EditStamp,
  type MenuTable,
} from './catalogue.repository.ts';

/** Vendors' display order in steps, leaving room to slot one in between by hand. */
const DISPLAY_ORDER_STEP = 10;

// ── export ──────────────────────────────────────────────────────────────────────────────

function parseJson<T>(text: string | null, fallback: T): T {
  if (text === null) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

const isoOrNull = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export interface ExportOptions {
  /** when the document is taken: written as exportedAt, so a later import keeps what changes after it */
  nowMs?: number;
  /** carry the pictures the document names, so it can be imported into another database */
  pictures?: boolean;
}

/** The venue's catalogue as it stands (archived rows left out); 404 when there is no such venue. */
export async function exportCatalogue(
  db: Kysely<Database>,
  venueId: number,
  options: ExportOptions = {},
): Promise<VenueCatalogue> {
  const venue = await findVenueRow(db, venueId);
  if (!venue) throw notFound(`Venue ${venueId} not found`);
  const vendors = await listVendorsOfVenue(db, venueId, { archived: false });
  const ids = vendors.map((v) => v.id);
  const [hours, items, groups, modifiers, coupons] = await Promise.all([
    listOpeningHoursOf(db, ids),
    listMenuItemsOf(db, ids, { archived: false }),
    listModifierGroupsOf(db, ids, { archived: false }),
    listModifiersOf(db, ids, { archived: false }),
    listCouponsOfVenue(db, venueId, { archived: false }),
  ]);
  const byVendor = <T extends { vendor_id: number }>(rows: T[]) => {
    const map = new Map<number, T[]>();
    for (const row of rows) map.set(row.vendor_id, [...(map.get(row.vendor_id) ?? []), row]);
    return map;
  };
  const hoursOf = byVendor(hours);
  const itemsOf = byVendor(items);
  const groupsOf = byVendor(groups);
  const modifiersOf = byVendor(modifiers);

  const document: VenueCatalogue = {
    version: CATALOGUE_FORMAT_VERSION,
    ...(options.nowMs === undefined ? {} : { exportedAt: new Date(options.nowMs).toISOString() }),
    venue: {
      id: venue.id,
      clientId: venue.client_id,
      name: venue.name,
      timeZone: venue.time_zone,
      address: venue.address,
      geoLocation: { latitude: venue.latitude, longitude: venue.longitude },
      gstRate: venue.gst_rate_bp,
    },
    vendors: vendors.map((vendor) =>
      exportVendor(
        vendor,
        hoursOf.get(vendor.id) ?? [],
        itemsOf.get(vendor.id) ?? [],
        groupsOf.get(vendor.id) ?? [],
        modifiersOf.get(vendor.id) ?? [],
      ),
    ),
    coupons: coupons.map(catalogueCouponOf),
  };
  if (options.pictures) document.pictures = await exportPictures(db, assetIdsOf(document));
  return document;
}

/** A stored coupon in the catalogue's form. */
export function catalogueCouponOf(coupon: Selectable<CouponsTable>): CatalogueCoupon {
  return {
    code: coupon.code,
    kind: coupon.kind as 'percentage' | 'fixed' | 'full',
    value: coupon.value,
    vendorId: coupon.vendor_id,
    description: coupon.description,
    validFrom: isoOrNull(coupon.valid_from === null ? null : Number(coupon.valid_from)),
    validUntil: isoOrNull(coupon.valid_until === null ? null : Number(coupon.valid_until)),
    usageLimit: coupon.usage_limit,
    active: coupon.active === 1,
  };
}

/** Every picture id a document names. */
function assetIdsOf(document: VenueCatalogue): number[] {
  return document.vendors.flatMap((vendor) => [
    ...[vendor.displayAssets.thumbnailAssetId, vendor.displayAssets.locationImageAssetId].filter((id) => id !== null),
    ...vendor.items.map((item) => item.displayAssetId).filter((id) => id !== null),
  ]);
}

/** The document with its picture ids replaced by the stored pictures' (ids it does not carry stay). */
function withStoredPictureIds(document: VenueCatalogue, stored: ReadonlyMap<number, number>): VenueCatalogue {
  const map = (id: number | null) => (id === null ? null : (stored.get(id) ?? id));
  return {
    ...document,
    vendors: document.vendors.map((vendor) => ({
      ...vendor,
      displayAssets: {
        thumbnailAssetId: map(vendor.displayAssets.thumbnailAssetId),
        locationImageAssetId: map(vendor.displayAssets.locationImageAssetId),
      },
      items: vendor.items.map((item) => ({ ...item, displayAssetId: map(item.displayAssetId) })),
    })),
  };
}

/** A stored menu item in the catalogue's form. */
export function catalogueItemOf(item: Selectable<MenuItemsTable>): CatalogueItem {
  return {
    id: item.id,
    name: item.name,
    description: item.description,
    price: item.price_minor,
    itemType: item.item_type,
    displayOrder: item.display_order,
    visible: item.visible === 1,
    currentInventory: item.current_inventory,
    burden: item.burden,
    isRestricted: item.is_restricted === 1,
    displayAssetId: item.display_asset_id,
    modifierGroupsIds: parseJson<number[]>(item.modifier_group_ids, []),
    availability: parseJson<CatalogueItem['availability']>(item.availability, null),
    gstFree: item.gst_free === 1,
  };
}

/** A stored modifier group in the catalogue's form, with the ids of its modifiers among `modifiers`. */
export function catalogueGroupOf(
  group: Selectable<ModifierGroupsTable>,
  modifiers: ReadonlyArray<Selectable<ModifiersTable>>,
): CatalogueModifierGroup {
  return {
    id: group.id,
    name: group.name,
    modifierIds: modifiers.filter((m) => m.group_id === group.id).map((m) => m.id),
    minimumChoices: group.minimum_choices,
    maximumChoices: group.maximum_choices,
    defaultModifierId: group.default_modifier_id,
    visible: group.visible === 1,
    displayOrder: group.display_order,
    selectionRequiredText: group.selection_required_text,
  };
}

/** A stored modifier in the catalogue's form. */
export function catalogueModifierOf(modifier: Selectable<ModifiersTable>): CatalogueModifier {
  return {
    id: modifier.id,
    name: modifier.name,
    price: modifier.price_minor,
    visible: modifier.visible === 1,
    displayOrder: modifier.display_order,
    groupId: modifier.group_id,
  };
}

/** A stored vendor with its trading hours and menu in the catalogue's form. */
export function exportVendor(
  vendor: Selectable<VendorsTable>,
  hours: Array<{ weekday: string; opens: string; closes: string }>,
  items: Selectable<MenuItemsTable>[],
  groups: Selectable<ModifierGroupsTable>[],
  modifiers: Selectable<ModifiersTable>[],
): CatalogueVendor {
  // A vendor from before catalogues has no stored category order: its items' order gives one.
  const itemTypes = parseJson<string[] | null>(vendor.item_types, null) ?? [
    ...new Set(items.map((item) => item.item_type)),
  ];
  return {
    id: vendor.id,
    storeName: vendor.store_name,
    phoneNumber: vendor.phone_number,
    location: vendor.location_description,
    displayAssets: {
      thumbnailAssetId: vendor.thumbnail_asset_id,
      locationImageAssetId: vendor.location_image_asset_id,
    },
    geoLocation: { latitude: vendor.latitude, longitude: vendor.longitude },
    tts: vendor.tts_ms,
    isOpen: vendor.is_open === 1,
    isPaused: vendor.is_paused === 1,
    vendorOrderConfiguration: {
      availableServiceModes: parseJson(vendor.available_service_modes, []),
      defaultOrderServiceMode: vendor.default_order_service_mode as 'TakeAway' | 'HomeDelivery' | 'NotSpecified',
      preOrderBufferDuration: vendor.pre_order_buffer_ms,
      maxBurdenPerOrder: vendor.max_burden_per_order,
      deliveryMinAmount: vendor.delivery_min_amount_minor,
      allowApplePay: vendor.allow_apple_pay === 1,
      allowGooglePay: vendor.allow_google_pay === 1,
      isCouponPaymentAllowed: vendor.is_coupon_payment_allowed === 1,
      deliveryMaxDistance: vendor.delivery_max_distance_km,
      deliveryTimeBuffer: vendor.delivery_time_buffer_ms,
      serviceCharges: parseJson(vendor.service_charges, []),
    },
    openingHours: hours.map((h) => ({ weekday: h.weekday as Weekday, opens: h.opens, closes: h.closes })),
    itemTypes,
    items: items.map(catalogueItemOf),
    modifierGroups: groups.map((group) => catalogueGroupOf(group, modifiers)),
    modifiers: modifiers.map(catalogueModifierOf),
  };
}

// ── checks only the database can make ───────────────────────────────────────────────────

type Loose = Record<string, unknown>;
const isObject = (value: unknown): value is Loose =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
/** An id the database could hold: others are the shape check's to report, and must not reach a query. */
const int = (value: unknown): number | undefined =>
  Number.isInteger(value) && (value as number) >= 0 && (value as number) <= MAX_ID ? (value as number) : undefined;

interface Reference {
  id: number;
  path: string;
}

/** The ids a document names, with where it names them; read loosely, so a document of the wrong shape is checked too. */
function referencesOf(document: unknown) {
  const refs = {
    vendors: [] as Reference[],
    items: [] as Reference[],
    groups: [] as Reference[],
    modifiers: [] as Reference[],
    assets: [] as Reference[],
    coupons: [] as Array<{ code: string; path: string }>,
  };
  if (!isObject(document)) return refs;
  const add = (into: Reference[], value: unknown, steps: Array<string | number>) => {
    const id = int(value);
    if (id !== undefined) into.push({ id, path: jsonPath(steps) });
  };
  list(document.vendors).forEach((vendor, v) => {
    if (!isObject(vendor)) return;
    add(refs.vendors, vendor.id, ['vendors', v, 'id']);
    if (isObject(vendor.displayAssets)) {
      add(refs.assets, vendor.displayAssets.thumbnailAssetId, ['vendors', v, 'displayAssets', 'thumbnailAssetId']);
      add(refs.assets, vendor.displayAssets.locationImageAssetId, [
        'vendors',
        v,
        'displayAssets',
        'locationImageAssetId',
      ]);
    }
    list(vendor.items).forEach((item, i) => {
      if (!isObject(item)) return;
      add(refs.items, item.id, ['vendors', v, 'items', i, 'id']);
      add(refs.assets, item.displayAssetId, ['vendors', v, 'items', i, 'displayAssetId']);
    });
    list(vendor.modifierGroups).forEach((group, g) => {
      if (isObject(group)) add(refs.groups, group.id, ['vendors', v, 'modifierGroups', g, 'id']);
    });
    list(vendor.modifiers).forEach((modifier, m) => {
      if (isObject(modifier)) add(refs.modifiers, modifier.id, ['vendors', v, 'modifiers', m, 'id']);
    });
  });
  list(document.coupons).forEach((coupon, c) => {
    if (isObject(coupon) && typeof coupon.code === 'string' && COUPON_CODE_PATTERN.test(coupon.code))
      refs.coupons.push({ code: coupon.code, path: jsonPath(['coupons', c, 'code']) });
  });
  return refs;
}

const MENU_NOUNS: Record<MenuTable, string> = {
  menu_items: 'Menu item',
  modifier_groups: 'Modifier group',
  modifiers: 'Modifier',
};

/** The picture ids a document carries pictures for (read loosely, like the references). */
function carriedPictureIds(document: unknown): Set<number> {
  const ids = new Set<number>();
  if (!isObject(document)) return ids;
  for (const picture of list(document.pictures)) {
    const id = isObject(picture) ? int(picture.id) : undefined;
    if (id !== undefined) ids.add(id);
  }
  return ids;
}

/**
 * Problems only the database can tell: the venue's id, pictures that exist (or that the document
 * carries), ids and codes of another venue.
 */
async function databaseProblems(db: Kysely<Database>, venueId: number, document: unknown): Promise<CatalogueProblem[]> {
  const problems: CatalogueProblem[] = [];
  const venue = isObject(document) && isObject(document.venue) ? document.venue : undefined;
  const documentVenueId = int(venue?.id);
  if (documentVenueId !== undefined && documentVenueId !== venueId)
    problems.push({
      path: '$.venue.id',
      message: `The document is the catalogue of venue ${documentVenueId}, but was sent for venue ${venueId}.`,
    });

  const refs = referencesOf(document);
  const vendorOwners = await venuesOfVendors(
    db,
    refs.vendors.map((r) => r.id),
  );
  for (const ref of refs.vendors) {
    const owner = vendorOwners.get(ref.id);
    if (owner !== undefined && owner !== venueId)
      problems.push({ path: ref.path, message: `Vendor ${ref.id} belongs to venue ${owner}; choose another id.` });
  }
  const menuRefs: Array<[MenuTable, Reference[]]> = [
    ['menu_items', refs.items],
    ['modifier_groups', refs.groups],
    ['modifiers', refs.modifiers],
  ];
  for (const [table, references] of menuRefs) {
    const owners = await venuesOfMenuRows(
      db,
      table,
      references.map((r) => r.id),
    );
    for (const ref of references) {
      const owner = owners.get(ref.id);
      if (owner !== undefined && owner !== venueId)
        problems.push({
          path: ref.path,
          message: `${MENU_NOUNS[table]} ${ref.id} belongs to a vendor of venue ${owner}; choose another id.`,
        });
    }
  }
  const carried = carriedPictureIds(document);
  const assets = await existingPictureIds(db, [...new Set(refs.assets.map((r) => r.id))]);
  for (const ref of refs.assets) {
    if (!assets.has(ref.id) && !carried.has(ref.id))
      problems.push({
        path: ref.path,
        message: `Display asset ${ref.id} does not exist; upload the picture first (POST /ops/v1/display-assets), or export the catalogue with its pictures (?pictures=include, --pictures).`,
      });
  }
  const coupons = await findCouponsByCodes(db, [...new Set(refs.coupons.map((r) => r.code))]);
  const foreign = new Set(coupons.filter((c) => c.venue_id !== venueId).map((c) => c.code));
  for (const ref of refs.coupons) {
    if (foreign.has(ref.code))
      problems.push({ path: ref.path, message: `Coupon code ${ref.code} is already used by another venue.` });
  }
  return problems;
}

// ── import ──────────────────────────────────────────────────────────────────────────────

/** 422 with every problem of a document; nothing was changed. */
export class CatalogueRejected extends HttpError {
  readonly problems: CatalogueProblem[];

  constructor(problems: CatalogueProblem[]) {
    const listed = capProblems(problems);
    super(
      422,
      `The catalogue has ${problems.length === 1 ? '1 problem' : `${problems.length} problems`}; nothing was changed.`,
      { problems: listed },
    );
    this.problems = listed;
  }
}

export interface CatalogueImport {
  summary: CatalogueImportSummary;
  /** every vendor of the venue, archived ones too: each one's menu may have changed */
  vendorIds: number[];
}

export interface ImportOptions {
  actor: string;
  nowMs: number;
  /** apply the document's live values even where they changed after its exportedAt */
  force?: boolean;
}

/**
 * Checks a document (as received: parsed JSON of any shape) and replaces the venue's catalogue
 * with it in one transaction; throws CatalogueRejected with every problem, having changed nothing.
 * The caller drops its cached menus afterwards (other processes see the bumped menu versions).
 */
export async function importCatalogue(
  db: Kysely<Database>,
  venueId: number,
  document: unknown,
  options: ImportOptions,
): Promise<CatalogueImport> {
  return db.transaction().execute((trx) => importCatalogueIn(trx, venueId, document, options));
}

/** importCatalogue inside a transaction the caller holds (the seed adds its pictures in the same one). */
export async function importCatalogueIn(
  trx: Transaction<Database>,
  venueId: number,
  document: unknown,
  options: ImportOptions,
): Promise<CatalogueImport> {
  const check = checkCatalogue(document);
  const carried: readonly CataloguePicture[] = check.catalogue?.pictures ?? [];
  const problems = [
    ...check.problems,
    ...(await cataloguePictureProblems(carried)),
    ...(await databaseProblems(trx, venueId, document)),
  ];
  if (!check.ok || problems.length > 0) throw new CatalogueRejected(problems);
  // Pictures first: the catalogue then names the stored ones.
  const pictures = await storeCataloguePictures(trx, carried, options.nowMs);
  const catalogue = withStoredPictureIds(check.catalogue, pictures.ids);
  const exportedAt = catalogue.exportedAt === undefined ? undefined : Date.parse(catalogue.exportedAt);
  const summary = await replaceCatalogue(trx, catalogue, {
    nowMs: options.nowMs,
    actor: options.actor,
    keepLiveChangesAfter: options.force ? undefined : exportedAt,
    pictures: { stored: pictures.stored, alreadyStored: pictures.alreadyStored },
  });
  await bumpVenueMenuVersions(trx, venueId);
  await advanceIdSequences(trx);
  await recordAudit(trx, {
    at: options.nowMs,
    actor: options.actor,
    action: 'catalogue.import',
    entity: 'venue',
    entityId: String(venueId),
    details: summary,
  });
  const vendorIds = (await listVendorsOfVenue(trx, venueId, { archived: true })).map((v) => v.id);
  return { summary, vendorIds };
}

const zeroCounts = (): CatalogueCounts => ({ vendors: 0, items: 0, modifierGroups: 0, modifiers: 0, coupons: 0 });

/** Whether any column of `next` differs from the stored row. */
function differs(stored: Record<string, unknown>, next: Record<string, unknown>): boolean {
  return Object.entries(next).some(([column, value]) => stored[column] !== value);
}

const flag = (value: boolean) => (value ? 1 : 0);

/** A vendor's columns as the catalogue sets them (`position`: its place among the venue's vendors). */
export function vendorValues(vendor: CatalogueVendor, venueId: number, position: number) {
  const config = vendor.vendorOrderConfiguration;
  return {
    venue_id: venueId,
    store_name: vendor.storeName,
    phone_number: vendor.phoneNumber,
    location_description: vendor.location,
    thumbnail_asset_id: vendor.displayAssets.thumbnailAssetId,
    location_image_asset_id: vendor.displayAssets.locationImageAssetId,
    is_open: flag(vendor.isOpen),
    is_paused: flag(vendor.isPaused),
    tts_ms: vendor.tts,
    latitude: vendor.geoLocation.latitude,
    longitude: vendor.geoLocation.longitude,
    display_order: (position + 1) * DISPLAY_ORDER_STEP,
    available_service_modes: JSON.stringify(config.availableServiceModes),
    default_order_service_mode: config.defaultOrderServiceMode,
    pre_order_buffer_ms: config.preOrderBufferDuration,
    max_burden_per_order: config.maxBurdenPerOrder,
    delivery_min_amount_minor: config.deliveryMinAmount,
    allow_apple_pay: flag(config.allowApplePay),
    allow_google_pay: flag(config.allowGooglePay),
    is_coupon_payment_allowed: flag(config.isCouponPaymentAllowed),
    delivery_max_distance_km: config.deliveryMaxDistance,
    delivery_time_buffer_ms: config.deliveryTimeBuffer,
    service_charges: JSON.stringify(config.serviceCharges),
    item_types: JSON.stringify(vendor.itemTypes),
    archived: 0,
  };
}

/** A menu item's columns as the catalogue sets them. */
export const itemValues = (item: CatalogueItem, vendorId: number) => ({
  vendor_id: vendorId,
  name: item.name,
  description: item.description,
  price_minor: item.price,
  item_type: item.itemType,
  display_order: item.displayOrder,
  visible: flag(item.visible),
  current_inventory: item.currentInventory,
  burden: item.burden,
  is_restricted: flag(item.isRestricted),
  display_asset_id: item.displayAssetId,
  modifier_group_ids: JSON.stringify(item.modifierGroupsIds),
  availability: item.availability === null ? null : JSON.stringify(item.availability),
  gst_free: flag(item.gstFree),
  archived: 0,
});

/** A modifier group's columns as the catalogue sets them. */
export const groupValues = (group: CatalogueModifierGroup, vendorId: number) => ({
  vendor_id: vendorId,
  name: group.name,
  minimum_choices: group.minimumChoices,
  maximum_choices: group.maximumChoices,
  default_modifier_id: group.defaultModifierId,
  visible: flag(group.visible),
  display_order: group.displayOrder,
  selection_required_text: group.selectionRequiredText,
  archived: 0,
});

/** A modifier's columns as the catalogue sets them. */
export const modifierValues = (modifier: CatalogueModifier, vendorId: number) => ({
  vendor_id: vendorId,
  group_id: modifier.groupId,
  name: modifier.name,
  price_minor: modifier.price,
  visible: flag(modifier.visible),
  display_order: modifier.displayOrder,
  archived: 0,
});

/** Upserts one kind of menu row by id and archives the venue's rows of that kind the document left out. */
async function syncMenuRows<T extends MenuTable>(
  trx: Transaction<Database>,
  table: T,
  stored: ReadonlyArray<Record<string, unknown> & { id: number; archived: number }>,
  wanted: ReadonlyArray<{ id: number; values: Record<string, unknown> }>,
  counts: { created: CatalogueCounts; updated: CatalogueCounts; unchanged: CatalogueCounts; hidden: CatalogueCounts },
  key: keyof CatalogueCounts,
  stamp: EditStamp | null,
): Promise<number[]> {
  const byId = new Map(stored.map((row) => [row.id, row]));
  const inserts: Array<Record<string, unknown>> = [];
  const touched: number[] = [];
  for (const { id, values } of wanted) {
    const row = byId.get(id);
    if (!row) {
      inserts.push({ id, ...values, ...(stamp ? { edited_at: stamp.edited_at, edited_by: stamp.edited_by } : {}) });
      counts.created[key] += 1;
      touched.push(id);
    } else if (differs(row, values)) {
      await updateMenuRow(trx, table, id, values, stamp ?? undefined);
      counts.updated[key] += 1;
      touched.push(id);
    } else counts.unchanged[key] += 1;
  }
  await insertMenuRows(trx, table, inserts);
  const kept = new Set(wanted.map((w) => w.id));
  const removed = stored.filter((row) => !kept.has(row.id) && row.archived === 0).map((row) => row.id);
  await archiveMenuRows(trx, table, removed);
  counts.hidden[key] += removed.length;
  return [...touched, ...removed];
}

/** What a save writes beside its values (the row's edit version moves on too): when, and by whom. */
export function editStamp(actor: string, nowMs: number): EditStamp {
  return { edited_at: nowMs, edited_by: actor };
}

interface ReplaceOptions {
  nowMs: number;
  /** who imports: rows the import changes carry it as their last editor */
  actor: string;
  /** the document's exportedAt (ms): live values changed after it are kept; undefined: the document's apply */
  keepLiveChangesAfter: number | undefined;
  pictures: CatalogueImportSummary['pictures'];
}

interface KeptNote<T> {
  path: string;
  field: KeptLiveValue['field'];
  asJson: (value: T) => KeptLiveValue['kept'];
  into: KeptLiveValue[];
}

/**
 * A live value, stored (with when it last changed) against the document's: the document's, or the
 * stored one when it changed after the export (noted in `kept`). A value the import changes is
 * stamped with the import's time, so an import of a document older than this one keeps it too.
 */
function liveValue<T extends number | null>(
  stored: { value: T; changedAt: number | null } | undefined,
  wanted: T,
  keepAfter: number | undefined,
  nowMs: number,
  kept: KeptNote<T>,
): { value: T; changedAt?: number } {
  if (!stored || stored.value === wanted) return { value: wanted };
  if (keepAfter !== undefined && stored.changedAt !== null && stored.changedAt > keepAfter) {
    kept.into.push({
      path: kept.path,
      field: kept.field,
      kept: kept.asJson(stored.value),
      document: kept.asJson(wanted),
      changedAt: new Date(stored.changedAt).toISOString(),
    });
    return { value: stored.value };
  }
  return { value: wanted, changedAt: nowMs };
}

const asFlag = (value: number) => value === 1;
const asCount = (value: number | null) => value;

async function replaceCatalogue(
  trx: Transaction<Database>,
  catalogue: VenueCatalogue,
  options: ReplaceOptions,
): Promise<CatalogueImportSummary> {
  const { nowMs, keepLiveChangesAfter: keepAfter } = options;
  const stamp = editStamp(options.actor, nowMs);
  const counts = { created: zeroCounts(), updated: zeroCounts(), unchanged: zeroCounts(), hidden: zeroCounts() };
  const keptLiveValues: KeptLiveValue[] = [];
  const { venue } = catalogue;
  const venueValues = {
    id: venue.id,
    client_id: venue.clientId,
    name: venue.name,
    time_zone: venue.timeZone,
    address: venue.address,
    latitude: venue.geoLocation.latitude,
    longitude: venue.geoLocation.longitude,
    gst_rate_bp: venue.gstRate,
  };
  const storedVenue = await findVenueRow(trx, venue.id);
  // A client is the venues' owner; one the database does not know yet is created, named after the venue.
  if (storedVenue?.client_id !== venue.clientId && !(await findClientRow(trx, venue.clientId)))
    await insertClientRow(trx, { id: venue.clientId, name: venue.name });
  if (!storedVenue) await insertVenueRow(trx, venueValues);
  else if (differs(storedVenue, venueValues)) await updateVenueRow(trx, venueValues);

  // Vendors first (menus refer to them), with their trading hours.
  const storedVendors = await listVendorsOfVenue(trx, venue.id, { archived: true });
  const storedVendorById = new Map(storedVendors.map((v) => [v.id, v]));
  const storedHours = await listOpeningHoursOf(
    trx,
    storedVendors.map((v) => v.id),
  );
  const hoursText = (rows: ReadonlyArray<{ weekday: string; opens: string; closes: string }>) =>
    JSON.stringify(rows.map((h) => [h.weekday, h.opens, h.closes]));
  for (const [position, vendor] of catalogue.vendors.entries()) {
    const stored = storedVendorById.get(vendor.id);
    const live = (
      field: 'isOpen' | 'isPaused',
      storedValue: number | undefined,
      changedAt: number | null | undefined,
      wanted: boolean,
    ) =>
      liveValue<number>(
        storedValue === undefined ? undefined : { value: storedValue, changedAt: changedAt ?? null },
        flag(wanted),
        keepAfter,
        nowMs,
        { path: jsonPath(['vendors', position, field]), field, asJson: asFlag, into: keptLiveValues },
      );
    const open = live('isOpen', stored?.is_open, stored?.open_changed_at, vendor.isOpen);
    const paused = live('isPaused', stored?.is_paused, stored?.paused_changed_at, vendor.isPaused);
    const values = {
      ...vendorValues(vendor, venue.id, position),
      is_open: open.value,
      is_paused: paused.value,
      ...(open.changedAt === undefined ? {} : { open_changed_at: open.changedAt }),
      ...(paused.changedAt === undefined ? {} : { paused_changed_at: paused.changedAt }),
    };
    const hours = vendor.openingHours.map((h) => ({ weekday: h.weekday, opens: h.opens, closes: h.closes }));
    const hoursChanged =
      !stored || hoursText(storedHours.filter((h) => h.vendor_id === vendor.id)) !== hoursText(hours);
    if (!stored) {
      await insertVendorRow(trx, {
        id: vendor.id,
        ...values,
        edited_at: nowMs,
        edited_by: options.actor,
      } as Insertable<VendorsTable>);
      counts.created.vendors += 1;
    } else if (differs(stored, values) || hoursChanged) {
      await updateVendorCatalogueRow(trx, vendor.id, values, stamp);
      counts.updated.vendors += 1;
    } else counts.unchanged.vendors += 1;
    if (hoursChanged) await replaceOpeningHours(trx, vendor.id, hours);
  }
  const keptVendors = new Set(catalogue.vendors.map((v) => v.id));
  const removedVendors = storedVendors.filter((v) => !keptVendors.has(v.id) && v.archived === 0).map((v) => v.id);
  await archiveVendors(trx, removedVendors);
  counts.hidden.vendors = removedVendors.length;

  // Menus: groups before modifiers (a modifier refers to its group), items last.
  const vendorIds = [...new Set([...storedVendors.map((v) => v.id), ...keptVendors])];
  const wanted = <T extends { id: number }>(
    pick: (vendor: CatalogueVendor) => T[],
    values: (row: T, vendorId: number) => Record<string, unknown>,
  ) =>
    catalogue.vendors.flatMap((vendor) => pick(vendor).map((row) => ({ id: row.id, values: values(row, vendor.id) })));
  const storedGroups = await listModifierGroupsOf(trx, vendorIds, { archived: true });
  const touchedGroups = await syncMenuRows(
    trx,
    'modifier_groups',
    storedGroups,
    wanted((v) => v.modifierGroups, groupValues),
    counts,
    'modifierGroups',
    stamp,
  );
  const storedModifiers = await listModifiersOf(trx, vendorIds, { archived: true });
  const wantedModifiers = wanted((v) => v.modifiers, modifierValues);
  const touchedModifiers = new Set(
    await syncMenuRows(trx, 'modifiers', storedModifiers, wantedModifiers, counts, 'modifiers', null),
  );
  // Options are saved with their group in the back office: a group whose options changed moves on
  // too (both the group an option left and the one it joined), so an editor holding it reloads.
  const groupsOfChangedOptions = new Set<number>();
  for (const row of storedModifiers) if (touchedModifiers.has(row.id)) groupsOfChangedOptions.add(row.group_id);
  for (const { id, values } of wantedModifiers)
    if (touchedModifiers.has(id)) groupsOfChangedOptions.add(values.group_id as number);
  for (const id of touchedGroups) groupsOfChangedOptions.delete(id);
  await stampMenuRows(trx, 'modifier_groups', [...groupsOfChangedOptions], stamp);
  const storedItems = await listMenuItemsOf(trx, vendorIds, { archived: true });
  const storedItemById = new Map(storedItems.map((item) => [item.id, item]));
  const wantedItems = catalogue.vendors.flatMap((vendor, v) =>
    vendor.items.map((item, i) => {
      const stored = storedItemById.get(item.id);
      const stock = liveValue(
        stored && { value: stored.current_inventory, changedAt: stored.inventory_changed_at },
        item.currentInventory,
        keepAfter,
        nowMs,
        {
          path: jsonPath(['vendors', v, 'items', i, 'currentInventory']),
          field: 'currentInventory',
          asJson: asCount,
          into: keptLiveValues,
        },
      );
      const values = {
        ...itemValues(item, vendor.id),
        current_inventory: stock.value,
        ...(stock.changedAt === undefined ? {} : { inventory_changed_at: stock.changedAt }),
      };
      return { id: item.id, values };
    }),
  );
  await syncMenuRows(trx, 'menu_items', storedItems, wantedItems, counts, 'items', stamp);

  await syncCoupons(trx, catalogue, nowMs, counts, options.actor);
  return {
    venueId: venue.id,
    venueCreated: !storedVenue,
    ...counts,
    keptLiveValues,
    pictures: options.pictures,
    buildSettings: {
      VITE_CLIENT_ID: String(venue.clientId),
      VITE_VENUE_ID: String(venue.id),
      VITE_VENUE_NAME: venue.name,
    },
  };
}

/** A coupon's columns as the catalogue sets them (its code aside: the key it is found by). */
export function couponValues(coupon: CatalogueCoupon, venueId: number) {
  return {
    venue_id: venueId,
    vendor_id: coupon.vendorId,
    kind: coupon.kind,
    value: coupon.value,
    active: flag(coupon.active),
    valid_from: coupon.validFrom === null ? null : Date.parse(coupon.validFrom),
    valid_until: coupon.validUntil === null ? null : Date.parse(coupon.validUntil),
    usage_limit: coupon.usageLimit,
    description: coupon.description,
    archived: 0,
  };
}

async function syncCoupons(
  trx: Transaction<Database>,
  catalogue: VenueCatalogue,
  nowMs: number,
  counts: { created: CatalogueCounts; updated: CatalogueCounts; unchanged: CatalogueCounts; hidden: CatalogueCounts },
  actor: string,
): Promise<void> {
  const venueId = catalogue.venue.id;
  const stored = new Map((await listCouponsOfVenue(trx, venueId, { archived: true })).map((c) => [c.code, c]));
  const inserts: Insertable<CouponsTable>[] = [];
  for (const coupon of catalogue.coupons) {
    const values = couponValues(coupon, venueId);
    const row = stored.get(coupon.code);
    if (!row) {
      inserts.push({ code: coupon.code, created_at: nowMs, ...values, edited_at: nowMs, edited_by: actor });
      counts.created.coupons += 1;
    } else if (differs(row, values)) {
      await updateCouponRow(trx, coupon.code, values, editStamp(actor, nowMs));
      counts.updated.coupons += 1;
    } else counts.unchanged.coupons += 1;
  }
  await insertCouponRows(trx, inserts);
  const kept = new Set(catalogue.coupons.map((c) => c.code));
  const removed = [...stored.values()].filter((c) => !kept.has(c.code) && c.archived === 0).map((c) => c.code);
  await archiveCoupons(trx, removed);
  counts.hidden.coupons = removed.length;
}
