import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { VendorLogo } from './vendor-logo';
import styles from './store-modals.module.css';

export interface ConfirmStoreModalProps {
  open: boolean;
  storeName: string;
  location: string;
  logoAssetId: number | null;
  onConfirm: () => void;
  /** null where there is no other store to choose (a single-vendor build): the modal offers 'Confirm Store' only */
  onChooseAnother: (() => void) | null;
}

/**
 * Spec §2 confirm-store modal on entering place-order: 'Ordering from' the store, 'Confirm Store' or
 * 'Choose another store', the latter only where there is another store to choose.
 */
export function ConfirmStoreModal({
  open,
  storeName,
  location,
  logoAssetId,
  onConfirm,
  onChooseAnother,
}: ConfirmStoreModalProps) {
  const locationId = useId();
  return (
    <Modal
      open={open}
      title={
        <>
          <span className={styles.kicker}>Ordering from</span> <span className={styles.store}>{storeName}</span>
        </>
      }
      describedById={locationId}
      actions={
        <>
          <Button block onClick={onConfirm}>
            Confirm Store
          </Button>
          {onChooseAnother && (
            <Button block variant="secondary" onClick={onChooseAnother}>
              Choose another store
            </Button>
          )}
        </>
      }
    >
      <div className={styles.vendor}>
        <VendorLogo assetId={logoAssetId} storeName={storeName} size={64} />
        <p id={locationId}>{location}</p>
      </div>
    </Modal>
  );
}
