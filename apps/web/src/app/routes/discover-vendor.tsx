import { ComingSoon } from '../coming-soon';

/** /order-flow/discover-vendor (not built yet). */
export function Component() {
  return <ComingSoon title="Choose a store" />;
}
