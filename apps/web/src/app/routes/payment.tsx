import { ComingSoon } from '../coming-soon';

/** /order-flow/payment (not built yet). */
export function Component() {
  return <ComingSoon title="Payment" />;
}
