import { ComingSoon } from '../coming-soon';

/** /order-flow/confirm-contact (not built yet). */
export function Component() {
  return <ComingSoon title="Contact details" />;
}
