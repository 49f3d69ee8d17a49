/**
 * The venue catalogue: one JSON document holding everything a venue sells — the venue, its
 * vendors with their order configuration and trading hours, each vendor's item types, items,
 * modifier groups and modifiers, and the venue's coupons. `GET /ops/v1/venue/{venueId}/catalogue`
 * answers it, `PUT` replaces the venue with it, and `npm run venue` reads and writes it.
 *
 * Field names are the spec's (§3) wherever the API already uses them. Money is an integer in
 * minor units (cents): `price: 1150` is $11.50. Durations are milliseconds, distances kilometres,
 * times of day "HH:mm" in the venue's time zone, instants ISO 8601.
 *
 * Every object is strict: a field the format does not know is a problem, not silently dropped,
 * so a typo (`"prise"`) cannot lose a price. Sizes are bounded, so a document can be checked
 * whole before anything is stored.
 */
import { z } from 'zod';
import { catalogueRuleProblems, jsonPath, type CatalogueProblem as RuleProblem } from '@venue/domain/catalogue-rules';
import { Weekday } from './menu.ts';

/** The format's version; a document of another version is refused. */
export const CATALOGUE_FORMAT_VERSION = 1;

/** Ids are stored in 32-bit integer columns. */
export const MAX_ID = 2_147_483_647;
/** $1,000,000.00: more than anything a venue sells, far below integer overflow. */
export const MAX_PRICE_MINOR = 100_000_000;
/** A week, in ms: the longest time to service or buffer that makes sense. */
export const MAX_DURATION_MS = 7 * 24 * 3_600_000;

export const CATALOGUE_LIMITS = {
  vendors: 200,
  itemsPerVendor: 5_000,
  modifierGroupsPerVendor: 2_000,
  modifiersPerVendor: 10_000,
  itemTypesPerVendor: 200,
  coupons: 1_000,
  openingWindowsPerVendor: 50,
  windowsPerDay: 10,
  serviceCharges: 10,
  name: 200,
  description: 2_000,
  text: 500,
} as const;

// eslint-disable-next-line no-control-regex -- control characters are exactly what it refuses
const NO_CONTROL_CHARACTERS = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]*$/;

/** A text field: at most `max` characters, no control characters (NUL cannot be stored at all). */
function text(max: number) {
  return z
    .string()
    .max(max, `Must be at most ${max} characters long.`)
    .regex(NO_CONTROL_CHARACTERS, 'Must not contain control characters.');
}

/** A text that must say something: not empty, not only spaces. */
function label(max: number) {
  return text(max).refine((value) => value.trim().length > 0, 'Must not be empty.');
}

const id = z
  .number()
  .int('An id must be a whole number.')
  .min(0, 'An id must not be negative.')
  .max(MAX_ID, `An id must be at most ${MAX_ID}.`);

const price = z
  .number()
  .int('A price is a whole number of cents.')
  .min(0, 'A price must not be negative.')
  .max(MAX_PRICE_MINOR, `A price must be at most ${MAX_PRICE_MINOR} cents.`);

const duration = z
  .number()
  .int('A duration is a whole number of milliseconds.')
  .min(0, 'A duration must not be negative.')
  .max(MAX_DURATION_MS, `A duration must be at most ${MAX_DURATION_MS} ms (a week).`);

const count = (max: number) =>
  z.number().int('Must be a whole number.').min(0, 'Must not be negative.').max(max, `Must be at most ${max}.`);

const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'A time of day is written "HH:mm", from 00:00 to 23:59.');
/** Trading hours may close at "24:00" (midnight at the end of the day). */
const closingClock = z
  .string()
  .regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, 'A closing time is written "HH:mm", from 00:00 to 24:00.');

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The venue's GST rate when a document does not give one: 10 %, in basis points. */
export const DEFAULT_GST_RATE_BP = 1_000;

export const CatalogueGeoLocation = z.strictObject({
  latitude: z.number().min(-90, 'A latitude is between -90 and 90.').max(90, 'A latitude is between -90 and 90.'),
  longitude: z
    .number()
    .min(-180, 'A longitude is between -180 and 180.')
    .max(180, 'A longitude is between -180 and 180.'),
});

export const CatalogueVenue = z.strictObject({
  id,
  clientId: id,
  name: label(CATALOGUE_LIMITS.name),
  timeZone: z
    .string()
    .max(64, 'Must be at most 64 characters long.')
    .refine(isTimeZone, 'Must be an IANA time zone, e.g. "Australia/Sydney".'),
  address: text(CATALOGUE_LIMITS.text).default(''),
  geoLocation: CatalogueGeoLocation,
  /** GST included in the venue's prices, in basis points (1000: 10 %); the takings report's GST */
  gstRate: z
    .number()
    .int('A GST rate is a whole number of basis points (1000 is 10 %).')
    .min(0, 'A GST rate must not be negative.')
    .max(10_000, 'A GST rate is at most 10000 basis points (100 %).')
    .default(DEFAULT_GST_RATE_BP),
});
export type CatalogueVenue = z.infer<typeof CatalogueVenue>;

export const CatalogueServiceCharge = z.strictObject({
  name: label(CATALOGUE_LIMITS.name),
  kind: z.enum(['percentage', 'fixed']),
  /** basis points for `percentage` (150 = 1.5 %), cents for `fixed` */
  value: count(MAX_PRICE_MINOR),
});

/** Spec §3 vendorOrderConfiguration; money in cents, durations in ms, distance in km. */
export const CatalogueOrderConfiguration = z.strictObject({
  availableServiceModes: z
    .array(z.enum(['TakeAway', 'HomeDelivery']))
    .min(1, 'A vendor offers at least one service mode.')
    .max(2, 'Must list each service mode once.'),
  defaultOrderServiceMode: z.enum(['TakeAway', 'HomeDelivery', 'NotSpecified']).default('NotSpecified'),
  preOrderBufferDuration: duration.default(0),
  maxBurdenPerOrder: z
    .number()
    .int('Must be a whole number.')
    .min(1, 'Must be at least 1, or null for no limit.')
    .max(100_000, 'Must be at most 100000.')
    .nullable()
    .default(null),
  /** cents, or null for no minimum */
  deliveryMinAmount: price.nullable().default(null),
  allowApplePay: z.boolean().default(false),
  allowGooglePay: z.boolean().default(false),
  isCouponPaymentAllowed: z.boolean().default(false),
  /** km */
  deliveryMaxDistance: z
    .number()
    .min(0, 'A distance must not be negative.')
    .max(1_000, 'A delivery distance is at most 1000 km.')
    .default(0),
  deliveryTimeBuffer: duration.default(0),
  serviceCharges: z.array(CatalogueServiceCharge).max(CATALOGUE_LIMITS.serviceCharges).default([]),
});

export const CatalogueOpeningWindow = z.strictObject({
  weekday: Weekday,
  opens: clock,
  /** at or before `opens`: runs past midnight */
  closes: closingClock,
});

export const CatalogueTimeWindow = z.strictObject({ startTime: clock, endTime: clock });

/** Weekday → windows when the item can be ordered; null means always; a weekday left out means not that day. */
export const CatalogueAvailability = z
  .strictObject(
    Object.fromEntries(
      Weekday.options.map((day) => [
        day,
        z.array(CatalogueTimeWindow).max(CATALOGUE_LIMITS.windowsPerDay, 'Too many windows in one day.').optional(),
      ]),
    ) as Record<Weekday, z.ZodOptional<z.ZodArray<typeof CatalogueTimeWindow>>>,
  )
  .nullable();

/** Spec §3 menu item; `price` in cents. */
export const CatalogueItem = z.strictObject({
  id,
  name: label(CATALOGUE_LIMITS.name),
  description: text(CATALOGUE_LIMITS.description).default(''),
  price,
  itemType: label(CATALOGUE_LIMITS.name),
  displayOrder: count(MAX_ID),
  visible: z.boolean().default(true),
  /** null: not counted */
  currentInventory: count(1_000_000).nullable().default(null),
  burden: count(1_000).default(1),
  isRestricted: z.boolean().default(false),
  displayAssetId: id.nullable().default(null),
  modifierGroupsIds: z.array(id).max(100, 'An item has at most 100 modifier groups.').default([]),
  availability: CatalogueAvailability.default(null),
  /** sold without GST (basic food): left out of the takings' GST */
  gstFree: z.boolean().default(false),
});
export type CatalogueItem = z.infer<typeof CatalogueItem>;

/** Spec §3 modifier group. `maximumChoices` 0 means no limit. */
export const CatalogueModifierGroup = z.strictObject({
  id,
  name: label(CATALOGUE_LIMITS.name),
  /** the group's modifiers; optional, since each modifier names its group */
  modifierIds: z.array(id).max(CATALOGUE_LIMITS.modifiersPerVendor).optional(),
  minimumChoices: count(1_000).default(0),
  maximumChoices: count(1_000).default(0),
  defaultModifierId: id.nullable().default(null),
  visible: z.boolean().default(true),
  displayOrder: count(MAX_ID),
  selectionRequiredText: text(CATALOGUE_LIMITS.text).nullable().default(null),
});
export type CatalogueModifierGroup = z.infer<typeof CatalogueModifierGroup>;

/** Spec §3 modifier; `price` in cents. */
export const CatalogueModifier = z.strictObject({
  id,
  name: label(CATALOGUE_LIMITS.name),
  price: price.default(0),
  visible: z.boolean().default(true),
  displayOrder: count(MAX_ID),
  groupId: id,
});
export type CatalogueModifier = z.infer<typeof CatalogueModifier>;

/** Spec §3 vendor with its trading hours and menu. The vendors' order in the document is their order in the app. */
export const CatalogueVendor = z.strictObject({
  id,
  storeName: label(CATALOGUE_LIMITS.name),
  phoneNumber: text(64).default(''),
  location: text(CATALOGUE_LIMITS.text).default(''),
  displayAssets: z
    .strictObject({
      thumbnailAssetId: id.nullable().default(null),
      locationImageAssetId: id.nullable().default(null),
    })
    .default({ thumbnailAssetId: null, locationImageAssetId: null }),
  geoLocation: CatalogueGeoLocation,
  /** time to service, ms */
  tts: duration,
  isOpen: z.boolean().default(true),
  isPaused: z.boolean().default(false),
  vendorOrderConfiguration: CatalogueOrderConfiguration,
  openingHours: z.array(CatalogueOpeningWindow).max(CATALOGUE_LIMITS.openingWindowsPerVendor),
  /** the categories of the menu, in the order the app shows them; every item's itemType is one of these */
  itemTypes: z.array(label(CATALOGUE_LIMITS.name)).max(CATALOGUE_LIMITS.itemTypesPerVendor),
  items: z.array(CatalogueItem).max(CATALOGUE_LIMITS.itemsPerVendor),
  modifierGroups: z.array(CatalogueModifierGroup).max(CATALOGUE_LIMITS.modifierGroupsPerVendor).default([]),
  modifiers: z.array(CatalogueModifier).max(CATALOGUE_LIMITS.modifiersPerVendor).default([]),
});
export type CatalogueVendor = z.infer<typeof CatalogueVendor>;

/** What a coupon code may be: codes are matched in capitals (the app's entry is upper-cased). */
export const COUPON_CODE_PATTERN = /^[A-Z0-9_-]{1,64}$/;

/** Spec §4 coupon: `value` in basis points for `percentage`, cents for `fixed`, 0 for `full`. */
export const CatalogueCoupon = z.strictObject({
  code: z.string().regex(COUPON_CODE_PATTERN, 'A coupon code is 1 to 64 capital letters, digits, "-" or "_".'),
  kind: z.enum(['percentage', 'fixed', 'full']),
  value: count(MAX_PRICE_MINOR),
  /** null: every vendor of the venue */
  vendorId: id.nullable().default(null),
  description: text(CATALOGUE_LIMITS.name).default(''),
  validFrom: z.iso
    .datetime({ offset: true, error: 'Must be an ISO 8601 instant, e.g. "2026-12-01T00:00:00Z".' })
    .nullable()
    .default(null),
  validUntil: z.iso
    .datetime({ offset: true, error: 'Must be an ISO 8601 instant, e.g. "2026-12-31T13:00:00Z".' })
    .nullable()
    .default(null),
  /** paid orders it may be used on; null: unlimited */
  usageLimit: count(100_000_000).nullable().default(null),
  active: z.boolean().default(true),
});
export type CatalogueCoupon = z.infer<typeof CatalogueCoupon>;

/** The largest picture a catalogue carries: the upload's limit (POST /ops/v1/display-assets). */
export const MAX_PICTURE_BYTES = 5 * 1024 * 1024;
/** Base64 of MAX_PICTURE_BYTES. */
const MAX_PICTURE_BASE64 = Math.ceil(MAX_PICTURE_BYTES / 3) * 4;
/** Pictures a catalogue carries at most: a logo and a map per vendor, and one per item, with room to spare. */
const MAX_PICTURES = 5_000;

/**
 * The types a picture is stored as: SVG drawings (the demo's) and uploaded PNG, JPEG or WebP
 * (uploads are stored as WebP).
 */
export const PICTURE_CONTENT_TYPES = ['image/svg+xml', 'image/png', 'image/jpeg', 'image/webp'] as const;

/**
 * A picture carried in the document (`?pictures=include`), so the catalogue can be imported into
 * another database: `id` is the id the document's displayAssetId, thumbnailAssetId and
 * locationImageAssetId name; the import stores the picture (once per content) and maps it.
 */
export const CataloguePicture = z.strictObject({
  id,
  /** what it shows (logo, location-map, burger …), for people reading the document */
  kind: text(64).default('upload'),
  contentType: z.enum(PICTURE_CONTENT_TYPES),
  altText: text(CATALOGUE_LIMITS.text).default(''),
  /** the picture's bytes, base64 */
  data: z
    .string()
    .max(MAX_PICTURE_BASE64, `A picture must be at most ${MAX_PICTURE_BYTES / 1024 / 1024} MB.`)
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, "Must be the picture's bytes in base64.")
    .refine((data) => data.length > 0, 'Must not be empty.'),
});
export type CataloguePicture = z.infer<typeof CataloguePicture>;

export const VenueCatalogue = z
  .strictObject({
    version: z.literal(CATALOGUE_FORMAT_VERSION, `The format version must be ${CATALOGUE_FORMAT_VERSION}.`),
    /**
     * When the document was exported. An import keeps the live values (stores' isOpen and isPaused,
     * items' currentInventory) changed after it; left out (a hand-written document), the document's
     * values apply (docs/decisions/028-catalogue-live-values.md).
     */
    exportedAt: z.iso
      .datetime({ offset: true, error: 'Must be an ISO 8601 instant, e.g. "2026-11-27T09:30:00.000Z".' })
      .optional(),
    venue: CatalogueVenue,
    vendors: z.array(CatalogueVendor).max(CATALOGUE_LIMITS.vendors),
    coupons: z.array(CatalogueCoupon).max(CATALOGUE_LIMITS.coupons).default([]),
    /** the pictures the document names, when exported with them (`?pictures=include`) */
    pictures: z.array(CataloguePicture).max(MAX_PICTURES).optional(),
  })
  .meta({
    id: 'VenueCatalogue',
    title: 'Venue catalogue',
    description:
      'A venue with its vendors, trading hours, menus and coupons (format version 1), and its pictures when exported with them. Money in cents, durations in ms.',
  });
export type VenueCatalogue = z.infer<typeof VenueCatalogue>;

/** GET /ops/v1/venue/{venueId}/catalogue: `?pictures=include` carries the pictures the document names. */
export const CatalogueExportQuery = z.strictObject({
  pictures: z.enum(['include'], 'pictures must be "include" (or left out).').optional(),
});

/** PUT /ops/v1/venue/{venueId}/catalogue: `?force=true` applies the document's live values even where they changed since its export. */
export const CatalogueImportQuery = z.strictObject({
  force: z.enum(['true', 'false'], 'force must be "true" or "false".').optional(),
});

/** The catalogue's JSON Schema (draft 2020-12), generated from the zod schema: what a document may hold. */
export function catalogueJsonSchema() {
  return z.toJSONSchema(VenueCatalogue, { io: 'input', target: 'draft-2020-12' });
}

/** One thing wrong with a document: where (a JSON path such as `$.vendors[1].items[3].price`) and what, as a sentence. */
export const CatalogueProblem = z.object({ path: z.string(), message: z.string() });
export type CatalogueProblem = RuleProblem;

/** 422 answer of PUT /ops/v1/venue/{venueId}/catalogue: every problem found; nothing was changed. */
export const CatalogueRejection = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  problems: z.array(CatalogueProblem),
});

const Counts = z.object({
  vendors: z.number().int(),
  items: z.number().int(),
  modifierGroups: z.number().int(),
  modifiers: z.number().int(),
  coupons: z.number().int(),
});
export type CatalogueCounts = z.infer<typeof Counts>;

/** A live value the import left as it was: it changed after the document was exported. */
export const KeptLiveValue = z.object({
  /** where the document holds it, e.g. `$.vendors[0].isPaused` */
  path: z.string(),
  field: z.enum(['isOpen', 'isPaused', 'currentInventory']),
  /** the value kept (the one in the database) */
  kept: z.union([z.boolean(), z.number().int(), z.null()]),
  /** the document's value, not applied */
  document: z.union([z.boolean(), z.number().int(), z.null()]),
  /** when it changed, ISO 8601 */
  changedAt: z.string(),
});
export type KeptLiveValue = z.infer<typeof KeptLiveValue>;

/**
 * The build settings of the customer app that serve the imported venue: the app shows one venue,
 * chosen when it is built (apps/web/src/config/settings.ts).
 */
export const CatalogueBuildSettings = z.object({
  VITE_CLIENT_ID: z.string(),
  VITE_VENUE_ID: z.string(),
  VITE_VENUE_NAME: z.string(),
});
export type CatalogueBuildSettings = z.infer<typeof CatalogueBuildSettings>;

/** What an import did: rows created, changed, left as they were, and hidden (removed from the document). */
export const CatalogueImportSummary = z.object({
  venueId: z.number().int(),
  venueCreated: z.boolean(),
  created: Counts,
  updated: Counts,
  unchanged: Counts,
  hidden: Counts,
  /** live values changed since the document's exportedAt, kept as they were (none with ?force=true) */
  keptLiveValues: z.array(KeptLiveValue),
  /** pictures the document carried: stored anew, or already stored with the same content */
  pictures: z.object({ stored: z.number().int(), alreadyStored: z.number().int() }),
  /** the build settings of the customer app that serve this venue */
  buildSettings: CatalogueBuildSettings,
});
export type CatalogueImportSummary = z.infer<typeof CatalogueImportSummary>;

/** POST /ops/v1/display-assets: the stored picture's id, usable as displayAssetId or thumbnailAssetId. */
export const UploadedDisplayAsset = z.object({
  id: z.number().int(),
  contentType: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});

/** More problems than this are summed up in one last line: a document that wrong needs rewriting, not a longer list. */
export const MAX_LISTED_PROBLEMS = 1_000;

/** zod's own messages begin so; the schema's own messages above are sentences already. */
const ZOD_DEFAULT = /^(Invalid input|Invalid option|Too big|Too small|Unrecognized key|Invalid)/;

function sentence(issue: z.core.$ZodIssue): string {
  if (!ZOD_DEFAULT.test(issue.message)) return issue.message;
  switch (issue.code) {
    case 'invalid_type': {
      const received = /received (\w+)/.exec(issue.message)?.[1];
      if (received === 'undefined') return 'This field is required.';
      return `Must be ${issue.expected === 'array' || issue.expected === 'object' ? 'an' : 'a'} ${issue.expected}${received ? `, not ${received}` : ''}.`;
    }
    case 'too_big':
      return issue.origin === 'array'
        ? `Must have at most ${issue.maximum} entries.`
        : issue.origin === 'string'
          ? `Must be at most ${issue.maximum} characters long.`
          : `Must be at most ${issue.maximum}.`;
    case 'too_small':
      return issue.origin === 'array'
        ? `Must have at least ${issue.minimum} entries.`
        : issue.origin === 'string'
          ? `Must be at least ${issue.minimum} characters long.`
          : `Must be at least ${issue.minimum}.`;
    case 'invalid_value':
      return `Must be one of ${issue.values.map((value) => JSON.stringify(value)).join(', ')}.`;
    default:
      return issue.message.endsWith('.') ? issue.message : `${issue.message}.`;
  }
}

/**
 * zod's issues as problems: one per unknown field, each at its JSON path (below `prefix`, when the
 * value checked sits inside a larger document, e.g. one item of the back office's editor).
 */
export function shapeProblems(
  issues: readonly z.core.$ZodIssue[],
  prefix: readonly PropertyKey[] = [],
): CatalogueProblem[] {
  return issues.flatMap((issue) =>
    issue.code === 'unrecognized_keys'
      ? issue.keys.map((key) => ({
          path: jsonPath([...prefix, ...issue.path, key]),
          message: `Unknown field "${key}": the catalogue format has no such field here.`,
        }))
      : [{ path: jsonPath([...prefix, ...issue.path]), message: sentence(issue) }],
  );
}

export type CatalogueCheck =
  { ok: true; catalogue: VenueCatalogue; problems: [] } | { ok: false; catalogue: null; problems: CatalogueProblem[] };

/**
 * Every problem of a document as received (parsed JSON): its shape (types, required fields,
 * sizes, unknown fields) and its rules (references, duplicates, choices, windows, coupons). What
 * only the database can tell (pictures that exist, ids of another venue) is the server's part.
 */
export function checkCatalogue(input: unknown): CatalogueCheck {
  const parsed = VenueCatalogue.safeParse(input);
  const problems = [...(parsed.success ? [] : shapeProblems(parsed.error.issues)), ...catalogueRuleProblems(input)];
  if (problems.length === 0 && parsed.success) return { ok: true, catalogue: parsed.data, problems: [] };
  return { ok: false, catalogue: null, problems: capProblems(problems) };
}

/** The problems, at most MAX_LISTED_PROBLEMS of them, the rest counted in the last. */
export function capProblems(problems: CatalogueProblem[]): CatalogueProblem[] {
  if (problems.length <= MAX_LISTED_PROBLEMS) return problems;
  const shown = problems.slice(0, MAX_LISTED_PROBLEMS - 1);
  return [
    ...shown,
    { path: '$', message: `${problems.length - shown.length} more problems are not listed; fix these first.` },
  ];
}
