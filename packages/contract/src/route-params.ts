import { z } from 'zod';

/**
 * A path id as the server accepts it: decimal digits only, within a 32-bit signed integer. Plain
 * coercion with Number() would also take '', ' ', '0x10' and '1e2'; those must answer 400.
 */
export const DecimalId = z
  .string()
  .regex(/^\d{1,10}$/, 'must be a whole number written in digits')
  .transform(Number)
  .pipe(z.number().int().nonnegative().max(2_147_483_647, 'must be at most 2147483647'));

export const ClientIdParams = z.object({ clientId: DecimalId });
export const VenueIdParams = z.object({ venueId: DecimalId });
export const VendorIdParams = z.object({ vendorId: DecimalId });
export const VendorItemParams = z.object({ vendorId: DecimalId, itemId: DecimalId });

/** GET /v1/displayassets/{assetId}/transformed/{transform} */
export const DisplayAssetParams = z.object({
  assetId: DecimalId,
  transform: z.string().regex(/^(\d{1,4})?x(\d{1,4})?$/, 'transform must look like 350x, x200 or 100x100'),
});

/** /vendor/{vendorId}/order/{orderId}… */
export const VendorOrderParams = z.object({ vendorId: DecimalId, orderId: DecimalId });

/** /order/{orderId}… (the customer's order stream) */
export const OrderIdParams = z.object({ orderId: DecimalId });
