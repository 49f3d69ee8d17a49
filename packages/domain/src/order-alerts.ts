/**
 * What a customer is told when the vendor moves their order (issue 15 part 2): the same words in
 * the wait screen's in-page alert and in the Web Push notification the server sends to a locked
 * phone, so both say it alike. The titles are the app's own (the ready alert, the pick-up and
 * discuss-order modals); each body names the store and the claim ticket.
 */
import { ALERT_STATUSES } from './order-status.ts';

export type AlertStatus = (typeof ALERT_STATUSES)[number];

export function isAlertStatus(status: string | null | undefined): status is AlertStatus {
  return status != null && (ALERT_STATUSES as readonly string[]).includes(status);
}

export interface OrderAlertFacts {
  status: AlertStatus;
  /** home delivery: "We're on our way!" instead of 'Your order is ready!' */
  delivery: boolean;
  storeName: string;
  claimTicket: string | null;
}

export interface OrderAlertText {
  title: string;
  body: string;
}

/** Spec §4: the discuss-order modal's title (VendorSupportRequired). */
export const DISCUSS_ORDER_TITLE = 'We need to discuss your order with you at the shop';
export const READY_TITLE = 'Your order is ready!';
export const ON_OUR_WAY_TITLE = "We're on our way!";
export const CANCELLED_TITLE = 'Your order could not be completed';

/** The title and text of the alert for an order that became `status`. */
export function orderAlertText({ status, delivery, storeName, claimTicket }: OrderAlertFacts): OrderAlertText {
  const order = claimTicket ? `Order ${claimTicket}` : 'Your order';
  switch (status) {
    case 'PendingAlerted':
      return delivery
        ? { title: ON_OUR_WAY_TITLE, body: `${order} from ${storeName} is on its way.` }
        : { title: READY_TITLE, body: `${order} is ready to collect from ${storeName}.` };
    case 'Cancelled':
      return {
        title: CANCELLED_TITLE,
        body: `${storeName} could not complete ${claimTicket ? `order ${claimTicket}` : 'your order'}. Please see the staff at the shop about it.`,
      };
    case 'VendorSupportRequired':
      return {
        title: DISCUSS_ORDER_TITLE,
        body: `Please come to ${storeName}${claimTicket ? ` and show your order number ${claimTicket}` : ''}.`,
      };
  }
}

/** One notification per order: a later one replaces the earlier instead of stacking. */
export function orderAlertTag(orderId: number | string): string {
  return `order-${orderId}`;
}
