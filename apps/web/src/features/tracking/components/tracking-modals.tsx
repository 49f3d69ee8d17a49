import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { INVALID_EMAIL_TEXT, isValidEmail } from '@venue/domain/validation';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { telHref, type TrackingVendor } from '../lib/tracking-vendor';
import styles from './tracking-modals.module.css';

/**
 * Spec §2/§4: the order is ready ('Pick up now') or on its way ("We're on our way"); from the wait
 * screen it links to alert-order, on alert-order itself it closes (`onClose`).
 */
export function PickUpModal({
  open,
  delivery,
  claimTicket,
  storeName,
  alertOrderPath,
  onClose,
}: {
  open: boolean;
  delivery: boolean;
  claimTicket: string | null;
  storeName: string;
  alertOrderPath?: string;
  onClose?: () => void;
}) {
  const textId = useId();
  const navigate = useNavigate();
  const collect = () => {
    if (onClose) onClose();
    else if (alertOrderPath) void navigate(alertOrderPath, { replace: true });
  };
  return (
    <Modal
      open={open}
      title={delivery ? "We're on our way" : 'Pick up now'}
      describedById={textId}
      actions={
        // A modal's action is a button, and looks like one, even where it goes to another screen.
        <Button block onClick={collect}>
          {delivery ? 'See my order' : 'Collect my order'}
        </Button>
      }
    >
      <div id={textId} className={styles.text}>
        {delivery ? (
          <p>
            Your order{claimTicket ? ` ${claimTicket}` : ''} from {storeName} is on its way to you.
          </p>
        ) : (
          <p>
            Your order{claimTicket ? ` ${claimTicket}` : ''} is ready. Collect it from {storeName} and show your order
            number.
          </p>
        )}
      </div>
    </Modal>
  );
}

/**
 * Spec §2/§4 'Temporary problem!': the order was cancelled, or it could not be read. Ok goes on
 * (to alert-order for a cancelled order, back to waiting after an error).
 */
export function TemporaryProblemModal({
  open,
  cancelled,
  storeName,
  refundLine = null,
  onOk,
}: {
  open: boolean;
  cancelled: boolean;
  storeName: string;
  /** a cancelled order's refund, in words (RefundLine), once it went through */
  refundLine?: string | null;
  onOk: () => void;
}) {
  const textId = useId();
  return (
    <Modal
      open={open}
      title="Temporary problem!"
      describedById={textId}
      actions={
        <Button block onClick={onOk}>
          Ok
        </Button>
      }
    >
      <div id={textId} className={styles.text}>
        {cancelled ? (
          <>
            <p>{storeName} could not complete your order. Please see the staff at the shop about it.</p>
            <RefundLine text={refundLine} />
          </>
        ) : (
          <p>We could not check on your order just now. Tap Ok to try again, or ask the staff at {storeName}.</p>
        )}
      </div>
    </Modal>
  );
}

/** The one plain line saying a cancelled order's payment went back (issue 23), or nothing before it has. */
export function RefundLine({ text, className }: { text: string | null; className?: string }) {
  if (!text) return null;
  return (
    <p className={className ?? styles.refund} data-testid="refund-line">
      {text}
    </p>
  );
}

/** Spec §4: what the customer is told when the vendor needs them (VendorSupportRequired, Cancelled). */
export const DISCUSS_ORDER_TEXT = 'We need to discuss your order with you at the shop';

/**
 * Spec §4: the modal for an order the vendor needs to talk about (VendorSupportRequired) or has
 * cancelled: it says 'We need to discuss your order with you at the shop', and its 'Get Help'
 * button leads to the vendor's phone and place.
 */
export function DiscussOrderModal({
  open,
  storeName,
  claimTicket,
  refundLine = null,
  onGetHelp,
  onStartNewOrder,
  onDismiss,
}: {
  open: boolean;
  storeName: string;
  claimTicket: string | null;
  /** a cancelled order's refund, in words, once it went through */
  refundLine?: string | null;
  onGetHelp: () => void;
  /** a cancelled order: the customer may order again from here */
  onStartNewOrder?: (() => void) | undefined;
  onDismiss: () => void;
}) {
  const textId = useId();
  return (
    <Modal
      open={open}
      title={DISCUSS_ORDER_TEXT}
      describedById={textId}
      onDismiss={onDismiss}
      actions={
        <>
          <Button block onClick={onGetHelp}>
            Get Help
          </Button>
          {onStartNewOrder && (
            <Button block variant="secondary" onClick={onStartNewOrder}>
              Start new order
            </Button>
          )}
        </>
      }
    >
      <div id={textId} className={styles.text}>
        <p>
          Please come to {storeName}
          {claimTicket ? ` and show your order number ${claimTicket}` : ''}.
        </p>
        <RefundLine text={refundLine} />
      </div>
    </Modal>
  );
}

/** Spec §2/§8 'Get Help': the vendor's phone and place, and the order number to quote. */
export function GetHelpModal({
  open,
  vendor,
  claimTicket,
  onClose,
}: {
  open: boolean;
  vendor: Pick<TrackingVendor, 'storeName' | 'phoneNumber' | 'location'>;
  claimTicket: string | null;
  onClose: () => void;
}) {
  const textId = useId();
  return (
    <Modal
      open={open}
      title="Get Help"
      describedById={textId}
      onDismiss={onClose}
      actions={
        <Button block variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      <div id={textId} className={styles.help}>
        {/* A store without a phone number is not offered as one to call. */}
        <p>
          Please talk to the staff at {vendor.storeName}
          {vendor.phoneNumber.trim() ? ', or call them' : ''}.
        </p>
        <dl className={styles.facts}>
          <dt>Order number</dt>
          <dd className={styles.ticket}>{claimTicket ?? '—'}</dd>
          {vendor.location && (
            <>
              <dt>Location</dt>
              <dd>{vendor.location}</dd>
            </>
          )}
          {vendor.phoneNumber.trim() && (
            <>
              <dt>Phone</dt>
              <dd>
                <a className={styles.phone} href={telHref(vendor.phoneNumber)}>
                  {vendor.phoneNumber}
                </a>
              </dd>
            </>
          )}
        </dl>
      </div>
    </Modal>
  );
}

/**
 * The receipt email capture modal (spec §2 wait order, §5): Send stays disabled unless the address
 * is non-empty and valid.
 */
export function ReceiptModal({
  open,
  initialEmail,
  onSend,
  onCancel,
}: {
  open: boolean;
  initialEmail: string;
  onSend: (email: string) => void;
  onCancel: () => void;
}) {
  const inputId = useId();
  const hintId = useId();
  const [email, setEmail] = useState(initialEmail);
  const [touched, setTouched] = useState(false);
  const valid = email.trim() !== '' && isValidEmail(email);
  return (
    <Modal
      open={open}
      title="Email my receipt"
      onDismiss={onCancel}
      actions={
        <>
          <Button block disabled={!valid} onClick={() => onSend(email.trim())}>
            Send
          </Button>
          <Button block variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        </>
      }
    >
      <form
        className={styles.form}
        onSubmit={(event) => {
          event.preventDefault();
          if (valid) onSend(email.trim());
        }}
      >
        <label htmlFor={inputId} className={styles.label}>
          Email
        </label>
        <input
          id={inputId}
          className={styles.input}
          type="email"
          inputMode="email"
          autoComplete="email"
          value={email}
          aria-invalid={touched && !valid}
          aria-describedby={hintId}
          onChange={(event) => setEmail(event.target.value)}
          onBlur={() => setTouched(true)}
        />
        <p id={hintId} className={touched && email.trim() !== '' && !valid ? styles.error : styles.hint}>
          {touched && email.trim() !== '' && !valid
            ? INVALID_EMAIL_TEXT
            : 'We will send the receipt for this order to this address.'}
        </p>
      </form>
    </Modal>
  );
}
