import { Button } from '../../../components/ui/button';
import { Loader } from '../../../components/ui/loader';
import type { DeliveryVerdict as Verdict } from '../lib/delivery-options';
import styles from './delivery.module.css';

/**
 * What stands between the address and a delivery: the address did not resolve, no store can
 * deliver there (with 'Order & Collect instead' when picking up would do), or the check still runs.
 */
export function DeliveryVerdict({
  problem,
  verdict,
  checking,
  onPickUp,
}: {
  problem: string | null;
  verdict: Verdict | null;
  checking: boolean;
  onPickUp: () => void;
}) {
  return (
    <>
      {problem && (
        <p className={styles.problem} role="alert">
          {problem}
        </p>
      )}
      {verdict?.kind === 'problem' && (
        <div className={styles.problem} role="alert">
          <p>{verdict.message}</p>
          {verdict.message.includes('pick up') && (
            <Button variant="secondary" onClick={onPickUp}>
              Order &amp; Collect instead
            </Button>
          )}
        </div>
      )}
      {checking && <Loader label="Checking delivery…" />}
    </>
  );
}
