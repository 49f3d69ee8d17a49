import { ComingSoon } from '../coming-soon';

/** /order-flow/delivery (not built yet). */
export function Component() {
  return <ComingSoon title="Home delivery" />;
}
