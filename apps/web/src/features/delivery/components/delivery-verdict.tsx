import { Loader } from '../../../components/ui/loader';
import { Notice } from '../../../components/ui/notice';
import type { DeliveryVerdict as Verdict } from '../lib/delivery-options';

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
      {problem && <Notice>{problem}</Notice>}
      {verdict?.kind === 'problem' && (
        <Notice
          action={verdict.message.includes('pick up') ? { label: 'Order & Collect instead', onClick: onPickUp } : null}
        >
          {verdict.message}
        </Notice>
      )}
      {checking && <Loader label="Checking delivery…" />}
    </>
  );
}
