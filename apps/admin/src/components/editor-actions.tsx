/**
 * The foot of an editor dialog: Cancel and Save (or Add), and for a saved record a Remove… that
 * asks first, in the dialog, what removing it does.
 */
import { useState } from 'react';

export interface EditorActionsProps {
  /** the record's name when it exists (Remove is offered), null for a new one */
  existing: string | null;
  /** 'item', 'group' …: "Save the item", "Add the item", "Remove the item" */
  noun: string;
  /** what removing it does, after "Remove <name>?" */
  removeConsequence: string;
  busy: boolean;
  onCancel: () => void;
  onRemove: () => void;
}

export function EditorActions({ existing, noun, removeConsequence, busy, onCancel, onRemove }: EditorActionsProps) {
  const [confirmRemove, setConfirmRemove] = useState(false);
  if (confirmRemove && existing !== null) {
    return (
      <div className="notice notice-error">
        <p>
          Remove {existing}? {removeConsequence}
        </p>
        <div className="dialog-actions">
          <button type="button" className="button" onClick={() => setConfirmRemove(false)}>
            Keep it
          </button>
          <button type="button" className="button button-danger" disabled={busy} onClick={onRemove}>
            Remove the {noun}
          </button>
        </div>
      </div>
    );
  }
  return (
    <div className="dialog-actions">
      {existing !== null && (
        <button type="button" className="button button-quiet push-left" onClick={() => setConfirmRemove(true)}>
          Remove…
        </button>
      )}
      <button type="button" className="button" onClick={onCancel}>
        Cancel
      </button>
      <button type="submit" className="button button-primary" disabled={busy}>
        {busy ? 'Saving…' : existing !== null ? `Save the ${noun}` : `Add the ${noun}`}
      </button>
    </div>
  );
}
