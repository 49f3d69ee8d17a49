import { ComingSoon } from '../coming-soon';

/** /order-flow/confirm-order (not built yet). */
export function Component() {
  return <ComingSoon title="Confirm order" />;
}
