/**
 * The back office's menu and store editor (issue 26): a store's settings, item types, items,
 * option groups with their options, and coupons, one at a time.
 *
 * Every save goes through the catalogue's own rules — the contract's schema pieces
 * (venue-catalogue.ts) and the domain's rules (catalogue-rules.ts), run on the store's section of
 * the catalogue as it would be after the save — so the editor refuses what an import refuses, with
 * the same sentences, each at its field's JSON path in the request body (422, nothing stored). A
 * problem the store already had before the save (older data a newer rule refuses) does not block
 * it; only problems the save would bring do.
 *
 * A save writes only the fields it sends (stock, open and paused untouched unless sent) and only if
 * the row is still at the version the manager read: otherwise 409, naming who changed it and when.
 * It marks the store's menu changed (menu_version), so every server process serves the new menu;
 * the caller drops its cached menu. Deleting archives, as an import does: orders keep naming the row.
 * Every change is written to the audit log with the manager as its actor.
 */
import {
  AdminCouponCreate,
  AdminCouponPatch,
  AdminItemCreate,
  AdminItemPatch,
  AdminItemTypesUpdate,
  AdminOptionGroupCreate,
  AdminOptionGroupPatch,
  AdminStoreCreate,
  AdminStorePatch,
  type AdminCoupon,
  type AdminItem,
  type AdminOption,
  type AdminOptionGroup,
  type AdminStore,
  type AdminStoreMenu,
  type AdminStoreSummary,
  type Versioned,
} from '@venue/contract/admin-catalogue';
import {
  CatalogueCoupon as CatalogueCouponSchema,
  CatalogueVendor as CatalogueVendorSchema,
  capProblems,
  MAX_ID,
  shapeProblems,
  type CatalogueCoupon,
  type CatalogueItem,
  type CatalogueModifier,
  type CatalogueModifierGroup,
  type CatalogueProblem,
  type CatalogueVendor,
} from '@venue/contract/venue-catalogue';
import { catalogueRuleProblems } from '@venue/domain/catalogue-rules';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { z } from 'zod';
import type { Database, MenuItemsTable, ModifierGroupsTable, ModifiersTable, VendorsTable } from '../../db/schema.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { existingPictureIds } from '../display-assets/display-assets.service.ts';
import { bumpMenuVersion } from '../menu/menu.service.ts';
import {
  countLiveItems,
  findCouponRow,
  findCouponRowByCode,
  findLiveVendorRow,
  insertCouponReturningId,
  insertMenuItemReturningId,
  insertModifierGroupReturningId,
  insertModifierReturningId,
  insertVendorReturningId,
  listLiveCouponCodesOfVendor,
  listLiveCouponRows,
  listLiveVendorIdsOfVenue,
  listLiveVendorRows,
  listVenueIds,
  nextDisplayOrder,
  saveAtVersion,
  stampRow,
  type VersionedTable,
} from './catalogue-editor.repository.ts';
import {
  archiveCoupons,
  archiveMenuRows,
  findVenueRow,
  listMenuItemsOf,
  listModifierGroupsOf,
  listModifiersOf,
  listOpeningHoursOf,
  replaceOpeningHours,
  updateMenuRow,
  type EditStamp,
} from './catalogue.repository.ts';
import {
  catalogueCouponOf,
  catalogueItemOf,
  catalogueModifierOf,
  couponValues,
  editStamp,
  exportVendor,
  groupValues,
  itemValues,
  modifierValues,
  vendorValues,
} from './catalogue.service.ts';

/** Who saves, and when; `refuse` says whether the manager may act on a store (null: a coupon for any store). */
export interface Editor {
  /** the audit actor (`manager:<id>:<name>`) */
  actor: string;
  nowMs: number;
  /** the error to answer when the manager may not act on this store (null: every store of the venue), or null when he may */
  refuse: (vendorId: number | null) => HttpError | null;
}

/** The stores a manager sees: null for every store (an admin), else the ids on his account. */
export type StoreScope = readonly number[] | null;

/** An id no stored row has yet: a new row's place in the rules' check until the database gives it its own. */
const PROVISIONAL_ID = MAX_ID;

const iso = (ms: number | string | null) => (ms === null ? null : new Date(Number(ms)).toISOString());
const flag = (value: boolean) => (value ? 1 : 0);

type Row = { edit_version: number; edited_at: number | null; edited_by: string | null };

/** Who an audit actor is, in words: a manager's or a staff token's name, the operations API, the system. */
export function editorName(actor: string | null): string | null {
  if (actor === null) return null;
  const named = /^(?:manager|staff):\d+:([\s\S]*)$/.exec(actor);
  if (named) return named[1] ?? null;
  if (actor === 'ops') return 'the operations API';
  if (actor === 'system') return 'the system';
  return actor;
}

function versionOf(row: Row): Versioned {
  return { version: Number(row.edit_version), updatedAt: iso(row.edited_at), updatedBy: editorName(row.edited_by) };
}

/** "10:42" in the venue's time zone, with the day when it was not today there. */
function clockTime(ms: number, timeZone: string, nowMs: number): string {
  const format = (options: Intl.DateTimeFormatOptions, at: number) => {
    try {
      return new Intl.DateTimeFormat('en-AU', { ...options, timeZone }).format(at);
    } catch {
      return new Intl.DateTimeFormat('en-AU', { ...options, timeZone: 'UTC' }).format(at);
    }
  };
  const time = format({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }, ms);
  const day = (at: number) => format({ day: 'numeric', month: 'short', year: 'numeric' }, at);
  return day(ms) === day(nowMs) ? time : `${time} on ${day(ms)}`;
}

/** 409: the row moved on since the version the save was based on. */
function editConflict(row: Row, timeZone: string, nowMs: number): HttpError {
  const who = editorName(row.edited_by);
  const at = row.edited_at === null ? null : Number(row.edited_at);
  const message =
    `Changed by ${who ?? 'someone else'}${at === null ? '' : ` at ${clockTime(at, timeZone, nowMs)}`}; ` +
    'reload to see it.';
  return new HttpError(409, message, {
    changedBy: who,
    changedAt: iso(at),
    currentVersion: Number(row.edit_version),
  });
}

/** The request body as the contract schema reads it, or 422 with every problem at its path in the body. */
function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw rejected(shapeProblems(parsed.error.issues));
  return parsed.data;
}

type Loose = Record<string, unknown>;
const isObject = (value: unknown): value is Loose =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * A body read for a save whose every problem is reported at once: the contract's reading, or its
 * problems and the body as sent (without its version), so the save's rules can still be run on it.
 */
type BodyRead<T> = { ok: true; value: T; raw: Loose } | { ok: false; problems: CatalogueProblem[]; raw: Loose };

function readBody<S extends z.ZodType>(schema: S, body: unknown): BodyRead<z.output<S>> {
  const parsed = schema.safeParse(body);
  const { version: _version, ...raw } = isObject(body) ? body : {};
  return parsed.success
    ? { ok: true, value: parsed.data, raw }
    : { ok: false, problems: shapeProblems(parsed.error.issues), raw };
}

/** Each problem once (the body's reading and the store's check may both see one). */
function once(problems: CatalogueProblem[]): CatalogueProblem[] {
  const seen = new Set<string>();
  return problems.filter((problem) => {
    const key = `${problem.path} ${problem.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** 422 with every problem, in the import's shape (contract EditRejection); nothing was saved. */
function rejected(problems: CatalogueProblem[]): HttpError {
  const count = problems.length === 1 ? '1 problem' : `${problems.length} problems`;
  return new HttpError(422, `The change has ${count}; nothing was saved.`, { problems: capProblems(problems) });
}

function refuseIf(problems: CatalogueProblem[]): void {
  if (problems.length > 0) throw rejected(once(problems));
}

function checkScope(editor: Editor, vendorId: number | null): void {
  const refusal = editor.refuse(vendorId);
  if (refusal) throw refusal;
}

/** The fields a patch sends: every key but its version. */
function sentFields<T extends { version: number }>(patch: T): Omit<T, 'version'> {
  const { version: _version, ...fields } = patch;
  return fields;
}

/** The columns named, out of a row's values. */
function pick(values: Record<string, unknown>, columns: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(columns.filter((column) => column in values).map((column) => [column, values[column]]));
}

// ── the store's section of the catalogue, and the rules run on it ───────────────────────

interface StoreState {
  vendor: Selectable<VendorsTable>;
  timeZone: string;
  section: CatalogueVendor;
  items: Selectable<MenuItemsTable>[];
  groups: Selectable<ModifierGroupsTable>[];
  modifiers: Selectable<ModifiersTable>[];
}

const storeNotFound = (vendorId: number) => notFound(`Store ${vendorId} not found.`);

async function loadStore(db: Kysely<Database> | Transaction<Database>, vendorId: number): Promise<StoreState> {
  const vendor = await findLiveVendorRow(db, vendorId);
  if (!vendor) throw storeNotFound(vendorId);
  const [venue, hours, items, groups, modifiers] = await Promise.all([
    findVenueRow(db, vendor.venue_id),
    listOpeningHoursOf(db, [vendorId]),
    listMenuItemsOf(db, [vendorId], { archived: false }),
    listModifierGroupsOf(db, [vendorId], { archived: false }),
    listModifiersOf(db, [vendorId], { archived: false }),
  ]);
  return {
    vendor,
    timeZone: venue?.time_zone ?? 'UTC',
    section: exportVendor(vendor, hours, items, groups, modifiers),
    items,
    groups,
    modifiers,
  };
}

/** Every problem of a store's section: its shape (the contract) and its rules (the domain), at `$.vendors[0]…`. */
function sectionProblems(section: unknown): CatalogueProblem[] {
  const parsed = CatalogueVendorSchema.safeParse(section);
  return [
    ...(parsed.success ? [] : shapeProblems(parsed.error.issues, ['vendors', 0])),
    ...catalogueRuleProblems({ vendors: [section] }),
  ];
}

const ENTITY = /^\$\.vendors\[0\]\.(items|modifierGroups|modifiers)\[(\d+)\]/;
const ENTITY_NOUN = { items: 'Item', modifierGroups: 'Option group', modifiers: 'Option' } as const;

/** A problem's key that survives rows moving in their lists: the row's id instead of its index. */
function stableKey(section: CatalogueVendor, problem: CatalogueProblem): string {
  const path = problem.path.replace(ENTITY, (whole, kind: keyof typeof ENTITY_NOUN, index: string) => {
    const row = section[kind][Number(index)];
    return row ? `${kind}#${row.id}` : whole;
  });
  return `${path} ${problem.message}`;
}

/** Where the request body holds what the section holds at a path: [section path, body path]. */
type PathMap = ReadonlyArray<readonly [string, string]>;

/** A section problem at its place in the request body; one elsewhere in the store says whose it is. */
function toBodyProblem(section: CatalogueVendor, problem: CatalogueProblem, paths: PathMap): CatalogueProblem {
  for (const [from, to] of paths) {
    if (problem.path === from || problem.path.startsWith(`${from}.`) || problem.path.startsWith(`${from}[`))
      return { path: `${to}${problem.path.slice(from.length)}`, message: problem.message };
  }
  const entity = ENTITY.exec(problem.path);
  if (entity) {
    const kind = entity[1] as keyof typeof ENTITY_NOUN;
    const row = section[kind][Number(entity[2])];
    const name = row ? ` "${row.name}"` : '';
    return { path: '$', message: `${ENTITY_NOUN[kind]}${name}: ${problem.message}` };
  }
  return {
    path: '$',
    message: `The store's ${problem.path.replace(/^\$\.vendors\[0\]\.?/, '') || 'settings'}: ${problem.message}`,
  };
}

/** The problems the store's section would have after a save and did not have before, at their places in the body. */
function newProblems(before: CatalogueVendor | null, after: CatalogueVendor, paths: PathMap): CatalogueProblem[] {
  const known = new Set(before ? sectionProblems(before).map((problem) => stableKey(before, problem)) : []);
  return sectionProblems(after)
    .filter((problem) => !known.has(stableKey(after, problem)))
    .map((problem) => toBodyProblem(after, problem, paths));
}

/** Pictures a save names that are not stored. */
async function pictureProblems(
  db: Kysely<Database> | Transaction<Database>,
  references: ReadonlyArray<readonly [string, number | null | undefined]>,
): Promise<CatalogueProblem[]> {
  // An id the database could not hold is the shape check's to report, and must not reach a query.
  const named = references.filter(
    (ref): ref is readonly [string, number] => Number.isInteger(ref[1]) && ref[1]! >= 0 && ref[1]! <= MAX_ID,
  );
  if (named.length === 0) return [];
  const stored = await existingPictureIds(db, [...new Set(named.map(([, id]) => id))]);
  return named
    .filter(([, id]) => !stored.has(id))
    .map(([path, id]) => ({
      path,
      message: `Picture ${id} does not exist; upload it first (POST /admin/v1/pictures) and use the id it answers.`,
    }));
}

// ── reads ───────────────────────────────────────────────────────────────────────────────

function toAdminStore(vendor: Selectable<VendorsTable>, section: CatalogueVendor): AdminStore {
  const { items: _items, modifierGroups: _groups, modifiers: _modifiers, ...settings } = section;
  return { ...settings, venueId: vendor.venue_id, ...versionOf(vendor) };
}

function toAdminItem(row: Selectable<MenuItemsTable>): AdminItem {
  return { ...catalogueItemOf(row), ...versionOf(row) };
}

function toAdminGroup(
  row: Selectable<ModifierGroupsTable>,
  modifiers: ReadonlyArray<Selectable<ModifiersTable>>,
): AdminOptionGroup {
  const options = modifiers
    .filter((modifier) => modifier.group_id === row.id)
    .map((modifier): AdminOption => {
      const { groupId: _groupId, ...option } = catalogueModifierOf(modifier);
      return { ...option, isDefault: row.default_modifier_id === modifier.id };
    });
  return {
    id: row.id,
    name: row.name,
    minimumChoices: row.minimum_choices,
    maximumChoices: row.maximum_choices,
    visible: row.visible === 1,
    displayOrder: row.display_order,
    selectionRequiredText: row.selection_required_text,
    options,
    ...versionOf(row),
  };
}

function toAdminCoupon(row: Parameters<typeof catalogueCouponOf>[0]): AdminCoupon {
  return {
    id: row.id,
    venueId: row.venue_id,
    ...catalogueCouponOf(row),
    usedCount: Number(row.used_count),
    ...versionOf(row),
  };
}

/** The manager's stores (every store for an admin), with their versions. */
export async function listStores(db: Kysely<Database>, scope: StoreScope): Promise<AdminStoreSummary[]> {
  const vendors = await listLiveVendorRows(db, scope);
  const items = await countLiveItems(
    db,
    vendors.map((vendor) => vendor.id),
  );
  return vendors.map((vendor) => ({
    id: vendor.id,
    venueId: vendor.venue_id,
    storeName: vendor.store_name,
    location: vendor.location_description,
    isOpen: vendor.is_open === 1,
    isPaused: vendor.is_paused === 1,
    thumbnailAssetId: vendor.thumbnail_asset_id,
    items: items.get(vendor.id) ?? 0,
    ...versionOf(vendor),
  }));
}

/** A store with its whole menu, each row with its version. */
export async function getStoreMenu(db: Kysely<Database>, vendorId: number): Promise<AdminStoreMenu> {
  const state = await loadStore(db, vendorId);
  return {
    store: toAdminStore(state.vendor, state.section),
    items: state.items.map(toAdminItem),
    optionGroups: state.groups.map((group) => toAdminGroup(group, state.modifiers)),
  };
}

// ── saving ──────────────────────────────────────────────────────────────────────────────

/** The outcome of a save: what to answer, and the stores whose menus changed (for caches and displays). */
export interface Saved<T> {
  result: T;
  vendorIds: number[];
}

type Db = Transaction<Database>;

/** Saves a row at the version the manager read, or 409 naming who moved it on. */
async function saveOrConflict(
  trx: Db,
  table: VersionedTable,
  row: Row & { id: number },
  version: number,
  values: Record<string, unknown>,
  stamp: EditStamp,
  timeZone: string,
  nowMs: number,
  reread: () => Promise<Row | undefined>,
): Promise<void> {
  if (Number(row.edit_version) !== version) throw editConflict(row, timeZone, nowMs);
  if (await saveAtVersion(trx, table, row.id, version, values, stamp)) return;
  // Another save committed between the read and this write.
  const now = await reread();
  if (!now) throw notFound('It was deleted meanwhile; reload to see the store.');
  throw editConflict(now, timeZone, nowMs);
}

async function audit(
  trx: Db,
  editor: Editor,
  action: string,
  entity: string,
  entityId: number | string,
  details: Record<string, unknown>,
) {
  await recordAudit(trx, {
    at: editor.nowMs,
    actor: editor.actor,
    action,
    entity,
    entityId: String(entityId),
    details,
  });
}

// ── stores ──────────────────────────────────────────────────────────────────────────────

/** Store fields → the vendors columns they set. */
const STORE_COLUMNS: Record<string, readonly string[]> = {
  storeName: ['store_name'],
  phoneNumber: ['phone_number'],
  location: ['location_description'],
  geoLocation: ['latitude', 'longitude'],
  tts: ['tts_ms'],
  isOpen: ['is_open'],
  isPaused: ['is_paused'],
};
const CONFIGURATION_COLUMNS: Record<string, string> = {
  availableServiceModes: 'available_service_modes',
  defaultOrderServiceMode: 'default_order_service_mode',
  preOrderBufferDuration: 'pre_order_buffer_ms',
  maxBurdenPerOrder: 'max_burden_per_order',
  deliveryMinAmount: 'delivery_min_amount_minor',
  allowApplePay: 'allow_apple_pay',
  allowGooglePay: 'allow_google_pay',
  isCouponPaymentAllowed: 'is_coupon_payment_allowed',
  deliveryMaxDistance: 'delivery_max_distance_km',
  deliveryTimeBuffer: 'delivery_time_buffer_ms',
  serviceCharges: 'service_charges',
};
const PICTURE_COLUMNS: Record<string, string> = {
  thumbnailAssetId: 'thumbnail_asset_id',
  locationImageAssetId: 'location_image_asset_id',
};

const STORE_PATHS: PathMap = [['$.vendors[0]', '$']];

/** Changes a store's settings: only the fields sent (open and paused untouched unless sent). */
export async function editStore(
  db: Kysely<Database>,
  vendorId: number,
  body: unknown,
  editor: Editor,
): Promise<Saved<AdminStore>> {
  const read = readBody(AdminStorePatch, body);
  const sent = read.ok ? sentFields(read.value) : read.raw;
  const {
    vendorOrderConfiguration: config = {},
    displayAssets: pictures = {},
    ...fields
  } = sent as Omit<z.output<typeof AdminStorePatch>, 'version'>;
  return db.transaction().execute(async (trx) => {
    const state = await loadStore(trx, vendorId);
    const { vendor, section } = state;
    if (read.ok && Number(vendor.edit_version) !== read.value.version)
      throw editConflict(vendor, state.timeZone, editor.nowMs);
    const edited: CatalogueVendor = {
      ...section,
      ...fields,
      vendorOrderConfiguration: { ...section.vendorOrderConfiguration, ...(isObject(config) ? config : {}) },
      displayAssets: { ...section.displayAssets, ...(isObject(pictures) ? pictures : {}) },
    };
    refuseIf([
      ...(read.ok ? [] : read.problems),
      ...newProblems(section, edited, STORE_PATHS),
      ...(await pictureProblems(trx, [
        ['$.displayAssets.thumbnailAssetId', pictures.thumbnailAssetId],
        ['$.displayAssets.locationImageAssetId', pictures.locationImageAssetId],
      ])),
    ]);
    const columns = [
      ...Object.keys(fields).flatMap((field) => STORE_COLUMNS[field] ?? []),
      ...Object.keys(config).flatMap((field) => CONFIGURATION_COLUMNS[field] ?? []),
      ...Object.keys(pictures).flatMap((field) => PICTURE_COLUMNS[field] ?? []),
    ];
    if (!read.ok) throw rejected(read.problems);
    const patch = read.value;
    const values = pick(vendorValues(edited, vendor.venue_id, 0), columns);
    // Open and paused are live values: when each really changed is kept (decision 028), as the operations API does.
    if (fields.isOpen !== undefined && flag(fields.isOpen) !== vendor.is_open) values.open_changed_at = editor.nowMs;
    if (fields.isPaused !== undefined && flag(fields.isPaused) !== vendor.is_paused)
      values.paused_changed_at = editor.nowMs;
    await saveOrConflict(
      trx,
      'vendors',
      vendor,
      patch.version,
      values,
      editStamp(editor.actor, editor.nowMs),
      state.timeZone,
      editor.nowMs,
      () => findLiveVendorRow(trx, vendorId),
    );
    if (fields.openingHours !== undefined) await replaceOpeningHours(trx, vendorId, fields.openingHours);
    await bumpMenuVersion(trx, vendorId);
    await audit(trx, editor, 'vendor.edit', 'vendor', vendorId, { ...sentFields(patch) });
    const saved = await loadStore(trx, vendorId);
    return { result: toAdminStore(saved.vendor, saved.section), vendorIds: [vendorId] };
  });
}

/** The venue a new row joins: the one named, else the only one. */
async function chooseVenue(db: Db, venueId: number | undefined): Promise<number> {
  const venues = (await listVenueIds(db)).map((venue) => venue.id);
  if (venueId !== undefined) {
    if (!venues.includes(venueId)) throw rejected([{ path: '$.venueId', message: `Venue ${venueId} does not exist.` }]);
    return venueId;
  }
  if (venues.length === 1) return venues[0]!;
  throw rejected([
    {
      path: '$.venueId',
      message:
        venues.length === 0
          ? 'There is no venue yet: import a catalogue first.'
          : `Name the venue (one of ${venues.join(', ')}).`,
    },
  ]);
}

/** A new store (admin only: the route checks), with no menu yet. */
export async function createStore(db: Kysely<Database>, body: unknown, editor: Editor): Promise<Saved<AdminStore>> {
  const { venueId: chosenVenue, ...settings } = parseBody(AdminStoreCreate, body);
  return db.transaction().execute(async (trx) => {
    const venueId = await chooseVenue(trx, chosenVenue);
    const section: CatalogueVendor = { id: PROVISIONAL_ID, ...settings, items: [], modifierGroups: [], modifiers: [] };
    refuseIf([
      ...newProblems(null, section, STORE_PATHS),
      ...(await pictureProblems(trx, [
        ['$.displayAssets.thumbnailAssetId', settings.displayAssets.thumbnailAssetId],
        ['$.displayAssets.locationImageAssetId', settings.displayAssets.locationImageAssetId],
      ])),
    ]);
    const { id: _id, ...values } = {
      ...vendorValues(section, venueId, 0),
      display_order: await nextDisplayOrder(trx, 'vendors', venueId),
      open_changed_at: editor.nowMs,
      paused_changed_at: editor.nowMs,
      ...editStamp(editor.actor, editor.nowMs),
    } as Record<string, unknown>;
    const vendorId = await insertVendorReturningId(trx, values as Parameters<typeof insertVendorReturningId>[1]);
    await replaceOpeningHours(trx, vendorId, settings.openingHours);
    await audit(trx, editor, 'vendor.create', 'vendor', vendorId, { venueId, storeName: settings.storeName });
    const saved = await loadStore(trx, vendorId);
    return { result: toAdminStore(saved.vendor, saved.section), vendorIds: [vendorId] };
  });
}

/** Archives a store (admin only: the route checks) with its coupons; orders keep naming it. */
export async function deleteStore(
  db: Kysely<Database>,
  vendorId: number,
  version: number,
  editor: Editor,
): Promise<Saved<null>> {
  return db.transaction().execute(async (trx) => {
    const state = await loadStore(trx, vendorId);
    await saveOrConflict(
      trx,
      'vendors',
      state.vendor,
      version,
      { archived: 1 },
      editStamp(editor.actor, editor.nowMs),
      state.timeZone,
      editor.nowMs,
      () => findLiveVendorRow(trx, vendorId),
    );
    // A coupon of a store no longer in the catalogue would make the next export unimportable.
    const coupons = (await listLiveCouponCodesOfVendor(trx, vendorId)).map((coupon) => coupon.code);
    await archiveCoupons(trx, coupons);
    await bumpMenuVersion(trx, vendorId);
    await audit(trx, editor, 'vendor.delete', 'vendor', vendorId, {
      storeName: state.vendor.store_name,
      archivedCoupons: coupons,
    });
    return { result: null, vendorIds: [vendorId] };
  });
}

/**
 * The store's item types in order. A type renamed (`renamedFrom`) takes its items along (their
 * versions move on); a type left out must have no items left.
 */
export async function setItemTypes(
  db: Kysely<Database>,
  vendorId: number,
  body: unknown,
  editor: Editor,
): Promise<Saved<AdminStoreMenu>> {
  const update = parseBody(AdminItemTypesUpdate, body);
  return db.transaction().execute(async (trx) => {
    const state = await loadStore(trx, vendorId);
    const { vendor, section } = state;
    if (Number(vendor.edit_version) !== update.version) throw editConflict(vendor, state.timeZone, editor.nowMs);
    const problems: CatalogueProblem[] = [];
    const renames = new Map<string, string>();
    update.itemTypes.forEach((type, index) => {
      if (type.renamedFrom === undefined || type.renamedFrom === type.name) return;
      if (!section.itemTypes.includes(type.renamedFrom))
        problems.push({
          path: `$.itemTypes[${index}].renamedFrom`,
          message: `"${type.renamedFrom}" is not one of this store's item types.`,
        });
      else if (renames.has(type.renamedFrom))
        problems.push({
          path: `$.itemTypes[${index}].renamedFrom`,
          message: `"${type.renamedFrom}" is renamed twice.`,
        });
      else renames.set(type.renamedFrom, type.name);
    });
    const names = update.itemTypes.map((type) => type.name);
    const items = section.items.map((item) => ({ ...item, itemType: renames.get(item.itemType) ?? item.itemType }));
    const orphans = new Map<string, string[]>();
    for (const item of items)
      if (!names.includes(item.itemType))
        orphans.set(item.itemType, [...(orphans.get(item.itemType) ?? []), item.name]);
    for (const [type, itemNames] of orphans)
      problems.push({
        path: '$.itemTypes',
        message: `Item type "${type}" still has items (${itemNames.slice(0, 5).join(', ')}${itemNames.length > 5 ? ', …' : ''}): move them to another type first, or keep it.`,
      });
    const edited: CatalogueVendor = { ...section, itemTypes: names, items };
    const itemTypePaths: PathMap = names.map((_, index) => [
      `$.vendors[0].itemTypes[${index}]`,
      `$.itemTypes[${index}].name`,
    ]);
    refuseIf([
      ...problems,
      ...newProblems(section, edited, [...itemTypePaths, ['$.vendors[0].itemTypes', '$.itemTypes']]).filter(
        // an item left without its type is said once per type above
        (problem) => !(problem.path === '$' && problem.message.includes("is not one of this vendor's itemTypes")),
      ),
    ]);
    const stamp = editStamp(editor.actor, editor.nowMs);
    // Items before their store, as every other change of a menu writes them (an item's edit, a
    // paid order's stock, then the store's menu version): two transactions never wait on each other
    // in opposite orders. A conflict on the store below rolls the renames back.
    for (const item of state.items) {
      const renamed = renames.get(item.item_type);
      if (renamed !== undefined) await stampRow(trx, 'menu_items', item.id, { item_type: renamed }, stamp);
    }
    await saveOrConflict(
      trx,
      'vendors',
      vendor,
      update.version,
      { item_types: JSON.stringify(names) },
      stamp,
      state.timeZone,
      editor.nowMs,
      () => findLiveVendorRow(trx, vendorId),
    );
    await bumpMenuVersion(trx, vendorId);
    await audit(trx, editor, 'vendor.item-types', 'vendor', vendorId, {
      itemTypes: names,
      renamed: Object.fromEntries(renames),
    });
    return { result: await getStoreMenu(trx, vendorId), vendorIds: [vendorId] };
  });
}

// ── items ───────────────────────────────────────────────────────────────────────────────

const ITEM_COLUMNS: Record<string, readonly string[]> = {
  name: ['name'],
  description: ['description'],
  price: ['price_minor'],
  itemType: ['item_type'],
  displayOrder: ['display_order'],
  visible: ['visible'],
  currentInventory: ['current_inventory'],
  burden: ['burden'],
  isRestricted: ['is_restricted'],
  displayAssetId: ['display_asset_id'],
  modifierGroupsIds: ['modifier_group_ids'],
  availability: ['availability'],
  gstFree: ['gst_free'],
};

const itemPaths = (index: number): PathMap => [[`$.vendors[0].items[${index}]`, '$']];

/** A new menu item (last in its store unless displayOrder says otherwise). */
export async function createItem(
  db: Kysely<Database>,
  vendorId: number,
  body: unknown,
  editor: Editor,
): Promise<Saved<AdminItem>> {
  const read = readBody(AdminItemCreate, body);
  return db.transaction().execute(async (trx) => {
    const state = await loadStore(trx, vendorId);
    const sent = (read.ok ? read.value : read.raw) as Partial<CatalogueItem>;
    const displayOrder = sent.displayOrder ?? (await nextDisplayOrder(trx, 'menu_items', vendorId));
    const item = { ...sent, id: PROVISIONAL_ID, displayOrder } as CatalogueItem;
    const edited = { ...state.section, items: [...state.section.items, item] };
    refuseIf([
      ...(read.ok ? [] : read.problems),
      ...newProblems(state.section, edited, itemPaths(edited.items.length - 1)),
      ...(await pictureProblems(trx, [['$.displayAssetId', item.displayAssetId]])),
    ]);
    if (!read.ok) throw rejected(read.problems);
    const input = read.value;
    const values = itemValues(item, vendorId);
    const itemId = await insertMenuItemReturningId(trx, {
      ...values,
      inventory_changed_at: item.currentInventory === null ? null : editor.nowMs,
      ...editStamp(editor.actor, editor.nowMs),
    } as Parameters<typeof insertMenuItemReturningId>[1]);
    await bumpMenuVersion(trx, vendorId);
    await audit(trx, editor, 'menu-item.create', 'menu_item', itemId, { vendorId, ...input });
    const saved = (await listMenuItemsOf(trx, [vendorId], { archived: false })).find((row) => row.id === itemId);
    if (!saved) throw notFound(`Menu item ${itemId} not found.`);
    return { result: toAdminItem(saved), vendorIds: [vendorId] };
  });
}

async function findItem(trx: Db, vendorId: number, itemId: number) {
  return (await listMenuItemsOf(trx, [vendorId], { archived: false })).find((row) => row.id === itemId);
}

const itemNotFound = (vendorId: number, itemId: number) =>
  notFound(`Menu item ${itemId} not found in store ${vendorId}.`);

/** Changes a menu item: only the fields sent (stock untouched unless sent). */
export async function editItem(
  db: Kysely<Database>,
  vendorId: number,
  itemId: number,
  body: unknown,
  editor: Editor,
): Promise<Saved<AdminItem>> {
  const read = readBody(AdminItemPatch, body);
  const fields = (read.ok ? sentFields(read.value) : read.raw) as Omit<z.output<typeof AdminItemPatch>, 'version'>;
  return db.transaction().execute(async (trx) => {
    const state = await loadStore(trx, vendorId);
    const index = state.section.items.findIndex((item) => item.id === itemId);
    const row = state.items.find((item) => item.id === itemId);
    const stored = state.section.items[index];
    if (!row || !stored) throw itemNotFound(vendorId, itemId);
    if (read.ok && Number(row.edit_version) !== read.value.version)
      throw editConflict(row, state.timeZone, editor.nowMs);
    const item: CatalogueItem = { ...stored, ...fields };
    const edited = { ...state.section, items: state.section.items.map((each, i) => (i === index ? item : each)) };
    refuseIf([
      ...(read.ok ? [] : read.problems),
      ...newProblems(state.section, edited, itemPaths(index)),
      ...(await pictureProblems(trx, [['$.displayAssetId', fields.displayAssetId]])),
    ]);
    if (!read.ok) throw rejected(read.problems);
    const patch = read.value;
    const values = pick(
      itemValues(item, vendorId),
      Object.keys(fields).flatMap((field) => ITEM_COLUMNS[field] ?? []),
    );
    // Stock is a live value: when it really changed is kept (decision 028), as the operations API does.
    if (fields.currentInventory !== undefined && fields.currentInventory !== row.current_inventory)
      values.inventory_changed_at = editor.nowMs;
    await saveOrConflict(
      trx,
      'menu_items',
      row,
      patch.version,
      values,
      editStamp(editor.actor, editor.nowMs),
      state.timeZone,
      editor.nowMs,
      () => findItem(trx, vendorId, itemId),
    );
    await bumpMenuVersion(trx, vendorId);
    await audit(trx, editor, 'menu-item.edit', 'menu_item', itemId, { vendorId, ...fields });
    const saved = await findItem(trx, vendorId, itemId);
    if (!saved) throw itemNotFound(vendorId, itemId);
    return { result: toAdminItem(saved), vendorIds: [vendorId] };
  });
}

/** Archives a menu item, as an import does: customers no longer see it, orders keep naming it. */
export async function deleteItem(
  db: Kysely<Database>,
  vendorId: number,
  itemId: number,
  version: number,
  editor: Editor,
): Promise<Saved<null>> {
  return db.transaction().execute(async (trx) => {
    const state = await loadStore(trx, vendorId);
    const row = state.items.find((item) => item.id === itemId);
    if (!row) throw itemNotFound(vendorId, itemId);
    await saveOrConflict(
      trx,
      'menu_items',
      row,
      version,
      {},
      editStamp(editor.actor, editor.nowMs),
      state.timeZone,
      editor.nowMs,
      () => findItem(trx, vendorId, itemId),
    );
    await archiveMenuRows(trx, 'menu_items', [itemId]);
    await bumpMenuVersion(trx, vendorId);
    await audit(trx, editor, 'menu-item.delete', 'menu_item', itemId, { vendorId, name: row.name });
    return { result: null, vendorIds: [vendorId] };
  });
}

// ── option groups ───────────────────────────────────────────────────────────────────────

type OptionInput = z.output<typeof AdminOptionGroupCreate>['options'][number];

interface OptionsPlan {
  /** the group's options as modifiers, new ones with provisional ids */
  modifiers: CatalogueModifier[];
  /** the default's index in the list, or null */
  defaultIndex: number | null;
  problems: CatalogueProblem[];
}

/** The options sent for a group, as the catalogue's modifiers; ids must be the group's own options. */
function planOptions(inputs: readonly OptionInput[], groupId: number, own: ReadonlySet<number>): OptionsPlan {
  const problems: CatalogueProblem[] = [];
  const seen = new Set<number>();
  let defaultIndex: number | null = null;
  const modifiers = inputs.map((option, j): CatalogueModifier => {
    if (option.id !== undefined) {
      if (!own.has(option.id))
        problems.push({ path: `$.options[${j}].id`, message: `Option ${option.id} is not an option of this group.` });
      else if (seen.has(option.id))
        problems.push({ path: `$.options[${j}].id`, message: `Option ${option.id} is listed twice.` });
      seen.add(option.id);
    }
    if (option.isDefault) {
      if (defaultIndex !== null)
        problems.push({
          path: `$.options[${j}].isDefault`,
          message: `Only one option can be the default (option ${defaultIndex + 1} already is).`,
        });
      else defaultIndex = j;
    }
    return {
      id: option.id ?? PROVISIONAL_ID - 1 - j,
      name: option.name,
      price: option.price,
      visible: option.visible,
      displayOrder: option.displayOrder ?? (j + 1) * 10,
      groupId,
    };
  });
  return { modifiers, defaultIndex, problems };
}

/** The store's section with a group (new or changed) and, when sent, its options in place of the old ones. */
function withGroup(
  section: CatalogueVendor,
  group: CatalogueModifierGroup,
  options: CatalogueModifier[] | null,
): { edited: CatalogueVendor; paths: PathMap } {
  let index = section.modifierGroups.findIndex((each) => each.id === group.id);
  const groups = [...section.modifierGroups];
  if (index === -1) index = groups.push(group) - 1;
  else groups[index] = group;
  const others = options === null ? section.modifiers : section.modifiers.filter((each) => each.groupId !== group.id);
  const modifiers = options === null ? others : [...others, ...options];
  const optionPaths: PathMap = (options ?? []).map((_, j) => [
    `$.vendors[0].modifiers[${others.length + j}]`,
    `$.options[${j}]`,
  ]);
  return {
    edited: { ...section, modifierGroups: groups, modifiers },
    paths: [
      [`$.vendors[0].modifierGroups[${index}].modifierIds`, '$.options'],
      [`$.vendors[0].modifierGroups[${index}].defaultModifierId`, '$.options'],
      [`$.vendors[0].modifierGroups[${index}]`, '$'],
      ...optionPaths,
    ],
  };
}

/** Writes a group's options: changed ones updated, new ones inserted, left-out ones archived; answers the default's id. */
async function saveOptions(
  trx: Db,
  vendorId: number,
  groupId: number,
  plan: OptionsPlan,
  stored: readonly number[],
): Promise<number | null> {
  const ids: number[] = [];
  for (const option of plan.modifiers) {
    const { id, ...rest } = option;
    const values = modifierValues({ ...rest, id, groupId }, vendorId);
    if (stored.includes(id)) {
      await updateMenuRow(trx, 'modifiers', id, values);
      ids.push(id);
    } else ids.push(await insertModifierReturningId(trx, values));
  }
  await archiveMenuRows(
    trx,
    'modifiers',
    stored.filter((id) => !ids.includes(id)),
  );
  return plan.defaultIndex === null ? null : (ids[plan.defaultIndex] ?? null);
}

const groupNotFound = (vendorId: number, groupId: number) =>
  notFound(`Option group ${groupId} not found in store ${vendorId}.`);

async function findGroup(trx: Db, vendorId: number, groupId: number) {
  return (await listModifierGroupsOf(trx, [vendorId], { archived: false })).find((row) => row.id === groupId);
}

async function answerGroup(trx: Db, vendorId: number, groupId: number): Promise<AdminOptionGroup> {
  const row = await findGroup(trx, vendorId, groupId);
  if (!row) throw groupNotFound(vendorId, groupId);
  return toAdminGroup(row, await listModifiersOf(trx, [vendorId], { archived: false }));
}

/** A new option group with its options. */
export async function createGroup(
  db: Kysely<Database>,
  vendorId: number,
  body: unknown,
  editor: Editor,
): Promise<Saved<AdminOptionGroup>> {
  const { options, ...input } = parseBody(AdminOptionGroupCreate, body);
  return db.transaction().execute(async (trx) => {
    const state = await loadStore(trx, vendorId);
    const plan = planOptions(options, PROVISIONAL_ID, new Set());
    const group: CatalogueModifierGroup = {
      ...input,
      id: PROVISIONAL_ID,
      displayOrder: input.displayOrder ?? (await nextDisplayOrder(trx, 'modifier_groups', vendorId)),
      modifierIds: plan.modifiers.map((option) => option.id),
      defaultModifierId: plan.defaultIndex === null ? null : (plan.modifiers[plan.defaultIndex]?.id ?? null),
    };
    const { edited, paths } = withGroup(state.section, group, plan.modifiers);
    refuseIf([...plan.problems, ...newProblems(state.section, edited, paths)]);
    const values = groupValues({ ...group, defaultModifierId: null }, vendorId);
    const groupId = await insertModifierGroupReturningId(trx, { ...values, ...editStamp(editor.actor, editor.nowMs) });
    const defaultId = await saveOptions(
      trx,
      vendorId,
      groupId,
      { ...plan, modifiers: plan.modifiers.map((option) => ({ ...option, groupId })) },
      [],
    );
    if (defaultId !== null) await updateMenuRow(trx, 'modifier_groups', groupId, { default_modifier_id: defaultId });
    await bumpMenuVersion(trx, vendorId);
    await audit(trx, editor, 'modifier-group.create', 'modifier_group', groupId, { vendorId, ...input, options });
    return { result: await answerGroup(trx, vendorId, groupId), vendorIds: [vendorId] };
  });
}

const GROUP_COLUMNS: Record<string, readonly string[]> = {
  name: ['name'],
  minimumChoices: ['minimum_choices'],
  maximumChoices: ['maximum_choices'],
  visible: ['visible'],
  displayOrder: ['display_order'],
  selectionRequiredText: ['selection_required_text'],
};

/** Changes an option group: the fields sent; `options`, when sent, is the whole list. */
export async function editGroup(
  db: Kysely<Database>,
  vendorId: number,
  groupId: number,
  body: unknown,
  editor: Editor,
): Promise<Saved<AdminOptionGroup>> {
  const patch = parseBody(AdminOptionGroupPatch, body);
  const { options, ...fields } = sentFields(patch);
  return db.transaction().execute(async (trx) => {
    const state = await loadStore(trx, vendorId);
    const row = state.groups.find((group) => group.id === groupId);
    const stored = state.section.modifierGroups.find((group) => group.id === groupId);
    if (!row || !stored) throw groupNotFound(vendorId, groupId);
    if (Number(row.edit_version) !== patch.version) throw editConflict(row, state.timeZone, editor.nowMs);
    const own = state.modifiers.filter((modifier) => modifier.group_id === groupId).map((modifier) => modifier.id);
    const plan = options === undefined ? null : planOptions(options, groupId, new Set(own));
    const group: CatalogueModifierGroup = {
      ...stored,
      ...fields,
      ...(plan
        ? {
            modifierIds: plan.modifiers.map((option) => option.id),
            defaultModifierId: plan.defaultIndex === null ? null : (plan.modifiers[plan.defaultIndex]?.id ?? null),
          }
        : {}),
    };
    const { edited, paths } = withGroup(state.section, group, plan?.modifiers ?? null);
    refuseIf([...(plan?.problems ?? []), ...newProblems(state.section, edited, paths)]);
    await saveOrConflict(
      trx,
      'modifier_groups',
      row,
      patch.version,
      pick(
        groupValues(group, vendorId),
        Object.keys(fields).flatMap((field) => GROUP_COLUMNS[field] ?? []),
      ),
      editStamp(editor.actor, editor.nowMs),
      state.timeZone,
      editor.nowMs,
      () => findGroup(trx, vendorId, groupId),
    );
    if (plan) {
      const defaultId = await saveOptions(trx, vendorId, groupId, plan, own);
      await updateMenuRow(trx, 'modifier_groups', groupId, { default_modifier_id: defaultId });
    }
    await bumpMenuVersion(trx, vendorId);
    await audit(trx, editor, 'modifier-group.edit', 'modifier_group', groupId, { vendorId, ...sentFields(patch) });
    return { result: await answerGroup(trx, vendorId, groupId), vendorIds: [vendorId] };
  });
}

/** Archives an option group and its options; refused while an item still offers it. */
export async function deleteGroup(
  db: Kysely<Database>,
  vendorId: number,
  groupId: number,
  version: number,
  editor: Editor,
): Promise<Saved<null>> {
  return db.transaction().execute(async (trx) => {
    const state = await loadStore(trx, vendorId);
    const row = state.groups.find((group) => group.id === groupId);
    if (!row) throw groupNotFound(vendorId, groupId);
    if (Number(row.edit_version) !== version) throw editConflict(row, state.timeZone, editor.nowMs);
    const users = state.section.items.filter((item) => item.modifierGroupsIds.includes(groupId));
    if (users.length > 0)
      throw rejected([
        {
          path: '$',
          message: `Option group "${row.name}" is on ${users
            .slice(0, 5)
            .map((item) => item.name)
            .join(', ')}${users.length > 5 ? ` and ${users.length - 5} more` : ''}: take it off those items first.`,
        },
      ]);
    await saveOrConflict(
      trx,
      'modifier_groups',
      row,
      version,
      {},
      editStamp(editor.actor, editor.nowMs),
      state.timeZone,
      editor.nowMs,
      () => findGroup(trx, vendorId, groupId),
    );
    await archiveMenuRows(trx, 'modifier_groups', [groupId]);
    await archiveMenuRows(
      trx,
      'modifiers',
      state.modifiers.filter((modifier) => modifier.group_id === groupId).map((modifier) => modifier.id),
    );
    await bumpMenuVersion(trx, vendorId);
    await audit(trx, editor, 'modifier-group.delete', 'modifier_group', groupId, { vendorId, name: row.name });
    return { result: null, vendorIds: [vendorId] };
  });
}

// ── coupons ─────────────────────────────────────────────────────────────────────────────

/** The coupons a manager sees: every one for an admin, his stores' for a store manager. */
export async function listCoupons(db: Kysely<Database>, scope: StoreScope): Promise<AdminCoupon[]> {
  return (await listLiveCouponRows(db, scope)).map(toAdminCoupon);
}

const couponNotFound = (id: number) => notFound(`Coupon ${id} not found.`);

/** A coupon's shape and rules, as the catalogue checks them, at its place in the body. */
async function couponProblems(trx: Db, coupon: unknown, venueId: number): Promise<CatalogueProblem[]> {
  const parsed = CatalogueCouponSchema.safeParse(coupon);
  const vendors = (await listLiveVendorIdsOfVenue(trx, venueId)).map((vendor) => ({ id: vendor.id }));
  return [
    ...(parsed.success ? [] : shapeProblems(parsed.error.issues)),
    ...catalogueRuleProblems({ vendors, coupons: [coupon] }).map((problem) => ({
      path: problem.path.replace(/^\$\.coupons\[0\]/, '$'),
      message: problem.message,
    })),
  ];
}

/** The venue of a coupon: its store's, else the one named, else the only one. */
async function couponVenue(trx: Db, vendorId: number | null, venueId: number | undefined): Promise<number> {
  if (vendorId !== null) {
    const vendor = await findLiveVendorRow(trx, vendorId);
    if (!vendor) throw rejected([{ path: '$.vendorId', message: `Store ${vendorId} does not exist.` }]);
    return vendor.venue_id;
  }
  return chooseVenue(trx, venueId);
}

/** A new coupon. A code a deleted coupon of the venue had comes back with it, as an import does. */
export async function createCoupon(db: Kysely<Database>, body: unknown, editor: Editor): Promise<Saved<AdminCoupon>> {
  const { venueId: chosenVenue, ...coupon } = parseBody(AdminCouponCreate, body);
  checkScope(editor, coupon.vendorId);
  return db.transaction().execute(async (trx) => {
    const venueId = await couponVenue(trx, coupon.vendorId, chosenVenue);
    const existing = await findCouponRowByCode(trx, coupon.code);
    const problems = await couponProblems(trx, coupon, venueId);
    if (existing && existing.venue_id !== venueId)
      problems.push({ path: '$.code', message: `Coupon code ${coupon.code} is already used by another venue.` });
    else if (existing && existing.archived === 0)
      problems.push({ path: '$.code', message: `Coupon code ${coupon.code} is already in use.` });
    refuseIf(problems);
    const values = couponValues(coupon, venueId);
    const stamp = editStamp(editor.actor, editor.nowMs);
    let id: number;
    if (existing) {
      await stampRow(trx, 'coupons', existing.id, values, stamp);
      id = existing.id;
    } else
      id = await insertCouponReturningId(trx, { code: coupon.code, created_at: editor.nowMs, ...values, ...stamp });
    await audit(trx, editor, 'coupon.create', 'coupon', id, { ...coupon, venueId });
    const saved = await findCouponRow(trx, id);
    if (!saved) throw couponNotFound(id);
    return { result: toAdminCoupon(saved), vendorIds: [] };
  });
}

/** Changes a coupon: the fields sent. Its code cannot change: orders and refunds name it. */
export async function editCoupon(
  db: Kysely<Database>,
  id: number,
  body: unknown,
  editor: Editor,
): Promise<Saved<AdminCoupon>> {
  const patch = parseBody(AdminCouponPatch, body);
  const fields = sentFields(patch);
  return db.transaction().execute(async (trx) => {
    const row = await findCouponRow(trx, id);
    if (!row) throw couponNotFound(id);
    checkScope(editor, row.vendor_id);
    if (fields.vendorId !== undefined) checkScope(editor, fields.vendorId);
    const venueId = row.venue_id ?? (await couponVenue(trx, row.vendor_id, undefined));
    const timeZone = (await findVenueRow(trx, venueId))?.time_zone ?? 'UTC';
    if (Number(row.edit_version) !== patch.version) throw editConflict(row, timeZone, editor.nowMs);
    const coupon: CatalogueCoupon = { ...catalogueCouponOf(row), ...fields };
    const problems = await couponProblems(trx, coupon, venueId);
    if (fields.code !== undefined && fields.code !== row.code)
      problems.push({
        path: '$.code',
        message: "A coupon's code cannot change: orders name it. Delete this coupon and make one with the new code.",
      });
    refuseIf(problems);
    const columns = Object.keys(fields).flatMap((field) =>
      field === 'vendorId'
        ? ['vendor_id']
        : field === 'validFrom'
          ? ['valid_from']
          : field === 'validUntil'
            ? ['valid_until']
            : field === 'usageLimit'
              ? ['usage_limit']
              : field === 'code'
                ? []
                : [field],
    );
    await saveOrConflict(
      trx,
      'coupons',
      row,
      patch.version,
      pick(couponValues(coupon, venueId), columns),
      editStamp(editor.actor, editor.nowMs),
      timeZone,
      editor.nowMs,
      () => findCouponRow(trx, id),
    );
    await audit(trx, editor, 'coupon.edit', 'coupon', id, { code: row.code, ...fields });
    const saved = await findCouponRow(trx, id);
    if (!saved) throw couponNotFound(id);
    return { result: toAdminCoupon(saved), vendorIds: [] };
  });
}

/** Archives a coupon, as an import does: it can no longer be used; orders keep naming it. */
export async function deleteCoupon(
  db: Kysely<Database>,
  id: number,
  version: number,
  editor: Editor,
): Promise<Saved<null>> {
  return db.transaction().execute(async (trx) => {
    const row = await findCouponRow(trx, id);
    if (!row) throw couponNotFound(id);
    checkScope(editor, row.vendor_id);
    const venueId = row.venue_id ?? (await couponVenue(trx, row.vendor_id, undefined));
    const timeZone = (await findVenueRow(trx, venueId))?.time_zone ?? 'UTC';
    await saveOrConflict(
      trx,
      'coupons',
      row,
      version,
      { archived: 1, active: 0 },
      editStamp(editor.actor, editor.nowMs),
      timeZone,
      editor.nowMs,
      () => findCouponRow(trx, id),
    );
    await audit(trx, editor, 'coupon.delete', 'coupon', id, { code: row.code });
    return { result: null, vendorIds: [] };
  });
}

/**
 * The venue an import from the back office replaces: the installation's, or on a new installation
 * (no venue yet) the document's own, so a new venue's first catalogue can be loaded from the screen.
 */
export async function venueIdForImport(db: Kysely<Database>, document: unknown): Promise<number> {
  const venues = await listVenueIds(db);
  if (venues[0]) return venues[0].id;
  const id = (document as { venue?: { id?: unknown } } | null)?.venue?.id;
  if (typeof id === 'number' && Number.isInteger(id) && id >= 0) return id;
  throw notFound('There is no venue yet: the catalogue must name its venue (venue.id).');
}

/** The installation's venue (the first, when there are several), for an export that names none. */
export async function defaultVenueId(db: Kysely<Database>): Promise<number> {
  const venues = await listVenueIds(db);
  const first = venues[0];
  if (!first) throw notFound('There is no venue yet: import a catalogue first.');
  return first.id;
}
