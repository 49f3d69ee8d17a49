import { displayAssetUrl } from '../../../lib/display-asset';
import styles from './vendor-logo.module.css';

/** A vendor's logo (100x thumbnail), or its initial on a tile when it has none. Decorative: the name sits beside it. */
export function VendorLogo({
  assetId,
  storeName,
  size = 56,
}: {
  assetId: number | null;
  storeName: string;
  size?: number;
}) {
  if (assetId === null) {
    return (
      <span className={`${styles.logo} ${styles.placeholder}`} style={{ width: size, height: size }} aria-hidden="true">
        {storeName.trim().charAt(0).toUpperCase()}
      </span>
    );
  }
  return (
    <img className={styles.logo} src={displayAssetUrl(assetId)} alt="" width={size} height={size} decoding="async" />
  );
}
