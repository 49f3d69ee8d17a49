import { useEffect, useState } from 'react';
import { formatClockTime, zonedParts } from '@venue/domain/time-zone';
import { Button } from '../../../components/ui/button';
import { Loader } from '../../../components/ui/loader';
import { Modal } from '../../../components/ui/modal';
import styles from './pickup-time-modal.module.css';

export type StartMode = 'collect' | 'delivery';

export interface PickupTimeModalProps {
  open: boolean;
  mode: StartMode;
  vendorId: number;
  /** the vendor's IANA time zone: slots are shown on its clock */
  timeZone: string;
  /** loads a vendor's scheduled slots (ISO instants, ascending) */
  loadSlots: (vendorId: number, signal: AbortSignal) => Promise<string[]>;
  /** ASAP (null) or a chosen slot (ISO instant) */
  onChoose: (pickedTime: string | null) => void;
  onCancel: () => void;
}

type SlotsState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; slots: string[] };

interface SlotGroup {
  label: string;
  slots: string[];
}

function dayKey(instantMs: number, timeZone: string): string {
  const p = zonedParts(instantMs, timeZone);
  return `${p.year}-${p.month}-${p.day}`;
}

/** Slots by local day; a single day needs no group labels, further days are named ("Tomorrow", "Saturday 14 Nov"). */
function groupByDay(slots: string[], timeZone: string, nowMs: number): SlotGroup[] {
  const today = dayKey(nowMs, timeZone);
  const tomorrow = dayKey(nowMs + 86_400_000, timeZone);
  const dayName = new Intl.DateTimeFormat('en-AU', { timeZone, weekday: 'long', day: 'numeric', month: 'short' });
  const groups = new Map<string, SlotGroup>();
  for (const slot of slots) {
    const ms = Date.parse(slot);
    const key = dayKey(ms, timeZone);
    let group = groups.get(key);
    if (!group) {
      group = { label: key === today ? 'Today' : key === tomorrow ? 'Tomorrow' : dayName.format(ms), slots: [] };
      groups.set(key, group);
    }
    group.slots.push(slot);
  }
  return [...groups.values()];
}

/**
 * Spec §2 start screen modal: 'Select preferred pickup time' (or deliver time), with ASAP, a
 * 'Select a time' list shown as h:mm a on the vendor's clock, 'Pickup Later' / 'Deliver Later'
 * (disabled until a slot is chosen) and Cancel.
 */
export function PickupTimeModal({
  open,
  mode,
  vendorId,
  timeZone,
  loadSlots,
  onChoose,
  onCancel,
}: PickupTimeModalProps) {
  const [state, setState] = useState<SlotsState>({ status: 'loading' });
  const [selected, setSelected] = useState('');
  const [attempt, setAttempt] = useState(0);
  const noun = mode === 'delivery' ? 'deliver' : 'pickup';

  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    setState({ status: 'loading' });
    setSelected('');
    loadSlots(vendorId, controller.signal).then(
      (slots) => setState({ status: 'ready', slots }),
      () => {
        if (!controller.signal.aborted) setState({ status: 'failed' });
      },
    );
    return () => controller.abort();
  }, [open, vendorId, loadSlots, attempt]);

  const groups = state.status === 'ready' ? groupByDay(state.slots, timeZone, Date.now()) : [];
  const option = (slot: string) => (
    <option key={slot} value={slot}>
      {formatClockTime(Date.parse(slot), timeZone)}
    </option>
  );

  return (
    <Modal
      open={open}
      title={`Select preferred ${noun} time`}
      onDismiss={onCancel}
      actions={
        <>
          <Button block variant="secondary" disabled={selected === ''} onClick={() => onChoose(selected)}>
            {mode === 'delivery' ? 'Deliver Later' : 'Pickup Later'}
          </Button>
          <Button block variant="quiet" onClick={onCancel}>
            Cancel
          </Button>
        </>
      }
    >
      <Button block onClick={() => onChoose(null)}>
        ASAP
      </Button>
      <div className={styles.divider}>
        <span>or choose a later time</span>
      </div>
      <select
        className={styles.select}
        value={selected}
        aria-label="Select a time"
        disabled={state.status !== 'ready' || state.slots.length === 0}
        onChange={(event) => setSelected(event.target.value)}
      >
        <option value="">Select a time</option>
        {groups.length === 1
          ? groups[0]?.slots.map(option)
          : groups.map((group) => (
              <optgroup key={group.label} label={group.label}>
                {group.slots.map(option)}
              </optgroup>
            ))}
      </select>
      {state.status === 'loading' && <Loader label="Loading times…" />}
      {state.status === 'ready' && state.slots.length === 0 && (
        <p className={styles.note}>No later times are available right now.</p>
      )}
      {state.status === 'failed' && (
        <p className={styles.note}>
          We couldn't load the times.{' '}
          <Button variant="quiet" onClick={() => setAttempt((n) => n + 1)}>
            Try again
          </Button>
        </p>
      )}
    </Modal>
  );
}
