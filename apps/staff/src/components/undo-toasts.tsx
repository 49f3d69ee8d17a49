import type { UndoOffer } from '../lib/use-collected-undo';

/** The orders just collected, each with its 'Undo', at the foot of the board. */
export function UndoToasts({ offers, onUndo }: { offers: UndoOffer[]; onUndo: (orderId: number) => void }) {
  return (
    <div className="toasts" role="status">
      {offers.map(({ order, busy, error }) => {
        const number = order.claimTicket ?? String(order.id);
        const done = order.serviceMode === 'HomeDelivery' ? 'delivered' : 'collected';
        return (
          <div key={order.id} className="toast">
            <span>{error ? `Order ${number} is still ${done}: ${error}` : `Order ${number} ${done}`}</span>
            {!error && (
              <button
                type="button"
                className="toast-action"
                aria-label={`Undo: order ${number} ${done}`}
                disabled={busy}
                onClick={() => onUndo(order.id)}
              >
                {busy ? 'Undoing…' : 'Undo'}
              </button>
            )}
          </div>
        );
      })}
    </div>
  );
}
