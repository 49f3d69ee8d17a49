import { ComingSoon } from '../coming-soon';

/** /order-flow/place-order (not built yet). */
export function Component() {
  return <ComingSoon title="Place order" />;
}
