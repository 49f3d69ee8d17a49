import type { OrderStatus } from '@venue/domain/order-status';
import { formatMoney } from '@venue/domain/money';
import { STATUS_LABELS, statusTone } from '../lib/labels';

/** An order's status in words, with a tone (never the tone alone). */
export function StatusBadge({ status }: { status: OrderStatus }) {
  return <span className={`badge badge-${statusTone(status)}`}>{STATUS_LABELS[status]}</span>;
}

/** A store's state: open, paused or closed. */
export function StoreStateBadge({ state }: { state: 'open' | 'paused' | 'closed' }) {
  const tone = state === 'open' ? 'done' : state === 'paused' ? 'warn' : 'neutral';
  const label = state === 'open' ? 'Open' : state === 'paused' ? 'Paused' : 'Closed';
  return <span className={`badge badge-${tone}`}>{label}</span>;
}

/** An amount of money, in tabular figures. */
export function Money({ minor }: { minor: number }) {
  return <span className="money">{formatMoney(minor)}</span>;
}
