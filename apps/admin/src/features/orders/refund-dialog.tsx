import { useRef, useState, type FormEvent } from 'react';
import { REFUND_REASON_MAX, RefundRequest, type AdminOrderDetail } from '@venue/contract/admin-orders';
import { formatMoney, parseMajor } from '@venue/domain/money';
import { messageOf } from '../../api/admin-client';
import { refundOrder } from '../../api/orders';
import { Dialog } from '../../components/dialog';
import { FormError, TextAreaField, TextField, focusFirstInvalid } from '../../components/field';
import { newIdempotencyKey } from '../../lib/idempotency';
import { paymentMeans } from '../../lib/labels';

export type RefundMode = 'full' | 'lines' | 'amount';

/** What may be refunded of each line: its quantity less what was refunded of it already. */
export const lineRefundable = (line: AdminOrderDetail['lines'][number]) =>
  Math.max(0, line.quantity - line.refundedQuantity);

/** Whether the order was paid by a coupon alone (no money to give back; its use comes back). */
export function paidByCouponOnly(order: AdminOrderDetail): boolean {
  const paid = order.payments.filter((payment) => payment.status === 'Succeeded' || payment.status === 'Refunded');
  return paid.length > 0 && paid.every((payment) => payment.method === 'coupon');
}

/** Whether anything is left to refund. */
export const mayRefund = (order: AdminOrderDetail) =>
  order.refundableMinor > 0 || (paidByCouponOnly(order) && order.refunds.length === 0);

interface Problems {
  lines?: string;
  amount?: string;
  reason?: string;
}

/**
 * Refunds all that is left, some items, or an amount, with a reason. One Idempotency-Key per
 * opening: a double click or a retry after a lost answer refunds once. It never asks for more than
 * is left; what the server or the gateway refuses is said here, and nothing is recorded.
 */
export function RefundDialog({
  order,
  onClose,
  onRefunded,
}: {
  order: AdminOrderDetail;
  onClose: () => void;
  onRefunded: (amountMinor: number) => void;
}) {
  const [idempotencyKey] = useState(newIdempotencyKey);
  const couponOnly = paidByCouponOnly(order);
  const left = order.refundableMinor;
  const paidWith = order.payments
    .filter((payment) => payment.status === 'Succeeded' && payment.method !== 'coupon')
    .map(paymentMeans);
  const [mode, setMode] = useState<RefundMode>('full');
  const [quantities, setQuantities] = useState<Record<number, string>>({});
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  const quantityOf = (lineId: number) => {
    const text = quantities[lineId] ?? '';
    return /^\d+$/.test(text) ? Number(text) : text === '' ? 0 : NaN;
  };
  const chosenLines = order.lines
    .map((line) => ({ line, quantity: quantityOf(line.lineId) }))
    .filter(({ quantity }) => quantity !== 0);
  const linesMinor = chosenLines.reduce(
    (sum, { line, quantity }) => sum + (Number.isFinite(quantity) ? line.perItemMinor * quantity : 0),
    0,
  );
  const amountMinor = parseMajor(amount);

  /** The amount this refund gives back, as far as the form can tell. */
  const refundMinor = mode === 'full' ? left : mode === 'lines' ? Math.min(linesMinor, left) : (amountMinor ?? 0);

  const check = (): Problems => {
    const found: Problems = {};
    if (mode === 'lines') {
      const wrong = order.lines.find((line) => {
        const quantity = quantityOf(line.lineId);
        return !Number.isInteger(quantity) || quantity < 0 || quantity > lineRefundable(line);
      });
      if (wrong) found.lines = `Refund from 0 to ${lineRefundable(wrong)} of ${wrong.name}.`;
      else if (chosenLines.length === 0) found.lines = 'Choose how many of an item to refund.';
      else if (linesMinor > left && !couponOnly)
        found.lines = `These items come to ${formatMoney(linesMinor)}, more than the ${formatMoney(left)} left to refund.`;
    }
    if (mode === 'amount') {
      if (amountMinor === null || amountMinor < 1) found.amount = 'Enter an amount like 12.50.';
      else if (amountMinor > left) found.amount = `At most ${formatMoney(left)} is left to refund.`;
    }
    const checked = RefundRequest.safeParse({ reason });
    const reasonIssue = checked.success ? null : checked.error.issues.find((issue) => issue.path[0] === 'reason');
    if (reasonIssue) found.reason = reasonIssue.message;
    return found;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = check();
    setProblems(found);
    setFailure(null);
    if (found.lines || found.amount || found.reason) {
      focusFirstInvalid(form.current);
      return;
    }
    const body: RefundRequest = { reason: reason.trim() };
    if (mode === 'lines') body.lines = chosenLines.map(({ line, quantity }) => ({ lineId: line.lineId, quantity }));
    if (mode === 'amount' && amountMinor !== null) body.amountMinor = amountMinor;
    setBusy(true);
    try {
      const refund = await refundOrder(order.id, body, idempotencyKey);
      onRefunded(refund.amountMinor);
    } catch (error) {
      setFailure(messageOf(error));
      setBusy(false);
    }
  };

  const number = order.claimTicket ?? `#${order.id}`;
  return (
    <Dialog title={`Refund order ${number}`} onClose={onClose} wide>
      <p className="refund-left">
        Left to refund: <strong className="money">{formatMoney(left)}</strong>
        {couponOnly && ' (paid by coupon: refunding gives the coupon’s use back)'}
      </p>
      {paidWith.length > 0 && <p className="field-hint">The money goes back to: {paidWith.join(', ')}.</p>}
      <form ref={form} noValidate onSubmit={(event) => void submit(event)}>
        <fieldset className="choices">
          <legend>What to refund</legend>
          <label className="choice">
            <input type="radio" name="refund-mode" checked={mode === 'full'} onChange={() => setMode('full')} />
            Everything left ({formatMoney(left)})
          </label>
          <label className="choice">
            <input type="radio" name="refund-mode" checked={mode === 'lines'} onChange={() => setMode('lines')} />
            Some items
          </label>
          {!couponOnly && (
            <label className="choice">
              <input type="radio" name="refund-mode" checked={mode === 'amount'} onChange={() => setMode('amount')} />
              An amount
            </label>
          )}
        </fieldset>

        {mode === 'lines' && (
          <fieldset className="refund-lines" aria-describedby={problems.lines ? 'refund-lines-error' : undefined}>
            <legend>Items to refund</legend>
            <table className="table table-compact">
              <thead>
                <tr>
                  <th scope="col">Item</th>
                  <th scope="col" className="num">
                    Each
                  </th>
                  <th scope="col" className="num">
                    Left
                  </th>
                  <th scope="col" className="num">
                    Refund
                  </th>
                </tr>
              </thead>
              <tbody>
                {order.lines.map((line) => (
                  <tr key={line.lineId}>
                    <td>{line.name}</td>
                    <td className="num">{formatMoney(line.perItemMinor)}</td>
                    <td className="num">{lineRefundable(line)}</td>
                    <td className="num">
                      <label className="visually-hidden" htmlFor={`refund-line-${line.lineId}`}>
                        How many {line.name} to refund
                      </label>
                      <input
                        id={`refund-line-${line.lineId}`}
                        className="input input-quantity"
                        type="number"
                        inputMode="numeric"
                        min={0}
                        max={lineRefundable(line)}
                        step={1}
                        disabled={lineRefundable(line) === 0}
                        value={quantities[line.lineId] ?? ''}
                        placeholder="0"
                        aria-invalid={problems.lines ? true : undefined}
                        aria-describedby={problems.lines ? 'refund-lines-error' : undefined}
                        onChange={(event) =>
                          setQuantities((current) => ({ ...current, [line.lineId]: event.target.value }))
                        }
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            {problems.lines && (
              <p id="refund-lines-error" className="field-error">
                {problems.lines}
              </p>
            )}
          </fieldset>
        )}

        {mode === 'amount' && (
          <TextField
            id="refund-amount"
            label="Amount ($)"
            hint={`Up to ${formatMoney(left)}.`}
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            error={problems.amount}
          />
        )}

        <TextAreaField
          id="refund-reason"
          label="Reason"
          hint="Kept with the order and shown in its history."
          rows={2}
          maxLength={REFUND_REASON_MAX}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          error={problems.reason}
        />
        <FormError message={failure} />
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button-danger" disabled={busy}>
            {busy
              ? 'Refunding…'
              : refundMinor > 0 && refundMinor <= left
                ? `Refund ${formatMoney(refundMinor)}`
                : couponOnly && mode === 'full'
                  ? 'Refund the order'
                  : 'Refund'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
