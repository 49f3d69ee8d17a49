import { z } from 'zod';

/** PATCH /ops/v1/vendor/{vendorId}: the operator's switches. `tts` in ms. */
export const VendorPatch = z
  .strictObject({
    isOpen: z.boolean().optional(),
    isPaused: z.boolean().optional(),
    tts: z.number().int().nonnegative().max(86_400_000).optional(),
  })
  .refine((patch) => Object.keys(patch).length > 0, 'Give at least one of isOpen, isPaused, tts');
export type VendorPatch = z.infer<typeof VendorPatch>;

/** PATCH /ops/v1/vendor/{vendorId}/menu-item/{itemId}: stock (null: not counted) and visibility. */
export const MenuItemPatch = z
  .strictObject({
    currentInventory: z.number().int().nonnegative().max(1_000_000).nullable().optional(),
    visible: z.boolean().optional(),
  })
  .refine((patch) => Object.keys(patch).length > 0, 'Give at least one of currentInventory, visible');
export type MenuItemPatch = z.infer<typeof MenuItemPatch>;
