/** Paths, step numbers and route groups of spec §2, named once. */

/** Base path of the order flow. */
export const ORDER_FLOW_BASE = '/order-flow';

export const PATHS = {
  home: '/start',
  start: '/start',
  delivery: `${ORDER_FLOW_BASE}/delivery`,
  discoverVendor: `${ORDER_FLOW_BASE}/discover-vendor`,
  placeOrder: `${ORDER_FLOW_BASE}/place-order`,
  confirmOrder: `${ORDER_FLOW_BASE}/confirm-order`,
  confirmContact: `${ORDER_FLOW_BASE}/confirm-contact`,
  payment: `${ORDER_FLOW_BASE}/payment`,
  waitOrder: `${ORDER_FLOW_BASE}/wait-order`,
  alertOrder: `${ORDER_FLOW_BASE}/alert-order`,
} as const;

/** The spec does not show the consumer-details path; the contact screen is where details are entered. */
export const CONSUMER_DETAILS_PATH = PATHS.confirmContact;

export type FlowPath = (typeof PATHS)[Exclude<keyof typeof PATHS, 'home' | 'start'>];

/** Spec §2 step numbers: payment 1, wait-order 2, alert-order 3, all others 0. */
export function stepOf(pathname: string): 0 | 1 | 2 | 3 {
  switch (pathname.replace(/\/+$/, '')) {
    case PATHS.payment:
      return 1;
    case PATHS.waitOrder:
      return 2;
    case PATHS.alertOrder:
      return 3;
    default:
      return 0;
  }
}

/** Step header labels; the last one reads 'Deliver' for home delivery. */
export const STEP_LABELS = ['Order', 'Pay', 'Track', 'Collect'] as const;
export const DELIVERY_LAST_STEP_LABEL = 'Deliver';

/**
 * Route groups of spec §2. The spec lists their members but not their purpose; the names below say
 * what the members have in common.
 */
export const ROUTE_GROUPS = {
  /** (start, alert-order): the entry screen and the final screen. */
  entryAndFinal: [PATHS.start, PATHS.alertOrder],
  /** (confirm-order … alert-order): after the basket is confirmed. */
  afterBasket: [PATHS.confirmOrder, PATHS.confirmContact, PATHS.payment, PATHS.waitOrder, PATHS.alertOrder],
  /** (payment, wait-order, alert-order): a placed order exists. */
  placedOrder: [PATHS.payment, PATHS.waitOrder, PATHS.alertOrder],
  /** (wait-order, alert-order): order tracking. */
  tracking: [PATHS.waitOrder, PATHS.alertOrder],
  /** (place-order … alert-order): an order is in progress. */
  orderInProgress: [
    PATHS.placeOrder,
    PATHS.confirmOrder,
    PATHS.confirmContact,
    PATHS.payment,
    PATHS.waitOrder,
    PATHS.alertOrder,
  ],
} as const satisfies Record<string, readonly string[]>;

/** Whether a path belongs to a route group. */
export function inRouteGroup(group: keyof typeof ROUTE_GROUPS, pathname: string): boolean {
  return (ROUTE_GROUPS[group] as readonly string[]).includes(pathname.replace(/\/+$/, ''));
}

/** Query parameter that preselects a vendor (spec §2 discover vendor, place order). */
export const VENDOR_ID_QUERY = 'vendorId';
