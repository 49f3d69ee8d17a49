import { z } from 'zod';
import { OPS_DATA_EVENT_TYPES } from './ops-event-types.ts';

/**
 * The events of GET /ops/v1/vendor/{vendorId}/events (Server-Sent Events). Their names are declared
 * in ops-event-types.ts (no zod there, for the staff display), re-exported here.
 */
export {
  OPS_CONTROL_EVENT_TYPES,
  OPS_DATA_EVENT_TYPES,
  OPS_EVENTS,
  type OpsControlEventType,
  type OpsEventType,
} from './ops-event-types.ts';

export const OpsDataEventType = z.enum(OPS_DATA_EVENT_TYPES);
export type OpsDataEventType = z.infer<typeof OpsDataEventType>;

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
