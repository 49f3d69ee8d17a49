import type { ReactNode } from 'react';
import type { Vendor } from '@venue/contract/venue';
import { deliveryTimeLabel, type DeliveryOption } from '../lib/delivery-options';
import styles from './delivery.module.css';

const distanceLabel = (metres: number) => `${(metres / 1000).toFixed(1)} km`;

/** Multi-vendor: the stores that can deliver to the address, soonest first. */
export function DeliveringStores({
  options,
  logo,
  onChoose,
}: {
  options: DeliveryOption[];
  logo: (vendor: Vendor) => ReactNode;
  onChoose: (vendor: Vendor) => void;
}) {
  return (
    <section aria-labelledby="delivering-stores">
      <h2 id="delivering-stores" className={styles.subtitle}>
        Stores that deliver to you
      </h2>
      <ul className={styles.list}>
        {options.map(({ vendor, route, deliveryTimeMs }) => (
          <li key={vendor.id}>
            <button type="button" className={styles.vendor} onClick={() => onChoose(vendor)}>
              {logo(vendor)}
              <span className={styles.vendorText}>
                <span className={styles.vendorName}>{vendor.storeName}</span>
                <span className={styles.vendorDetails}>
                  Delivery {deliveryTimeLabel(deliveryTimeMs).toLowerCase()} · {distanceLabel(route.distance)}
                </span>
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Single-vendor: when the store's delivery would arrive, and how far it comes. */
export function DeliveryEstimate({ option }: { option: DeliveryOption }) {
  return (
    <p className={styles.note}>
      {`Estimated delivery: ${deliveryTimeLabel(option.deliveryTimeMs)} (${distanceLabel(option.route.distance)})`}
    </p>
  );
}
