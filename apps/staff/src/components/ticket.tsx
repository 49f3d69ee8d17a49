import type { OpsOrder, VendorSetStatus } from '@venue/contract/ops-orders';
import { addressLines, addressNote } from '@venue/domain/delivery-address';
import { formatWaited, nextStep, ticketActions, urgencyOf, waitingSince } from '@venue/domain/kitchen-board';
import { formatClockTime } from '@venue/domain/time-zone';

/** The label of a move on a ticket: collected for take-away, delivered for home delivery. */
export function actionLabel(status: VendorSetStatus, delivery: boolean): string {
  switch (status) {
    case 'PendingAlerted':
      return 'Ready';
    case 'Serviced':
      return delivery ? 'Delivered' : 'Collected';
    case 'VendorSupportRequired':
      return 'Needs help';
    case 'Cancelled':
      return 'Cancel';
  }
}

const URGENCY_TEXT = { ok: '', soon: 'Due soon', late: 'Late' } as const;

export interface TicketProps {
  order: OpsOrder;
  ttsMs: number;
  nowMs: number;
  timeZone: string;
  fresh: boolean;
  /** the move being sent, if any */
  busy: VendorSetStatus | null;
  /** what the last move did, or why it failed */
  result: { ok: boolean; text: string } | null;
  onAction: (status: VendorSetStatus) => void;
}

/** One order as the kitchen reads it: the number large, what to make, for whom, and how long it has waited. */
export function Ticket({ order, ttsMs, nowMs, timeZone, fresh, busy, result, onAction }: TicketProps) {
  const delivery = order.serviceMode === 'HomeDelivery';
  const waited = nowMs - waitingSince(order);
  const urgency = order.orderStatus === 'Scheduled' ? 'ok' : urgencyOf(waited, ttsMs);
  const actions = ticketActions(order.orderStatus);
  const next = nextStep(order.orderStatus);
  const number = order.claimTicket ?? String(order.id);
  const headingId = `ticket-${order.id}`;
  const address = order.deliveryAddress;
  return (
    <article
      className={`ticket ticket-${urgency}${fresh ? ' ticket-fresh' : ''}`}
      tabIndex={0}
      aria-labelledby={headingId}
      data-order-id={order.id}
      data-next={next ?? ''}
    >
      <header className="ticket-head">
        <h3 id={headingId} className="ticket-number">
          <span className="visually-hidden">Order </span>
          {number}
        </h3>
        <p className={`ticket-waited waited-${urgency}`}>
          <span className="visually-hidden">Waited </span>
          {formatWaited(waited)}
          {URGENCY_TEXT[urgency] && <span className="urgency-tag">{URGENCY_TEXT[urgency]}</span>}
        </p>
      </header>
      <p className="ticket-who">
        <strong>{order.customerName ?? 'Guest'}</strong> · {delivery ? 'Delivery' : 'Take away'}
        {order.requestedServiceTime && <> · for {formatClockTime(Date.parse(order.requestedServiceTime), timeZone)}</>}
        {order.orderStatus === 'Alerted' && <> · customer has seen it</>}
      </p>
      {delivery && address && (
        <p className="ticket-address">
          {addressLines(address).join(', ')}
          {addressNote(address) && <> ({addressNote(address)})</>}
        </p>
      )}
      <ul className="ticket-lines">
        {order.lines.map((line, index) => (
          <li key={index}>
            <span className="line-qty">{line.quantity}×</span> <span className="line-name">{line.name}</span>
            {line.modifiers.length > 0 && (
              <ul className="line-options">
                {line.modifiers.map((modifier, modIndex) => (
                  <li key={modIndex}>
                    {modifier.quantity > 1 ? `${modifier.quantity}× ` : ''}
                    {modifier.name}
                  </li>
                ))}
              </ul>
            )}
            {line.note && <p className="line-note">Note: {line.note}</p>}
          </li>
        ))}
      </ul>
      <div className="ticket-actions">
        {actions.map((status) => (
          <button
            key={status}
            type="button"
            className={`action action-${status === next ? 'primary' : status === 'Cancelled' ? 'danger' : 'secondary'}`}
            disabled={busy !== null}
            aria-busy={busy === status}
            onClick={() => onAction(status)}
          >
            {busy === status ? 'Sending…' : actionLabel(status, delivery)}
          </button>
        ))}
      </div>
      <p className={result && !result.ok ? 'ticket-result ticket-error' : 'ticket-result'} role="status">
        {result?.text ?? ''}
      </p>
    </article>
  );
}
