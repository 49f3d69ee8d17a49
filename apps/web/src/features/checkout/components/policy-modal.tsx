import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import styles from './checkout.module.css';

/** Spec §2/§9: the refund and data policy, shown before paying. Reject goes to start; Accept closes. */
export function PolicyModal({
  open,
  venueName,
  onAccept,
  onReject,
}: {
  open: boolean;
  venueName: string;
  onAccept: () => void;
  onReject: () => void;
}) {
  return (
    <Modal
      open={open}
      title="Refund and Data Policy"
      initialFocus="dialog"
      describedById="policy-text"
      actions={
        <>
          <Button block onClick={onAccept}>
            Accept
          </Button>
          <Button block variant="secondary" onClick={onReject}>
            Reject
          </Button>
        </>
      }
    >
      <div className={styles.policy} id="policy-text">
        <h3>Refunds</h3>
        <p>Orders are prepared as soon as they are paid. Refunds are not given for:</p>
        <ul>
          <li>orders not collected (no-shows),</li>
          <li>a change of mind,</li>
          <li>orders placed by accident,</li>
          <li>orders picked up late.</li>
        </ul>
        <h3>Your details</h3>
        <p>
          {venueName} uses your mobile number, e-mail and name only to process this order, tell you when it is ready and
          send your receipt. Card details go straight to the payment gateway and are never stored by the venue.
        </p>
        <p className={styles.muted}>Policy dated 13 April 2020.</p>
      </div>
    </Modal>
  );
}
