import { z } from 'zod';

/**
 * The events of GET /ops/v1/vendor/{vendorId}/events (Server-Sent Events). Data events carry the
 * JSON their own routes answer: `order` the ops order (as the orders list shows it), `vendor` the
 * vendor (as PATCH /ops/v1/vendor answers), `menu-item` the menu item (as PATCH …/menu-item answers).
 */
export const OPS_DATA_EVENT_TYPES = ['order', 'vendor', 'menu-item'] as const;
export const OpsDataEventType = z.enum(OPS_DATA_EVENT_TYPES);
export type OpsDataEventType = z.infer<typeof OpsDataEventType>;

/**
 * Control events of the stream. `ready`: the stream is live (after any replay); its id is where a
 * later resume starts. `reset`: the events since the client's last id can no longer be replayed
 * (too old, too many, or an id this server never gave): read the orders, vendor and menu again.
 */
export const OPS_CONTROL_EVENT_TYPES = ['ready', 'reset'] as const;
export type OpsControlEventType = (typeof OPS_CONTROL_EVENT_TYPES)[number];

/** An event id: decimal digits (the Last-Event-ID header or the lastEventId query parameter). */
export const OpsEventId = z
  .string()
  .regex(/^\d{1,15}$/, 'lastEventId must be an event id: a whole number written in digits')
  .transform(Number);

/** GET /ops/v1/vendor/{vendorId}/events?lastEventId=123 (for clients that cannot send Last-Event-ID) */
export const OpsEventsQuery = z.strictObject({ lastEventId: OpsEventId.optional() });
export type OpsEventsQuery = z.infer<typeof OpsEventsQuery>;

/** The data of `ready` and `reset`. */
export const OpsStreamControl = z.object({ lastEventId: z.number().int().nonnegative(), message: z.string() });
export type OpsStreamControl = z.infer<typeof OpsStreamControl>;
