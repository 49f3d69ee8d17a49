import { ComingSoon } from '../coming-soon';

/** /order-flow/wait-order (not built yet). */
export function Component() {
  return <ComingSoon title="Wait for your order" />;
}
