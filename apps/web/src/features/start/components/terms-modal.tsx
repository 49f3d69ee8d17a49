import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import styles from './terms-modal.module.css';

export interface TermsModalProps {
  open: boolean;
  venueName: string;
  /** the trading entity, when the build names one */
  legalEntityName: string;
  businessNumber: string;
  onAccept: () => void;
  onReject: () => void;
}

/** Spec §9: the terms and refund policy dated 13 April 2020. Reject and Accept both close it. */
export function TermsModal({ open, venueName, legalEntityName, businessNumber, onAccept, onReject }: TermsModalProps) {
  const operator = legalEntityName || venueName;
  return (
    <Modal
      open={open}
      title="Terms and conditions"
      initialFocus="dialog"
      onDismiss={onReject}
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
      <div className={styles.terms}>
        <p className={styles.date}>Terms and refund policy — 13 April 2020</p>
        <p>
          These terms apply when you order food or drinks from the stores at {venueName} through this app
          {legalEntityName ? `, operated by ${operator}` : ''}
          {businessNumber ? ` (ABN ${businessNumber})` : ''}.
        </p>
        <h3>Your order</h3>
        <p>
          An order is placed when your payment is accepted. Prices include GST and any service charges shown before you
          pay. Preparation times are estimates and may change when the venue is busy.
        </p>
        <h3>Collection and delivery</h3>
        <p>
          Collect your order from the store shown on your order screen once we tell you it is ready, and show your order
          number to the staff. For home delivery, make sure the address and phone number you give are correct and that
          someone is there to receive it.
        </p>
        <h3>Refunds</h3>
        <p>We do not give refunds for:</p>
        <ul>
          <li>orders that are not collected (no-shows);</li>
          <li>a change of mind;</li>
          <li>orders placed by accident;</li>
          <li>orders collected late, after they were ready.</li>
        </ul>
        <p>
          If a store cannot fill your order, or what you receive is not what you ordered, speak to the store staff and
          we will put it right or refund you. Nothing in these terms limits your rights under the Australian Consumer
          Law.
        </p>
        <h3>Alcohol</h3>
        <p>
          Alcohol is served only to people aged 18 or over, and at most 6 alcoholic drinks per order. Staff may ask for
          identification and refuse service.
        </p>
        <h3>Your details</h3>
        <p>
          We use your phone number, email and name only to process and tell you about your order and to send your
          receipt.
        </p>
      </div>
    </Modal>
  );
}
