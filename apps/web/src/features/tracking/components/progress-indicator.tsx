import { PROGRESS_STEP_COUNT } from '@venue/domain/progress';
import styles from './progress-indicator.module.css';

export interface ProgressIndicatorProps {
  /** 0..100 */
  percent: number;
  /** 0..7: the step of spec §4's eight under way; PROGRESS_STEP_COUNT (8): all done, the order is ready */
  step: number;
}

/** Spec §4's 8-step progress indicator: steps up to the current one are filled, the current one pulses. */
export function ProgressIndicator({ percent, step }: ProgressIndicatorProps) {
  const complete = step >= PROGRESS_STEP_COUNT;
  const rounded = complete ? 100 : Math.round(percent);
  return (
    <div
      className={styles.track}
      role="progressbar"
      aria-label="Order progress"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={rounded}
      aria-valuetext={
        complete
          ? `Complete: ${PROGRESS_STEP_COUNT} of ${PROGRESS_STEP_COUNT} steps`
          : `Step ${step + 1} of ${PROGRESS_STEP_COUNT}`
      }
      data-step={step}
      data-complete={complete ? '' : undefined}
    >
      {Array.from({ length: PROGRESS_STEP_COUNT }, (_, index) => (
        <span
          key={index}
          className={`${styles.segment} ${index < step ? styles.done : index === step ? styles.current : ''}`}
          data-filled={index <= step ? '' : undefined}
        />
      ))}
    </div>
  );
}
