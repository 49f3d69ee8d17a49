import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';

/** Spec §2/§4 'Existing Order Session': the basket belongs to another store. */
export function ExistingSessionModal({
  open,
  onContinue,
  onStartNew,
}: {
  open: boolean;
  onContinue: () => void;
  onStartNew: () => void;
}) {
  const textId = useId();
  return (
    <Modal
      open={open}
      title="Existing Order Session"
      describedById={textId}
      actions={
        <>
          <Button block onClick={onContinue}>
            Continue Existing Order Session
          </Button>
          <Button block variant="secondary" onClick={onStartNew}>
            Start New Order Session
          </Button>
        </>
      }
    >
      <p id={textId}>You have an existing order session on another Store.</p>
    </Modal>
  );
}

/** Spec §2/§4 'Order Session Expired', with 'Start Again' as the only way on. */
export function SessionExpiredModal({ open, onStartAgain }: { open: boolean; onStartAgain: () => void }) {
  const textId = useId();
  return (
    <Modal
      open={open}
      title="Order Session Expired"
      describedById={textId}
      actions={
        <Button block onClick={onStartAgain}>
          Start Again
        </Button>
      }
    >
      <p id={textId}>Your current order session expired. Please start again.</p>
    </Modal>
  );
}
