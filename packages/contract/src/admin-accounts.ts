/**
 * The back office's accounts (/admin/v1): managers sign in with an email and a password and stay
 * signed in by a session cookie. An admin runs the whole venue; a store manager runs the stores
 * named on the account.
 */
import { z } from 'zod';
import { DecimalId } from './route-params.ts';

/** Spec of the back office: a password has at least 12 characters. */
export const PASSWORD_MIN_LENGTH = 12;
/** Longer than any pass phrase a person types; a bound on the work hashing does. */
export const PASSWORD_MAX_LENGTH = 256;
export const MANAGER_NAME_MAX = 80;
/** RFC 5321's longest mail path, as the customer's e-mail (validation.ts). */
export const MANAGER_EMAIL_MAX = 254;

/** The roles of spec issue 26: `admin` (everything) and `store` (the stores named on the account). */
export const MANAGER_ROLES = ['admin', 'store'] as const;
export type ManagerRole = (typeof MANAGER_ROLES)[number];

const email = z
  .string()
  .trim()
  .min(3, 'email must be an e-mail address')
  .max(MANAGER_EMAIL_MAX, `email must be at most ${MANAGER_EMAIL_MAX} characters`)
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'email must be an e-mail address')
  .transform((value) => value.toLowerCase());

const password = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `The password must have at least ${PASSWORD_MIN_LENGTH} characters.`)
  .max(PASSWORD_MAX_LENGTH, `The password must have at most ${PASSWORD_MAX_LENGTH} characters.`);

const name = z
  .string()
  .trim()
  .min(1, 'name must not be empty')
  .max(MANAGER_NAME_MAX, `name must be at most ${MANAGER_NAME_MAX} characters`)
  .regex(/^[^\p{Cc}]*$/u, 'name must not contain control characters');

/** POST /admin/v1/password: a one-time link's token and the password it sets. */
export const SetPasswordRequest = z.strictObject({
  token: z.string().min(1, 'token must not be empty').max(200, 'token is too long'),
  password,
});
export type SetPasswordRequest = z.infer<typeof SetPasswordRequest>;

/**
 * POST /admin/v1/session: signing in. Any text is taken (within bounds): what matches no account,
 * a malformed address or an empty password alike, is answered 401 "Wrong email or password."
 */
export const SignInRequest = z.strictObject({
  email: z
    .string()
    .trim()
    .max(MANAGER_EMAIL_MAX, `email must be at most ${MANAGER_EMAIL_MAX} characters`)
    .transform((value) => value.toLowerCase()),
  password: z.string().max(PASSWORD_MAX_LENGTH, 'password is too long'),
});
export type SignInRequest = z.infer<typeof SignInRequest>;

/** POST /admin/v1/password-reset: a reset link by e-mail, when the address has an account. */
export const PasswordResetRequest = z.strictObject({ email });
export type PasswordResetRequest = z.infer<typeof PasswordResetRequest>;

/** A manager as the back office shows one: never a password or a token. Instants are ISO strings. */
export const Manager = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: z.enum(MANAGER_ROLES),
  /** the stores a store manager runs (empty for an admin: every store) */
  vendorIds: z.array(z.number().int()),
  /** false until the manager has set a password from the link */
  passwordSet: z.boolean(),
  /** null while the account works */
  disabledAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Manager = z.infer<typeof Manager>;

/** GET /admin/v1/session: who is signed in. */
export const CurrentManager = Manager;

/** GET /admin/v1/managers */
export const ManagerList = z.array(Manager);

/** POST /admin/v1/managers: invites a manager (an e-mail with a link to set a password). */
export const ManagerInvite = z
  .strictObject({
    email,
    name,
    role: z.enum(MANAGER_ROLES, 'role must be "admin" or "store"'),
    vendorIds: z.array(z.number().int().min(0)).max(500, 'at most 500 stores').optional(),
  })
  .refine((invite) => invite.role === 'admin' || (invite.vendorIds?.length ?? 0) > 0, {
    message: 'A store manager runs at least one store: name it in vendorIds.',
    path: ['vendorIds'],
  });
export type ManagerInvite = z.infer<typeof ManagerInvite>;

export const ManagerParams = z.object({ id: DecimalId });
