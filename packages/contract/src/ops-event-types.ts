/**
 * The event names of GET /ops/v1/vendor/{vendorId}/events, without zod, so a browser app imports
 * them without the schema library (ops-events.ts re-exports them beside the schemas).
 *
 * Data events carry the JSON their own routes answer: `order` the ops order (as the orders list
 * shows it), `vendor` the vendor (as PATCH /ops/v1/vendor answers), `menu-item` the menu item (as
 * PATCH …/menu-item answers). Control events: `ready`, the stream is live (after any replay), its id
 * is where a later resume starts; `reset`, the events since the client's last id can no longer be
 * replayed (too old, too many, or an id this server never gave): read the orders, vendor and menu
 * again.
 */
export const OPS_DATA_EVENT_TYPES = ['order', 'vendor', 'menu-item'] as const;
export const OPS_CONTROL_EVENT_TYPES = ['ready', 'reset'] as const;
export type OpsControlEventType = (typeof OPS_CONTROL_EVENT_TYPES)[number];

/** Every event name of the stream, by a name to write in code. */
export const OPS_EVENTS = {
  order: 'order',
  vendor: 'vendor',
  menuItem: 'menu-item',
  ready: 'ready',
  reset: 'reset',
} as const satisfies Record<string, (typeof OPS_DATA_EVENT_TYPES)[number] | OpsControlEventType>;
export type OpsEventType = (typeof OPS_EVENTS)[keyof typeof OPS_EVENTS];
