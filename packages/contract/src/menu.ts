import { z } from 'zod';
import { Money } from './common.ts';

export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export const Weekday = z.enum(WEEKDAYS);
export type Weekday = z.infer<typeof Weekday>;

/** A window of a day in the venue's time zone, both ends inclusive, "HH:mm". */
export const TimeWindow = z.object({
  startTime: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/),
  endTime: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/),
});
export type TimeWindow = z.infer<typeof TimeWindow>;

/** Weekday → windows when the item can be ordered; null means always. A weekday absent from the map means not that day. */
export const Availability = z.partialRecord(Weekday, z.array(TimeWindow)).nullable();
export type Availability = z.infer<typeof Availability>;

export const MenuItem = z.object({
  id: z.number().int(),
  vendorId: z.number().int(),
  name: z.string(),
  description: z.string(),
  price: Money,
  itemType: z.string(),
  displayOrder: z.number().int(),
  visible: z.boolean(),
  /** null: not counted (unlimited) */
  currentInventory: z.number().int().nullable(),
  burden: z.number().int().nonnegative(),
  isRestricted: z.boolean(),
  displayAssetId: z.number().int().nullable(),
  modifierGroupsIds: z.array(z.number().int()),
  availability: Availability,
});
export type MenuItem = z.infer<typeof MenuItem>;

export const Modifier = z.object({
  id: z.number().int(),
  name: z.string(),
  price: Money,
  visible: z.boolean(),
  displayOrder: z.number().int(),
  groupId: z.number().int(),
});
export type Modifier = z.infer<typeof Modifier>;

export const ModifierGroup = z.object({
  id: z.number().int(),
  name: z.string(),
  modifierIds: z.array(z.number().int()),
  minimumChoices: z.number().int().nonnegative(),
  /** 0 = unlimited */
  maximumChoices: z.number().int().nonnegative(),
  defaultModifierId: z.number().int().nullable(),
  visible: z.boolean(),
  displayOrder: z.number().int(),
  selectionRequiredText: z.string().nullable(),
});
export type ModifierGroup = z.infer<typeof ModifierGroup>;

/** GET /v1/vendor/{vendorId}/current-menu */
export const Menu = z.object({
  id: z.number().int(),
  vendorId: z.number().int(),
  items: z.array(MenuItem),
  modifiers: z.array(Modifier),
  modifierGroups: z.array(ModifierGroup),
});
export type Menu = z.infer<typeof Menu>;
