import { z } from 'zod/mini';

/**
 * The build-time settings of spec §1 (plus the theme), as `VITE_*` variables. This file is pure so
 * the build (vite.config.ts) and the app (settings.ts) parse them with the same rules. It uses
 * zod's small build: it ships in the app's first download.
 */

/** A variable's text, trimmed; empty or absent is undefined so the default applies. */
const present = z.pipe(
  z.optional(z.string()),
  z.transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim())),
);

/** A whole number, 0 or more. */
const wholeNumber = z.pipe(
  z.string().check(z.regex(/^\d+$/, 'a whole number')),
  z.transform((value) => Number(value)),
);

const integer = (fallback: number) => z.pipe(present, z._default(wholeNumber, fallback));
/** "true"/"false" (any case; also 1/0, yes/no, on/off). */
const boolean = z.pipe(
  z.string().check(z.regex(/^(true|false|1|0|yes|no|on|off)$/i, 'true or false')),
  z.transform((value) => ['true', '1', 'yes', 'on'].includes(value.toLowerCase())),
);
const flag = (fallback: boolean) => z.pipe(present, z._default(boolean, fallback));
const text = (fallback: string) => z.pipe(present, z._default(z.string(), fallback));
const hexColour = (fallback: string) =>
  z.pipe(
    present,
    z._default(z.string().check(z.regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'a colour like #0b4f6c')), fallback),
  );

/** Deep harbour blue: white text on it has a contrast of about 8.9:1. */
export const DEFAULT_BRAND_COLOR = '#0b4f6c';
export const DEFAULT_BRAND_CONTRAST = '#ffffff';

export const SettingsEnv = z.object({
  VITE_VENUE_NAME: text('Harbourside Stadium'),
  VITE_CLIENT_ID: integer(1),
  VITE_VENUE_ID: integer(0),
  VITE_VENDOR_ID: integer(0),
  VITE_MULTI_VENDOR: flag(true),
  VITE_DIETARY_NOTE: flag(false),
  VITE_SPECIAL_ORDER_NOTE: flag(false),
  VITE_SHOW_TIME_TO_SERVICE: flag(true),
  VITE_MAPS_KEY: text(''),
  VITE_GOOGLE_PAY_MERCHANT_IDS: text(''),
  VITE_GOOGLE_PAY_ENV: z.pipe(present, z._default(z.enum(['PRODUCTION', 'TEST']), 'PRODUCTION')),
  VITE_ORDER_SESSION_EXPIRY_MS: integer(1_800_000),
  VITE_DISCOVER_VENUE_ID: z.pipe(present, z.optional(wholeNumber)),
  VITE_LEGAL_ENTITY_NAME: text(''),
  VITE_BUSINESS_NUMBER: text(''),
  /** the API server's address without a trailing slash; '' is the app's own origin */
  VITE_API_URL: z.pipe(
    present,
    z._default(
      z.pipe(
        z.url({ protocol: /^https?$/ }),
        z.transform((value) => value.replace(/\/+$/, '')),
      ),
      '',
    ),
  ),
  VITE_BRAND_COLOR: hexColour(DEFAULT_BRAND_COLOR),
  VITE_BRAND_CONTRAST: hexColour(DEFAULT_BRAND_CONTRAST),
});

export interface Settings {
  venueName: string;
  clientId: number;
  venueId: number;
  vendorId: number;
  multiVendor: boolean;
  dietaryNote: boolean;
  specialOrderNote: boolean;
  showTimeToService: boolean;
  mapsKey: string;
  googlePayMerchantIds: string[];
  googlePayEnv: 'PRODUCTION' | 'TEST';
  orderSessionExpiryMs: number;
  discoverVenueId: number | null;
  legalEntityName: string;
  businessNumber: string;
  /** '' means the app's own origin */
  apiUrl: string;
  /** API base: the server address plus the version prefix of spec §7 */
  apiBase: string;
  brandColor: string;
  brandContrast: string;
}

/** Parses the `VITE_*` variables; throws with every problem listed when one is malformed. */
export function parseSettings(env: Record<string, unknown>): Settings {
  // Only the VITE_* strings matter; Vite adds booleans such as DEV and PROD that are not settings.
  const result = SettingsEnv.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid build settings: ${problems}`);
  }
  const e = result.data;
  return {
    venueName: e.VITE_VENUE_NAME,
    clientId: e.VITE_CLIENT_ID,
    venueId: e.VITE_VENUE_ID,
    vendorId: e.VITE_VENDOR_ID,
    multiVendor: e.VITE_MULTI_VENDOR,
    dietaryNote: e.VITE_DIETARY_NOTE,
    specialOrderNote: e.VITE_SPECIAL_ORDER_NOTE,
    showTimeToService: e.VITE_SHOW_TIME_TO_SERVICE,
    mapsKey: e.VITE_MAPS_KEY,
    googlePayMerchantIds: e.VITE_GOOGLE_PAY_MERCHANT_IDS.split(',')
      .map((id) => id.trim())
      .filter(Boolean),
    googlePayEnv: e.VITE_GOOGLE_PAY_ENV,
    orderSessionExpiryMs: e.VITE_ORDER_SESSION_EXPIRY_MS,
    discoverVenueId: e.VITE_DISCOVER_VENUE_ID ?? null,
    legalEntityName: e.VITE_LEGAL_ENTITY_NAME,
    businessNumber: e.VITE_BUSINESS_NUMBER,
    apiUrl: e.VITE_API_URL,
    apiBase: `${e.VITE_API_URL}/v1`,
    brandColor: e.VITE_BRAND_COLOR,
    brandContrast: e.VITE_BRAND_CONTRAST,
  };
}
