/** The words the back office uses for the API's codes. */
import type { OrderStatus } from '@venue/domain/order-status';

/** Order statuses in a manager's words. */
export const STATUS_LABELS: Record<OrderStatus, string> = {
  Pending: 'Not paid',
  Paid: 'Paid',
  Waiting: 'In the queue',
  Scheduled: 'Scheduled',
  PendingAlerted: 'Ready',
  Alerted: 'Ready, customer told',
  Serviced: 'Collected',
  Cancelled: 'Cancelled',
  VendorSupportRequired: 'Needs the store',
};

/** The tone of a status badge (never the only signal: the badge says the status in words). */
export function statusTone(status: OrderStatus): 'neutral' | 'active' | 'done' | 'warn' {
  switch (status) {
    case 'Waiting':
    case 'Scheduled':
    case 'Paid':
      return 'active';
    case 'PendingAlerted':
    case 'Alerted':
    case 'Serviced':
      return 'done';
    case 'Cancelled':
    case 'VendorSupportRequired':
      return 'warn';
    default:
      return 'neutral';
  }
}

export const PAYMENT_METHOD_LABELS: Record<string, string> = {
  card: 'Card',
  savedCard: 'Saved card',
  applePay: 'Apple Pay',
  googlePay: 'Google Pay',
  coupon: 'Coupon',
};

export const methodLabel = (method: string) => PAYMENT_METHOD_LABELS[method] ?? method;

export const SERVICE_MODE_LABELS: Record<string, string> = {
  TakeAway: 'Pick up',
  HomeDelivery: 'Delivery',
  NotSpecified: 'Not given',
};

export const serviceModeLabel = (mode: string) => SERVICE_MODE_LABELS[mode] ?? mode;

export const ROLE_LABELS = { admin: 'Venue admin', store: 'Store manager' } as const;

/** How a payment was made, in words: "Visa ending 4242", "Coupon FREEMEAL", "Apple Pay". */
export function paymentMeans(payment: {
  method: string;
  cardBrand: string | null;
  cardLastFour: string | null;
  couponCode: string | null;
}) {
  if (payment.method === 'coupon') return payment.couponCode ? `Coupon ${payment.couponCode}` : 'Coupon';
  const card = [payment.cardBrand, payment.cardLastFour ? `ending ${payment.cardLastFour}` : null]
    .filter(Boolean)
    .join(' ');
  return payment.method === 'card' || payment.method === 'savedCard'
    ? `${methodLabel(payment.method)}${card ? `: ${card}` : ''}`
    : `${methodLabel(payment.method)}${card ? ` (${card})` : ''}`;
}
