/**
 * The back office's menu and store editor (/admin/v1, issue 26): stores, item types, items, option
 * groups with their options, coupons, pictures, the whole catalogue's import and export, and the
 * stores' staff tokens.
 *
 * Every field is the catalogue format's (venue-catalogue.ts), declared there once: a value the
 * import refuses, the editor refuses too, with the same sentence. A save that breaks a rule answers
 * 422 with `problems` (a JSON path into the request body, e.g. `$.price`, and a sentence), as the
 * import does, and stores nothing.
 *
 * Stores, items, option groups and coupons carry a `version`: a save sends back the version it
 * read, and a save of an older version answers 409 (`EditConflict`) naming who changed it and when,
 * never overwriting their change. A save writes only the fields it sends: stock, open and paused
 * left out of a body stay as the staff set them.
 */
import { z } from 'zod';
import { DecimalId } from './route-params.ts';
import { StaffToken } from './staff-tokens.ts';
import {
  CATALOGUE_LIMITS,
  CatalogueCoupon,
  CatalogueItem,
  CatalogueModifier,
  CatalogueModifierGroup,
  CatalogueOrderConfiguration,
  CatalogueRejection,
  CatalogueVendor,
  MAX_ID,
  UploadedDisplayAsset,
} from './venue-catalogue.ts';

// ── versions ────────────────────────────────────────────────────────────────────────────

/** A row's edit version: grows by one with every save (the back office's or an import's). */
export const EditVersion = z
  .number('version must be the version you read (a whole number).')
  .int('version must be the version you read (a whole number).')
  .min(0, 'version must not be negative.')
  .max(MAX_ID, `version must be at most ${MAX_ID}.`);

/** What every editable row shows of its last change. */
export const Versioned = z.object({
  version: z.number().int(),
  /** when it was last saved, ISO 8601; null: not since versions were kept */
  updatedAt: z.string().nullable(),
  /** who saved it last, as the audit log names them (a manager's name, 'catalogue import' …); null: unknown */
  updatedBy: z.string().nullable(),
});
export type Versioned = z.infer<typeof Versioned>;

/** 409: the row changed since the version the save was based on; nothing was saved. */
export const EditConflict = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  /** e.g. "Changed by Alex Smith at 10:42; reload to see it." */
  message: z.string(),
  changedBy: z.string().nullable(),
  /** ISO 8601 */
  changedAt: z.string().nullable(),
  /** the version now stored: reload to get it with the row */
  currentVersion: z.number().int(),
});
export type EditConflict = z.infer<typeof EditConflict>;

/** 422: every problem of a save, each at its JSON path in the request body; nothing was saved. */
export const EditRejection = CatalogueRejection;
export type EditRejection = z.infer<typeof EditRejection>;

/** DELETE …?version=N: the version the deletion is based on. */
export const DeleteQuery = z.strictObject({
  version: z
    .string('version is required: the version you read.')
    .regex(/^\d{1,10}$/, 'version must be a whole number written in digits.')
    .transform(Number)
    .pipe(EditVersion),
});

// ── patches: the catalogue's fields, each optional and without its default ──────────────

type WithoutDefault<T> = T extends z.ZodDefault<infer Inner> ? Inner : T;
type PatchShape<S extends z.core.$ZodShape> = { [K in keyof S]: z.ZodOptional<WithoutDefault<S[K]>> };

/** Each field optional, and left out when it is not sent (a default would overwrite what is stored). */
function patchShape<S extends z.core.$ZodShape>(shape: S): PatchShape<S> {
  return Object.fromEntries(
    Object.entries(shape).map(([key, field]) => [
      key,
      (field instanceof z.ZodDefault ? (field.unwrap() as z.ZodType) : (field as unknown as z.ZodType)).optional(),
    ]),
  ) as unknown as PatchShape<S>;
}

const displayOrder = CatalogueItem.shape.displayOrder;
const optionalId = CatalogueItem.shape.id.optional();

// ── stores ──────────────────────────────────────────────────────────────────────────────

const storeShape = CatalogueVendor.omit({ id: true, items: true, modifierGroups: true, modifiers: true }).shape;

/** A store's settings as the editor shows them: the catalogue's vendor without its menu. */
export const AdminStore = z.object({
  ...CatalogueVendor.omit({ items: true, modifierGroups: true, modifiers: true }).shape,
  venueId: z.number().int(),
  ...Versioned.shape,
});
export type AdminStore = z.infer<typeof AdminStore>;

/** GET /admin/v1/stores: the signed-in manager's stores (every store for an admin), in the app's order. */
export const AdminStoreSummary = z.object({
  id: z.number().int(),
  venueId: z.number().int(),
  storeName: z.string(),
  location: z.string(),
  isOpen: z.boolean(),
  isPaused: z.boolean(),
  thumbnailAssetId: z.number().int().nullable(),
  items: z.number().int(),
  ...Versioned.shape,
});
export type AdminStoreSummary = z.infer<typeof AdminStoreSummary>;
export const AdminStoreList = z.array(AdminStoreSummary);

/** POST /admin/v1/stores (admin only): a new store; its id is chosen by the server. */
export const AdminStoreCreate = z.strictObject({
  ...storeShape,
  /** the venue it joins; left out: the installation's venue when there is only one */
  venueId: CatalogueItem.shape.id.optional(),
  openingHours: storeShape.openingHours.default([]),
  itemTypes: storeShape.itemTypes.default([]),
});
export type AdminStoreCreate = z.input<typeof AdminStoreCreate>;

/**
 * PATCH /admin/v1/stores/{vendorId}: the fields sent change, the others stay (isOpen and isPaused
 * included). `vendorOrderConfiguration` and `displayAssets` may be sent in part; `openingHours`
 * replaces the whole week. Item types change with PUT …/item-types.
 */
export const AdminStorePatch = z.strictObject({
  version: EditVersion,
  ...patchShape(
    CatalogueVendor.omit({
      id: true,
      items: true,
      modifierGroups: true,
      modifiers: true,
      itemTypes: true,
      vendorOrderConfiguration: true,
      displayAssets: true,
    }).shape,
  ),
  vendorOrderConfiguration: z.strictObject(patchShape(CatalogueOrderConfiguration.shape)).optional(),
  displayAssets: z
    .strictObject({
      thumbnailAssetId: CatalogueItem.shape.displayAssetId.unwrap().optional(),
      locationImageAssetId: CatalogueItem.shape.displayAssetId.unwrap().optional(),
    })
    .optional(),
});
export type AdminStorePatch = z.input<typeof AdminStorePatch>;

/** One item type of PUT …/item-types: its name, and the name it had when it is renamed. */
export const AdminItemType = z.strictObject({
  name: CatalogueVendor.shape.itemTypes.element,
  /** the type's current name, when this renames it: its items move to the new name */
  renamedFrom: CatalogueVendor.shape.itemTypes.element.optional(),
});

/**
 * PUT /admin/v1/stores/{vendorId}/item-types: the store's item types in the order the app shows
 * them (the store's version). A type left out must have no items; a renamed one takes its items along.
 */
export const AdminItemTypesUpdate = z.strictObject({
  version: EditVersion,
  itemTypes: z.array(AdminItemType).max(CATALOGUE_LIMITS.itemTypesPerVendor),
});
export type AdminItemTypesUpdate = z.input<typeof AdminItemTypesUpdate>;

// ── items ───────────────────────────────────────────────────────────────────────────────

/** A menu item as the editor shows it: the catalogue's item (with gstFree) and its version. */
export const AdminItem = z.object({ ...CatalogueItem.shape, ...Versioned.shape });
export type AdminItem = z.infer<typeof AdminItem>;

/** POST /admin/v1/stores/{vendorId}/items: a new item; its id is chosen by the server, displayOrder defaults to last. */
export const AdminItemCreate = z.strictObject({
  ...CatalogueItem.omit({ id: true, displayOrder: true }).shape,
  displayOrder: displayOrder.optional(),
});
export type AdminItemCreate = z.input<typeof AdminItemCreate>;

/** PATCH /admin/v1/stores/{vendorId}/items/{itemId}: the fields sent change; currentInventory only when sent. */
export const AdminItemPatch = z.strictObject({
  version: EditVersion,
  ...patchShape(CatalogueItem.omit({ id: true }).shape),
});
export type AdminItemPatch = z.input<typeof AdminItemPatch>;

// ── option groups and their options ─────────────────────────────────────────────────────

/** An option (the catalogue's modifier) inside its group; `isDefault` marks the group's default. */
export const AdminOption = z.object({
  ...CatalogueModifier.omit({ groupId: true }).shape,
  isDefault: z.boolean(),
});
export type AdminOption = z.infer<typeof AdminOption>;

/** An option group as the editor shows it, with its options in order. Required: minimumChoices ≥ 1. */
export const AdminOptionGroup = z.object({
  ...CatalogueModifierGroup.omit({ modifierIds: true, defaultModifierId: true }).shape,
  options: z.array(AdminOption),
  ...Versioned.shape,
});
export type AdminOptionGroup = z.infer<typeof AdminOptionGroup>;

/** An option as saved with its group: with `id` an existing option of the group, without one a new option. */
export const AdminOptionInput = z.strictObject({
  ...CatalogueModifier.omit({ id: true, groupId: true, displayOrder: true }).shape,
  id: optionalId,
  /** defaults to the option's place in the list */
  displayOrder: displayOrder.optional(),
  /** the group's default choice (at most one option) */
  isDefault: z.boolean().default(false),
});
export type AdminOptionInput = z.input<typeof AdminOptionInput>;

const groupShape = CatalogueModifierGroup.omit({ id: true, modifierIds: true, defaultModifierId: true }).shape;
const options = z.array(AdminOptionInput).max(200, 'A group has at most 200 options.');

/** POST /admin/v1/stores/{vendorId}/option-groups: a new group with its options. */
export const AdminOptionGroupCreate = z.strictObject({
  ...groupShape,
  displayOrder: displayOrder.optional(),
  options: options.default([]),
});
export type AdminOptionGroupCreate = z.input<typeof AdminOptionGroupCreate>;

/**
 * PATCH /admin/v1/stores/{vendorId}/option-groups/{groupId}: the fields sent change. `options`,
 * when sent, is the whole list: options left out are removed (archived; orders keep naming them).
 */
export const AdminOptionGroupPatch = z.strictObject({
  version: EditVersion,
  ...patchShape(groupShape),
  options: options.optional(),
});
export type AdminOptionGroupPatch = z.input<typeof AdminOptionGroupPatch>;

/** GET /admin/v1/stores/{vendorId}: the store and its whole menu, each with its version. */
export const AdminStoreMenu = z.object({
  store: AdminStore,
  items: z.array(AdminItem),
  optionGroups: z.array(AdminOptionGroup),
});
export type AdminStoreMenu = z.infer<typeof AdminStoreMenu>;

// ── coupons ─────────────────────────────────────────────────────────────────────────────

/** A coupon as the editor shows it. `vendorId` null: any store of the venue (admin only). */
export const AdminCoupon = z.object({
  id: z.number().int(),
  venueId: z.number().int().nullable(),
  ...CatalogueCoupon.shape,
  /** paid orders it has been used on */
  usedCount: z.number().int(),
  ...Versioned.shape,
});
export type AdminCoupon = z.infer<typeof AdminCoupon>;

/** GET /admin/v1/coupons: the venue's coupons (a store manager: his stores' only). */
export const AdminCouponList = z.array(AdminCoupon);

/** POST /admin/v1/coupons: a new coupon; vendorId null (any store) is for an admin only. */
export const AdminCouponCreate = z.strictObject({
  ...CatalogueCoupon.shape,
  /** the venue of an any-store coupon; left out: the store's venue, or the only venue */
  venueId: CatalogueItem.shape.id.optional(),
});
export type AdminCouponCreate = z.input<typeof AdminCouponCreate>;

/** PATCH /admin/v1/coupons/{id}: the fields sent change. */
export const AdminCouponPatch = z.strictObject({ version: EditVersion, ...patchShape(CatalogueCoupon.shape) });
export type AdminCouponPatch = z.input<typeof AdminCouponPatch>;

// ── pictures ────────────────────────────────────────────────────────────────────────────

/** POST /admin/v1/pictures: the stored picture (use its id as displayAssetId or thumbnailAssetId) and where to see it. */
export const AdminPicture = UploadedDisplayAsset.extend({
  /** a preview of the picture as customers get it, e.g. /v1/displayassets/12/transformed/350x */
  url: z.string(),
});
export type AdminPicture = z.infer<typeof AdminPicture>;

// ── the whole catalogue ─────────────────────────────────────────────────────────────────

/** GET /admin/v1/catalogue (admin only): the same document as the operations export. */
export const AdminCatalogueExportQuery = z.strictObject({
  /** left out: the installation's venue (the first, when there are several) */
  venueId: DecimalId.optional(),
  pictures: z.enum(['include'], 'pictures must be "include" (or left out).').optional(),
});

/**
 * PUT /admin/v1/catalogue (admin only): answers as the operations import. The document's `venue.id`
 * must be the venue named here (left out: the installation's venue), so a document of another
 * venue never replaces this one by mistake; naming a venue that does not exist yet creates it.
 */
export const AdminCatalogueImportQuery = z.strictObject({
  venueId: DecimalId.optional(),
  force: z.enum(['true', 'false'], 'force must be "true" or "false".').optional(),
});

// ── staff tokens ────────────────────────────────────────────────────────────────────────

/** A staff token in the back office's list: the operations list's fields and the store's name. */
export const AdminStaffToken = StaffToken.extend({ storeName: z.string() });
export type AdminStaffToken = z.infer<typeof AdminStaffToken>;

/** GET /admin/v1/staff-tokens: every store's tokens (a store manager: his stores'), revoked ones included. */
export const AdminStaffTokenList = z.array(AdminStaffToken);

// ── route parameters ────────────────────────────────────────────────────────────────────

export const AdminStoreParams = z.object({ vendorId: DecimalId });
export const AdminItemParams = z.object({ vendorId: DecimalId, itemId: DecimalId });
export const AdminOptionGroupParams = z.object({ vendorId: DecimalId, groupId: DecimalId });
export const AdminCouponParams = z.object({ id: DecimalId });
export const AdminStaffTokenParams = z.object({ id: DecimalId });
