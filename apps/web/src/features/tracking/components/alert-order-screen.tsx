import { useEffect, useState } from 'react';
import { refundSentence } from '@venue/domain/order-refund';
import { isReadyStatus } from '@venue/domain/order-status';
import { Button } from '../../../components/ui/button';
import type { SigningKey } from '../../../lib/request-signing';
import { sendAlertedOnce } from '../lib/alerted-once';
import type { SummaryView } from '@venue/domain/payment-summary';
import type { TrackingVendor } from '../lib/tracking-vendor';
import type { PlacedOrderState } from '../../../entities/placed-order';
import { ClaimTicket } from './claim-ticket';
import { OrderSummary } from './order-summary';
import { DISCUSS_ORDER_TEXT, DiscussOrderModal, GetHelpModal, PickUpModal, RefundLine } from './tracking-modals';
import { VendorDetails } from './vendor-details';
import styles from './alert-order-screen.module.css';

/** Statuses after which the customer must see the shop: spec §4 VendorSupportRequired or Cancelled. */
export function needsSupport(status: string | null): boolean {
  return status === 'VendorSupportRequired' || status === 'Cancelled';
}

export interface AlertOrderScreenProps {
  order: Pick<PlacedOrderState, 'id' | 'vendorId' | 'orderStatus' | 'claimTicket' | 'refund'>;
  /** the order's vendor, when known */
  vendor: TrackingVendor | null;
  signingKey: SigningKey | null;
  delivery: boolean;
  deliveryAddress: { text: string; location: { latitude: number; longitude: number } | null } | null;
  mapsKey: string;
  /** the read-only summary of what was ordered, when known */
  summary: SummaryView | null;
  /** ends this order and goes to the start of the flow (the screen's own 'Start new order') */
  onStartNewOrder: () => void;
}

/**
 * Spec §2 alert order (step 3): collect or delivery instructions, the vendor's place (image, map or
 * address), the order number and a read-only summary. For VendorSupportRequired or Cancelled the
 * modal 'We need to discuss your order with you at the shop' opens (spec §4), whose 'Get Help'
 * button gives the vendor's phone and place; closed, the screen says the same and keeps the button.
 * A cancelled order whose payment went back says so in one line, and its modal offers 'Start new
 * order' too. A helped order that turns ready while the screen is open gets the pick-up alert.
 * 'Start new order' is the screen's action, given by the route.
 */
export function AlertOrderScreen({
  order,
  vendor,
  signingKey,
  delivery,
  deliveryAddress,
  mapsKey,
  summary,
  onStartNewOrder,
}: AlertOrderScreenProps) {
  const support = needsSupport(order.orderStatus);
  const [modal, setModal] = useState<'discuss' | 'help' | 'ready' | null>(support ? 'discuss' : null);
  const storeName = vendor?.storeName ?? 'the store';
  const cancelled = order.orderStatus === 'Cancelled';
  const refundLine = cancelled && order.refund ? refundSentence(order.refund) : null;

  // The status can turn while the screen is open (the order is followed live): tell the customer
  // then. A helped order made ready gets the pick-up alert the wait screen would have given.
  const [shownFor, setShownFor] = useState(support);
  if (support !== shownFor) {
    setShownFor(support);
    setModal(support ? 'discuss' : isReadyStatus(order.orderStatus) ? 'ready' : null);
  }

  // The customer reached the ready order: the vendor learns they have seen it (spec §7 alerted).
  const consumerId = signingKey?.consumerId ?? null;
  const hmacKey = signingKey?.hmacKey ?? null;
  useEffect(() => {
    if (order.orderStatus !== 'PendingAlerted' || order.id === null || order.vendorId === null) return;
    if (!consumerId || !hmacKey) return;
    void sendAlertedOnce({ consumerId, hmacKey }, { vendorId: order.vendorId, orderId: order.id });
  }, [order.orderStatus, order.id, order.vendorId, consumerId, hmacKey]);

  return (
    <div className={styles.screen}>
      {support ? (
        <section className={styles.support}>
          <h1 className={styles.heading}>{DISCUSS_ORDER_TEXT}</h1>
          <p>Please come to {storeName} and show this order number.</p>
          <RefundLine text={refundLine} className={styles.refund} />
          {/* behind an open modal the page is inert: its button shows once the modal is closed */}
          {modal === null && (
            <Button block onClick={() => setModal('help')}>
              Get Help
            </Button>
          )}
        </section>
      ) : delivery ? (
        <section className={styles.instructions}>
          <h1 className={styles.heading}>We&apos;re on our way</h1>
          <p>
            {storeName} will deliver your order{deliveryAddress ? ` to ${deliveryAddress.text}` : ''}. Have your order
            number ready when it arrives.
          </p>
        </section>
      ) : (
        <section className={styles.instructions}>
          <h1 className={styles.heading}>Collect your order</h1>
          <p>Show this order number at {storeName} to collect your order.</p>
        </section>
      )}

      <ClaimTicket claimTicket={order.claimTicket} />

      {vendor && (
        <VendorDetails
          vendor={vendor}
          mapsKey={mapsKey}
          deliveryAddress={delivery && !support ? deliveryAddress : null}
          heading={support ? 'Where to find us' : delivery ? 'Delivering from' : 'Collect from'}
        />
      )}

      {summary && <OrderSummary summary={summary} />}

      <DiscussOrderModal
        open={modal === 'discuss'}
        storeName={storeName}
        claimTicket={order.claimTicket}
        refundLine={refundLine}
        onGetHelp={() => setModal('help')}
        onStartNewOrder={cancelled ? onStartNewOrder : undefined}
        onDismiss={() => setModal(null)}
      />
      <PickUpModal
        open={modal === 'ready'}
        delivery={delivery}
        claimTicket={order.claimTicket}
        storeName={storeName}
        onClose={() => setModal(null)}
      />
      <GetHelpModal
        open={modal === 'help'}
        vendor={vendor ?? { storeName, phoneNumber: '', location: '' }}
        claimTicket={order.claimTicket}
        onClose={() => setModal(null)}
      />
    </div>
  );
}
