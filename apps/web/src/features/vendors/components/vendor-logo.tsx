import { thumbnailSources } from '../../../lib/display-asset';
import { useFirstPaintDone } from '../../../lib/first-paint';
import styles from './vendor-logo.module.css';

/** A vendor's logo (100x thumbnail, sharper ones on dense screens), or its initial on a tile when it has none. Decorative: the name sits beside it. */
export function VendorLogo({
  assetId,
  storeName,
  size = 56,
}: {
  assetId: number | null;
  storeName: string;
  size?: number;
}) {
  // Pictures load once the first screen has painted (lib/first-paint.ts); the slot is kept meanwhile.
  const painted = useFirstPaintDone();
  if (assetId === null) {
    return (
      <span className={`${styles.logo} ${styles.placeholder}`} style={{ width: size, height: size }} aria-hidden="true">
        {storeName.trim().charAt(0).toUpperCase()}
      </span>
    );
  }
  return (
    <img
      className={styles.logo}
      {...(painted ? thumbnailSources(assetId, size) : {})}
      alt=""
      width={size}
      height={size}
      decoding="async"
    />
  );
}
