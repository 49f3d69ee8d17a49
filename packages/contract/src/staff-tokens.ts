import { z } from 'zod';
import { DecimalId } from './route-params.ts';

/** The longest name a staff token may have, after trimming. */
export const STAFF_TOKEN_NAME_MAX = 80;

/** What every staff token starts with, so one is recognisable in a log, a paste or a secret scanner. */
export const STAFF_TOKEN_PREFIX = 'vst_';

/** POST /ops/v1/vendor/{vendorId}/staff-tokens: a name the admin recognises the device or person by. */
export const StaffTokenCreate = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1, 'name must not be empty')
    .max(STAFF_TOKEN_NAME_MAX, `name must be at most ${STAFF_TOKEN_NAME_MAX} characters`)
    // The name goes into the audit log and onto screens; line breaks and other control characters have no place there.
    .regex(/^[^\p{Cc}]*$/u, 'name must not contain control characters'),
});
export type StaffTokenCreate = z.infer<typeof StaffTokenCreate>;

/** A staff token as listed: never its secret. Instants are ISO strings. */
export const StaffToken = z.object({
  id: z.number().int(),
  vendorId: z.number().int(),
  name: z.string(),
  createdAt: z.string(),
  /** null until first used; updated at most once a minute */
  lastUsedAt: z.string().nullable(),
  /** null while the token works */
  revokedAt: z.string().nullable(),
});
export type StaffToken = z.infer<typeof StaffToken>;

/** GET /ops/v1/vendor/{vendorId}/staff-tokens: every token of the store, revoked ones included, oldest first. */
export const StaffTokenList = z.array(StaffToken);

/** 201 of POST …/staff-tokens: the only time the token itself is ever shown. */
export const StaffTokenCreated = z.object({
  id: z.number().int(),
  vendorId: z.number().int(),
  name: z.string(),
  createdAt: z.string(),
  token: z.string(),
  /** the staff display's address that signs a device in with this token (for a link or a QR code) */
  signInUrl: z.string(),
  /** that address as a QR code (an SVG document) for the admin to show to the device's camera */
  signInQrSvg: z.string(),
});
export type StaffTokenCreated = z.infer<typeof StaffTokenCreated>;

/** DELETE /ops/v1/vendor/{vendorId}/staff-tokens/{id} */
export const StaffTokenParams = z.object({ vendorId: DecimalId, id: DecimalId });
