import { useEffect, useMemo, useState } from 'react';
import { orderAlertTag, orderAlertText } from '@venue/domain/order-alerts';
import { refundSentence } from '@venue/domain/order-refund';
import { isWaitOver } from '@venue/domain/order-wait';
import { orderProgress } from '@venue/domain/progress';
import { formatClockTime } from '@venue/domain/time-zone';
import { waitEstimateText } from '@venue/domain/wait-estimate';
import { Button } from '../../../components/ui/button';
import { Loader } from '../../../components/ui/loader';
import type { SigningKey } from '../../../lib/request-signing';
import { useNow } from '../hooks/use-now';
import { useWaitForOrder } from '../hooks/use-wait-for-order';
import { browserFacts, HOME_SCREEN_HINT, needsHomeScreenForPush } from '../lib/home-screen-hint';
import { subscribeOrderToPush } from '../lib/push-subscription';
import { notificationPermission, readyAlert, requestNotificationPermission } from '../lib/ready-alert';
import type { TrackingVendor } from '../lib/tracking-vendor';
import type { PlacedOrderState } from '../../../entities/placed-order';
import { ClaimTicket } from './claim-ticket';
import { ProgressIndicator } from './progress-indicator';
import { PickUpModal, ReceiptModal, TemporaryProblemModal } from './tracking-modals';
import { VendorDetails } from './vendor-details';
import styles from './wait-order-screen.module.css';

/** Spec §2 wait order heading. */
export const WAIT_ORDER_HEADING = 'Wait and keep checking screen';

export interface WaitOrderScreenProps {
  order: Pick<
    PlacedOrderState,
    | 'id'
    | 'vendorId'
    | 'orderStatus'
    | 'claimTicket'
    | 'positionInQueue'
    | 'secsToServiceEstimate'
    | 'requestedServiceTime'
    | 'timing'
    | 'refund'
  >;
  /** the order's vendor; null while it is unknown (the loader shows) */
  vendor: TrackingVendor | null;
  signingKey: SigningKey | null;
  /** home delivery: "We're on our way" instead of 'Pick up now' */
  delivery: boolean;
  deliveryAddress: { text: string; location: { latitude: number; longitude: number } | null } | null;
  mapsKey: string;
  alertOrderPath: string;
  /** the consumer's e-mail, offered in the receipt modal */
  email: string;
  /** sends the receipt to an address; failures are only logged by the caller */
  onSendReceipt: (email: string) => void;
  /** go to alert-order (finished order, or Ok on a cancelled order) */
  onMoveOn: () => void;
  /** poll interval, for tests */
  intervalMs?: number;
}

/** The ordinal of a queue position for the sentence "You are 3rd in the queue". */
function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${{ 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] ?? 'th'}`;
}

/** Whether the loader shows instead of the screen (spec §2): vendor unknown, or Waiting without a queue position. */
export function waitScreenLoading(
  order: { orderStatus: string | null; positionInQueue: number | null },
  vendor: unknown,
) {
  return !vendor || (order.orderStatus === 'Waiting' && order.positionInQueue === null);
}

/** Spec §2 wait order (step 2): queue position, progress, estimate, order number, receipt, vendor, ready modal. */
export function WaitOrderScreen(props: WaitOrderScreenProps) {
  const { order, vendor, signingKey, delivery, deliveryAddress, mapsKey, alertOrderPath, email } = props;
  const { onSendReceipt, onMoveOn, intervalMs } = props;
  const now = useNow(1000);
  const { state, retry } = useWaitForOrder({
    key: signingKey,
    vendorId: order.vendorId,
    orderId: order.id,
    status: order.orderStatus,
    ...(intervalMs !== undefined ? { intervalMs } : {}),
  });
  const [receiptOpen, setReceiptOpen] = useState(false);
  const [receiptSentTo, setReceiptSentTo] = useState<string | null>(null);
  const [permission, setPermission] = useState(notificationPermission);

  useEffect(() => {
    if (state.kind === 'move-on') onMoveOn();
  }, [state.kind, onMoveOn]);

  // Issue 5 part 8: the order turned ready; tell the customer even if they are looking elsewhere.
  const readyStatus = state.kind === 'pick-up' ? state.status : null;
  const storeName = vendor?.storeName ?? '';
  const refundLine = order.refund ? refundSentence(order.refund) : null;
  useEffect(() => {
    if (readyStatus !== 'PendingAlerted') return;
    // The same words as the push notification the server sends (packages/domain order-alerts).
    return readyAlert({
      ...orderAlertText({ status: 'PendingAlerted', delivery, storeName, claimTicket: order.claimTicket }),
      tag: orderAlertTag(order.id ?? ''),
    });
    // Once per ready status; the texts are read at that moment.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [readyStatus]);

  // Issue 15 part 2: once notifications are allowed, the order is also told to this phone by Web
  // Push, so the alert arrives with the page closed or the phone locked. Best effort: on failure the
  // in-page alert above is all there is, and nothing is shown.
  const orderOver = isWaitOver(order.orderStatus);
  useEffect(() => {
    if (permission !== 'granted' || orderOver || !signingKey || order.id === null) return;
    void subscribeOrderToPush(signingKey, order.id);
  }, [permission, orderOver, signingKey, order.id]);
  // An iPhone gets push only from the Home Screen app: say so where the button is.
  const homeScreenHint = useMemo(() => needsHomeScreenForPush(browserFacts()), []);

  if (waitScreenLoading(order, vendor) || !vendor) {
    return (
      <>
        <h1 className={styles.heading}>{WAIT_ORDER_HEADING}</h1>
        <Loader label="Loading your order…" />
        <TemporaryProblemModal
          open={state.kind === 'problem'}
          cancelled={state.kind === 'problem' && state.cancelled}
          storeName={storeName || 'the store'}
          refundLine={refundLine}
          onOk={state.kind === 'problem' && state.cancelled ? onMoveOn : retry}
        />
      </>
    );
  }

  // Once the vendor has marked the order ready the wait is over, whatever the estimate said.
  const ready = isWaitOver(order.orderStatus) && order.orderStatus !== 'Cancelled';
  const progress = orderProgress(order.timing, now, order.orderStatus);
  const scheduled = order.orderStatus === 'Scheduled';
  const timeZone = vendor.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;

  return (
    <div className={styles.screen}>
      <h1 className={styles.heading}>{WAIT_ORDER_HEADING}</h1>

      <ClaimTicket claimTicket={order.claimTicket} />

      <section className={styles.card} aria-label="Order status">
        {scheduled && order.requestedServiceTime ? (
          <p className={styles.scheduled}>
            Scheduled for <strong>{formatClockTime(Date.parse(order.requestedServiceTime), timeZone)}</strong>
          </p>
        ) : (
          <div className={styles.position} aria-live="polite" aria-atomic="true">
            {ready ? (
              <span className={styles.ready}>{delivery ? 'Your order is on its way' : 'Your order is ready'}</span>
            ) : order.positionInQueue !== null ? (
              <>
                <span className={styles.label}>Queue position</span>
                <strong className={styles.positionNumber} data-testid="queue-position">
                  {order.positionInQueue}
                </strong>
                <span className="visually-hidden">, you are {ordinal(order.positionInQueue)} in the queue</span>
              </>
            ) : (
              <span className={styles.label}>Sending your order to {vendor.storeName}…</span>
            )}
          </div>
        )}

        <ProgressIndicator percent={progress.percent} step={progress.step} />

        {!ready && (
          <p className={styles.estimate}>
            <span className={styles.label}>Estimated wait</span>{' '}
            <strong data-testid="wait-estimate">{waitEstimateText(order.secsToServiceEstimate)}</strong>
          </p>
        )}
      </section>

      <div className={styles.actions}>
        {/* Once the order is ready there is nothing left to be notified of. */}
        {permission === 'default' && !ready && (
          <Button
            variant="secondary"
            block
            onClick={() => void requestNotificationPermission().then((answer) => setPermission(answer))}
          >
            Notify me when ready
          </Button>
        )}
        {permission === 'granted' && !ready && (
          <p className={styles.note}>We will notify you on this phone when your order is ready.</p>
        )}
        {homeScreenHint && !ready && (
          <p className={styles.note} data-testid="home-screen-hint">
            {HOME_SCREEN_HINT}
          </p>
        )}
        <Button variant="secondary" block onClick={() => setReceiptOpen(true)}>
          Email receipt
        </Button>
        {receiptSentTo && (
          <p className={styles.note} role="status">
            Your receipt is on its way to {receiptSentTo}.
          </p>
        )}
      </div>

      <VendorDetails vendor={vendor} mapsKey={mapsKey} deliveryAddress={delivery ? deliveryAddress : null} />

      {receiptOpen && (
        <ReceiptModal
          open
          initialEmail={email}
          onCancel={() => setReceiptOpen(false)}
          onSend={(address) => {
            setReceiptOpen(false);
            setReceiptSentTo(address);
            onSendReceipt(address);
          }}
        />
      )}
      <PickUpModal
        open={state.kind === 'pick-up'}
        delivery={delivery}
        claimTicket={order.claimTicket}
        storeName={vendor.storeName}
        alertOrderPath={alertOrderPath}
      />
      <TemporaryProblemModal
        open={state.kind === 'problem'}
        cancelled={state.kind === 'problem' && state.cancelled}
        storeName={vendor.storeName}
        refundLine={refundLine}
        onOk={state.kind === 'problem' && state.cancelled ? onMoveOn : retry}
      />
    </div>
  );
}
