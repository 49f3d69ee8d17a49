import { useId, useState } from 'react';
import type { Vendor } from '@venue/contract/venue';
import { VendorLogo } from './vendor-logo';
import styles from './vendor-list.module.css';

/** A vendor as the list shows it. */
export interface VendorCard {
  vendor: Vendor;
  /** 'Closed' or 'Back Soon' when it takes no orders now (listed greyed, not choosable) */
  label: 'Closed' | 'Back Soon' | null;
  /** the time-to-service tag, or null to show none */
  timeToService: string | null;
}

export interface VendorListProps {
  cards: VendorCard[];
  /** the vendor of the vendorId query: shown first, the others behind Show More */
  preselectedId: number | null;
  onChoose: (vendor: Vendor) => void;
}

/** Spec §2 discover list: the vendors, choosable ones as buttons; a preselected vendor first with Show More / Show Less. */
export function VendorList({ cards, preselectedId, onChoose }: VendorListProps) {
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  const preselected = cards.find((card) => card.vendor.id === preselectedId) ?? null;
  const others = preselected ? cards.filter((card) => card !== preselected) : cards;
  const collapsible = preselected !== null && others.length > 0;
  const shown = preselected ? (expanded ? [preselected, ...others] : [preselected]) : others;

  return (
    <>
      <ul className={styles.list} id={listId}>
        {shown.map((card) => (
          <VendorRow key={card.vendor.id} card={card} onChoose={onChoose} />
        ))}
      </ul>
      {collapsible && (
        <button
          type="button"
          className={styles.more}
          aria-expanded={expanded}
          aria-controls={listId}
          onClick={() => setExpanded((value) => !value)}
        >
          {expanded ? 'Show Less' : 'Show More'}
        </button>
      )}
    </>
  );
}

function VendorRow({ card, onChoose }: { card: VendorCard; onChoose: (vendor: Vendor) => void }) {
  const detailsId = useId();
  const { vendor, label, timeToService } = card;
  const content = (
    <>
      <VendorLogo assetId={vendor.displayAssets.thumbnailAssetId} storeName={vendor.storeName} />
      <span className={styles.text}>
        <span className={styles.name}>{vendor.storeName}</span>
        <span id={detailsId} className={styles.details}>
          <span className={styles.location}>{vendor.location}</span>
          {label === null && timeToService && <span className={styles.tts}>{timeToService}</span>}
        </span>
      </span>
      {label ? (
        <span className={styles.state}>{label}</span>
      ) : (
        <svg className={styles.chevron} viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">
          <path d="M7 4l6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
        </svg>
      )}
    </>
  );
  return (
    <li>
      {label === null ? (
        <button
          type="button"
          className={styles.card}
          aria-label={vendor.storeName}
          aria-describedby={detailsId}
          onClick={() => onChoose(vendor)}
        >
          {content}
        </button>
      ) : (
        <div className={`${styles.card} ${styles.unavailable}`} aria-disabled="true">
          {content}
        </div>
      )}
    </li>
  );
}
