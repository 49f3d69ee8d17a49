import { Button } from '../../../components/ui/button';
import styles from './reorder-card.module.css';

export interface ReorderCardProps {
  storeName: string;
  /** the last order's lines, e.g. "2 × Flat White" */
  lines: string[];
  busy: boolean;
  onReorder: () => void;
}

/** The last order with a 'Reorder' action (spec §4 Basket: reorder from lastOrder). */
export function ReorderCard({ storeName, lines, busy, onReorder }: ReorderCardProps) {
  return (
    <section className={styles.card} aria-labelledby="reorder-title">
      <h2 id="reorder-title" className={styles.title}>
        Your last order from {storeName}
      </h2>
      <ul className={styles.lines}>
        {lines.map((line, index) => (
          <li key={index}>{line}</li>
        ))}
      </ul>
      <Button variant="secondary" onClick={onReorder} disabled={busy}>
        Reorder
      </Button>
    </section>
  );
}
