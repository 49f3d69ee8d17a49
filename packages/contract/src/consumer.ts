import { z } from 'zod';
import {
  INVALID_EMAIL_TEXT,
  isValidEmail,
  isValidMobile,
  MAX_MOBILE_DIGITS,
  MIN_MOBILE_DIGITS,
  normalizeMobile,
} from '@venue/domain/validation';

/** An empty string means "not given". */
const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

/**
 * Spec §5 mobile, by the app's own rule (an optional + then 10 to 15 digits, separators ignored),
 * so the server never refuses a number the app let through; it is kept without separators.
 */
export const Mobile = z.preprocess(
  blankToNull,
  z
    .string()
    .refine(isValidMobile, `must be an optional + then ${MIN_MOBILE_DIGITS} to ${MAX_MOBILE_DIGITS} digits`)
    .transform(normalizeMobile)
    .nullable(),
);
/** Spec §5 e-mail, by the app's own rule, so both accept and refuse the same addresses. */
export const Email = z.preprocess(blankToNull, z.string().trim().refine(isValidEmail, INVALID_EMAIL_TEXT).nullable());
export const FullName = z.preprocess(blankToNull, z.string().trim().max(200).nullable());

export const ConsumerContact = z.strictObject({ mobile: Mobile.optional(), email: Email.optional() });
export const ConsumerName = z.strictObject({ fullName: FullName.optional() });
/** Free-form details the app keeps with the consumer (e.g. the legacy import marker); small and flat. */
export const ConsumerMetaData = z
  .record(z.string().max(64), z.union([z.string().max(500), z.number(), z.boolean(), z.null()]))
  .refine((value) => Object.keys(value).length <= 20, 'metaData: at most 20 keys');

/**
 * POST /v1/consumer/create (not signed: it hands out the key later requests are signed with).
 * Unknown keys are refused (`{"constructor":{"prototype":…}}` is a mistake or a probe, not a consumer).
 */
export const CreateConsumerRequest = z.strictObject({
  contact: ConsumerContact.optional(),
  name: ConsumerName.optional(),
  metaData: ConsumerMetaData.nullish(),
});
export type CreateConsumerRequest = z.infer<typeof CreateConsumerRequest>;

/** A consumer as the API shows it to the consumer itself. */
export const ConsumerProfile = z.object({
  id: z.string(),
  contact: z.object({ mobile: z.string().nullable(), email: z.string().nullable() }),
  name: z.object({ fullName: z.string().nullable() }),
  metaData: z.record(z.string(), z.unknown()).nullable(),
});
export type ConsumerProfile = z.infer<typeof ConsumerProfile>;

/** Answer of consumer/create: the profile plus `hmacKey`, the secret every (auth) call is signed with. Shown once. */
export const CreatedConsumer = ConsumerProfile.extend({ hmacKey: z.string() });
export type CreatedConsumer = z.infer<typeof CreatedConsumer>;

/** POST /v1/current-consumer/update (auth). Fields left out stay as they are; `id`, when sent, must be the signer's. */
export const UpdateConsumerRequest = z.strictObject({
  id: z.string().max(64).optional(),
  contact: ConsumerContact.optional(),
  name: ConsumerName.optional(),
  metaData: ConsumerMetaData.nullish(),
});
export type UpdateConsumerRequest = z.infer<typeof UpdateConsumerRequest>;

/** POST /v1/current-consumer/issue-receipt (auth) */
export const IssueReceiptRequest = z.object({ orderId: z.number().int().nonnegative() });
