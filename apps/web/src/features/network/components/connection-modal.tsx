import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';

export interface ConnectionModalProps {
  open: boolean;
  venueName: string;
  onClose: () => void;
}

/** Spec §2 Modals / §8: shown when a call gets no answer; a later success closes it. */
export function ConnectionModal({ open, venueName, onClose }: ConnectionModalProps) {
  return (
    <Modal
      open={open}
      title="Connection troubles!"
      onDismiss={onClose}
      describedById="connection-troubles-text"
      actions={
        <Button block onClick={onClose}>
          Ok
        </Button>
      }
    >
      <div id="connection-troubles-text">
        <p>Having trouble connecting to {venueName}.</p>
        <p>Please check your WiFi or 3G/4G network strength then refresh the page.</p>
      </div>
    </Modal>
  );
}
