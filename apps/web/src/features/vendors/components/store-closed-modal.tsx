import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';

/** Why a step cannot be entered: the store is paused or closed. */
export type StoreGuard = 'paused' | 'closed';

/** Spec §2 guard modal: 'Back Soon!' (paused) or 'We have closed'; Ok goes to the home route. */
export function StoreClosedModal({
  guard,
  storeName,
  onOk,
}: {
  guard: StoreGuard | null;
  storeName: string;
  onOk: () => void;
}) {
  const textId = useId();
  return (
    <Modal
      open={guard !== null}
      title={guard === 'paused' ? 'Back Soon!' : 'We have closed'}
      describedById={textId}
      actions={
        <Button block onClick={onOk}>
          Ok
        </Button>
      }
    >
      <p id={textId}>
        {guard === 'paused'
          ? `${storeName} has paused ordering for a moment. Please try again soon.`
          : `${storeName} is not taking orders right now. Please try again later.`}
      </p>
    </Modal>
  );
}
