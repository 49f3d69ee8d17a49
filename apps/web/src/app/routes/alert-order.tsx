import { ComingSoon } from '../coming-soon';

/** /order-flow/alert-order (not built yet). */
export function Component() {
  return <ComingSoon title="Order ready" />;
}
