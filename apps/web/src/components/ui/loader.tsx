import styles from './loader.module.css';

/** A spinner announced to screen readers as a status. */
export function Loader({ label = 'Loading…', inverted = false }: { label?: string; inverted?: boolean }) {
  return (
    <div className={styles.loader} role="status">
      <span className={inverted ? `${styles.spinner} ${styles.inverted}` : styles.spinner} aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}

/** A placeholder block with the size of the content it stands for, so nothing jumps when it arrives. */
export function Skeleton({
  width = '100%',
  height = 16,
  radius = 8,
  className,
}: {
  width?: number | string;
  height?: number | string;
  radius?: number;
  className?: string;
}) {
  return (
    <span
      aria-hidden="true"
      className={className ? `${styles.skeleton} ${className}` : styles.skeleton}
      style={{ width, height, borderRadius: radius }}
    />
  );
}
