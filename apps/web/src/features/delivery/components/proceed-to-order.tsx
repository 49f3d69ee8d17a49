import type { Vendor } from '@venue/contract/venue';
import { Button } from '../../../components/ui/button';
import { vendorOpenToOrder } from '../../../lib/vendor-status';
import { DELIVERY_BUTTON_LABELS } from '../lib/delivery-options';

/** Single-vendor delivery action: 'We are closed', 'Enter Address Above' or 'Proceed to Order'. */
export function ProceedToOrder({
  vendor,
  now,
  pickedTime,
  ready,
  onProceed,
}: {
  vendor: Vendor;
  now: number;
  pickedTime: string | null;
  /** the store can deliver to the address, street line given */
  ready: boolean;
  onProceed: () => void;
}) {
  const open = vendorOpenToOrder(vendor, now, pickedTime) && !vendor.isPaused;
  const label = !open
    ? DELIVERY_BUTTON_LABELS.closed
    : ready
      ? DELIVERY_BUTTON_LABELS.proceed
      : DELIVERY_BUTTON_LABELS.enterAddress;
  return (
    <Button block disabled={!open || !ready} onClick={onProceed}>
      {label}
    </Button>
  );
}
