import { displayAssetUrl, DETAIL_TRANSFORM } from '../../../lib/display-asset';
import { staticMapUrl, STATIC_MAP_SIZE } from '../lib/static-map';
import { telHref, type TrackingVendor } from '../lib/tracking-vendor';
import styles from './vendor-details.module.css';

export interface VendorDetailsProps {
  vendor: TrackingVendor;
  /** the build's maps key: with one, a map of the store (or the delivery point) is shown */
  mapsKey?: string;
  /** for home delivery: the address the order goes to, shown instead of the store's place */
  deliveryAddress?: { text: string; location: { latitude: number; longitude: number } | null } | null;
  heading?: string;
}

/** The vendor's location (image, map or description) and contact (a phone link). */
export function VendorDetails({ vendor, mapsKey = '', deliveryAddress = null, heading }: VendorDetailsProps) {
  const mapUrl = staticMapUrl(mapsKey, deliveryAddress ? deliveryAddress.location : vendor.geoLocation);
  const imageUrl =
    !deliveryAddress && vendor.locationImageAssetId !== null
      ? displayAssetUrl(vendor.locationImageAssetId, DETAIL_TRANSFORM)
      : null;
  return (
    <section className={styles.card} aria-label={heading ?? vendor.storeName}>
      {heading && <h2 className={styles.heading}>{heading}</h2>}
      {mapUrl ? (
        <img
          className={styles.image}
          src={mapUrl}
          alt={deliveryAddress ? `Map of ${deliveryAddress.text}` : `Map showing ${vendor.storeName}`}
          width={STATIC_MAP_SIZE.width}
          height={STATIC_MAP_SIZE.height}
          loading="lazy"
        />
      ) : (
        imageUrl && (
          <img
            className={styles.image}
            src={imageUrl}
            alt={`Where to find ${vendor.storeName}`}
            width={350}
            height={200}
            loading="lazy"
          />
        )
      )}
      <div className={styles.text}>
        <p className={styles.store}>{vendor.storeName}</p>
        {deliveryAddress ? (
          <p className={styles.place}>Delivering to {deliveryAddress.text}</p>
        ) : (
          vendor.location && <p className={styles.place}>{vendor.location}</p>
        )}
        {vendor.phoneNumber && (
          <a className={styles.phone} href={telHref(vendor.phoneNumber)}>
            <span aria-hidden="true">☎</span> Call {vendor.phoneNumber}
          </a>
        )}
      </div>
    </section>
  );
}
