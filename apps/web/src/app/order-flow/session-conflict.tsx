import { useNavigate } from 'react-router';
import { ExistingSessionModal } from '../../features/order/components/session-modals';
import { FlowScreen } from '../flow-screen';
import { useAppDispatch } from '../hooks';
import { PATHS } from '../routes';
import styles from './session-conflict.module.css';
import { startNewSession } from './vendor-choice';

/** The menu opened with a `vendorId` query naming another store than the basket's: 'Existing Order Session' decides. */
export function SessionConflict({ requestedVendorId }: { requestedVendorId: number }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return (
    <FlowScreen>
      <h1 className={styles.pending}>Place your order</h1>
      <ExistingSessionModal
        open
        onContinue={() => void navigate(PATHS.placeOrder, { replace: true })}
        onStartNew={() => {
          dispatch(startNewSession(requestedVendorId));
          void navigate(PATHS.placeOrder, { replace: true });
        }}
      />
    </FlowScreen>
  );
}
