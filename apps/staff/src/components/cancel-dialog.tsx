import { useEffect, useRef } from 'react';

/** Asks before cancelling: the stock goes back and the customer is refunded, which cannot be undone. */
export function CancelDialog({
  orderNumber,
  onConfirm,
  onClose,
}: {
  orderNumber: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (orderNumber !== null && !dialog.open) dialog.showModal();
    if (orderNumber === null && dialog.open) dialog.close();
  }, [orderNumber]);
  return (
    <dialog ref={ref} className="dialog" aria-labelledby="cancel-title" onClose={onClose}>
      <h2 id="cancel-title">Cancel order {orderNumber}?</h2>
      <p>The customer is refunded and the items go back into stock. This cannot be undone.</p>
      <div className="dialog-actions">
        <button type="button" className="action action-secondary" autoFocus onClick={onClose}>
          Keep order
        </button>
        <button type="button" className="action action-danger" onClick={onConfirm}>
          Cancel order
        </button>
      </div>
    </dialog>
  );
}
