import styles from './step-header.module.css';

export interface StepHeaderProps {
  /** labels in order, e.g. Order, Pay, Track, Collect */
  labels: readonly string[];
  /** index of the current step */
  current: number;
}

/** The order-flow progress: every step, done ones ticked, the current one marked for sight and screen readers. */
export function StepHeader({ labels, current }: StepHeaderProps) {
  return (
    <nav className={styles.steps} aria-label="Order progress">
      <ol className={styles.list}>
        {labels.map((label, index) => {
          const state = index < current ? 'done' : index === current ? 'current' : 'todo';
          return (
            <li
              key={label}
              className={state === 'todo' ? styles.step : `${styles.step} ${styles[state]}`}
              {...(state === 'current' ? { 'aria-current': 'step' as const } : {})}
            >
              <span className={styles.marker} aria-hidden="true">
                {state === 'done' ? (
                  <svg viewBox="0 0 16 16" width="14" height="14">
                    <path
                      d="M3 8.5l3 3 7-7"
                      fill="none"
                      stroke="currentColor"
                      strokeWidth="2.2"
                      strokeLinecap="round"
                      strokeLinejoin="round"
                    />
                  </svg>
                ) : (
                  index + 1
                )}
              </span>
              <span className={styles.label}>{label}</span>
              {state === 'done' && <span className="visually-hidden"> (done)</span>}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
