import type { EditConflict } from '@venue/contract/admin-catalogue';
import { formatDateTime } from '../lib/dates';

/** A save refused because someone saved first: who and when, and 'Reload' to see their change. */
export function ConflictNotice({
  conflict,
  timeZone,
  onReload,
}: {
  conflict: EditConflict;
  timeZone: string;
  onReload: () => void;
}) {
  const who = conflict.changedBy ?? 'someone else';
  const when = conflict.changedAt ? ` at ${formatDateTime(conflict.changedAt, timeZone)}` : '';
  return (
    <div className="notice notice-error">
      <p>
        Changed by {who}
        {when}; reload to see their change. Nothing of yours was saved.
      </p>
      <button type="button" className="button" onClick={onReload}>
        Reload
      </button>
    </div>
  );
}

/** "Last changed by Alex Smith at 27 Nov 2026, 10:42 am", or nothing when unknown. */
export function LastChanged({
  updatedAt,
  updatedBy,
  timeZone,
}: {
  updatedAt: string | null;
  updatedBy: string | null;
  timeZone: string;
}) {
  if (!updatedAt && !updatedBy) return null;
  return (
    <p className="last-changed">
      Last changed{updatedBy ? ` by ${updatedBy}` : ''}
      {updatedAt ? ` at ${formatDateTime(updatedAt, timeZone)}` : ''}
    </p>
  );
}
