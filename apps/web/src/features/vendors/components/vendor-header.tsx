import type { ReactNode } from 'react';
import { VendorLogo } from './vendor-logo';
import styles from './store-modals.module.css';

/** The store being ordered from, at the top of place-order: logo, name, location and a line below (the preferred time). */
export function VendorHeader({
  storeName,
  location,
  logoAssetId,
  children,
}: {
  storeName: string;
  location: string;
  logoAssetId: number | null;
  children?: ReactNode;
}) {
  return (
    <header className={styles.header}>
      <VendorLogo assetId={logoAssetId} storeName={storeName} size={48} />
      <div className={styles.headerText}>
        <h1 className={styles.title}>{storeName}</h1>
        <p className={styles.location}>{location}</p>
        {children}
      </div>
    </header>
  );
}
