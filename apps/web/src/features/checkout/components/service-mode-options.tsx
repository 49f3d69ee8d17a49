import { useId } from 'react';
import type { ServiceMode } from '@venue/contract/common';
import { SERVICE_MODE_LABELS } from '../lib/pay-readiness';
import styles from './checkout.module.css';

/**
 * Spec §2: service mode radio buttons (HomeDelivery excluded by the caller). With one mode on offer
 * there is nothing to choose: the mode is stated, and the caller selects it (pay-readiness.ts
 * serviceModeToUse).
 */
export function ServiceModeOptions({
  modes,
  selected,
  onSelect,
}: {
  modes: readonly ServiceMode[];
  selected: ServiceMode;
  onSelect: (mode: ServiceMode) => void;
}) {
  const id = useId();
  if (modes.length === 0) return null;
  const [only] = modes;
  if (modes.length === 1 && only) {
    return (
      <p className={styles.card}>
        <span className={styles.label}>Service mode</span>
        <span>{SERVICE_MODE_LABELS[only]}</span>
      </p>
    );
  }
  return (
    <div className={styles.card} role="radiogroup" aria-labelledby={`${id}-label`}>
      <span className={styles.label} id={`${id}-label`}>
        Service mode
      </span>
      <div className={styles.radios}>
        {modes.map((mode) => (
          <label key={mode} className={styles.radio}>
            <input
              type="radio"
              name="serviceMode"
              value={mode}
              checked={selected === mode}
              onChange={() => onSelect(mode)}
            />
            {SERVICE_MODE_LABELS[mode]}
          </label>
        ))}
      </div>
    </div>
  );
}
