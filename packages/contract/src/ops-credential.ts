import { z } from 'zod';

/** GET /ops/v1/credential: who the presented token is. */
export const OpsCredential = z.object({
  kind: z.enum(['admin', 'staff']),
  /** the store a staff token acts for; null for the venue admin */
  vendorId: z.number().int().nullable(),
  /** the staff token's name ("Bar tablet 1"); null for the venue admin */
  name: z.string().nullable(),
});
export type OpsCredential = z.infer<typeof OpsCredential>;
