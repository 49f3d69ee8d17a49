import { useId, type ReactNode } from 'react';
import { MAX_RESTRICTED_ITEMS } from '@venue/domain/limits';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import styles from './order-modals.module.css';

/** A limit the basket hit (spec §5), with what its modal needs. */
export type LimitNotice = { kind: 'burden' } | { kind: 'restricted' } | { kind: 'soldOut'; items: string[] };

/** A modal with one text and an Ok button. */
function NoticeModal({
  open,
  title,
  text,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  text: string;
  onClose: () => void;
  children?: ReactNode;
}) {
  const textId = useId();
  return (
    <Modal
      open={open}
      title={title}
      describedById={textId}
      onDismiss={onClose}
      actions={
        <Button block onClick={onClose}>
          Ok
        </Button>
      }
    >
      <p id={textId}>{text}</p>
      {children}
    </Modal>
  );
}

/** Spec §5 'We've sold out!': the items no longer available, already taken out of (or cut down in) the basket. */
export function SoldOutModal({ items, onClose }: { items: string[]; onClose: () => void }) {
  return (
    <NoticeModal
      open={items.length > 0}
      title="We've sold out!"
      text="We apologise that the below items are no longer available for your order!"
      onClose={onClose}
    >
      <ul className={styles.itemList}>
        {items.map((name) => (
          <li key={name}>{name}</li>
        ))}
      </ul>
    </NoticeModal>
  );
}

/** The modal of a refused add: burden, restricted drinks or sold out (spec §5). */
export function LimitModal({
  notice,
  storeName,
  onClose,
}: {
  notice: LimitNotice | null;
  storeName: string;
  onClose: () => void;
}) {
  return (
    <>
      <NoticeModal
        open={notice?.kind === 'burden'}
        title="That's all we can handle!"
        text={`To serve you better, ${storeName} limits order sizes.`}
        onClose={onClose}
      />
      <NoticeModal
        open={notice?.kind === 'restricted'}
        title={`${MAX_RESTRICTED_ITEMS} Drink Maximum`}
        text={`Sorry, there is a limit of ${MAX_RESTRICTED_ITEMS} alcoholic drinks per order.`}
        onClose={onClose}
      />
      <SoldOutModal items={notice?.kind === 'soldOut' ? notice.items : []} onClose={onClose} />
    </>
  );
}
