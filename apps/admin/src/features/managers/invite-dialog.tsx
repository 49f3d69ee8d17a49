import { useRef, useState, type FormEvent } from 'react';
import { ManagerInvite, type Manager, type ManagerRole } from '@venue/contract/admin-accounts';
import { messageOf } from '../../api/admin-client';
import { inviteManager } from '../../api/accounts';
import { Dialog } from '../../components/dialog';
import { FormError, TextField, focusFirstInvalid } from '../../components/field';
import { ROLE_LABELS } from '../../lib/labels';
import { useSession } from '../../lib/session';

type Problems = Partial<Record<'name' | 'email' | 'role' | 'vendorIds', string>>;

/** The API's own rule's words for each field it refuses (ManagerInvite), in the manager's language. */
export function inviteProblems(invite: unknown): Problems {
  const checked = ManagerInvite.safeParse(invite);
  if (checked.success) return {};
  const found: Problems = {};
  for (const issue of checked.error.issues) {
    const field = issue.path[0];
    if (field !== 'name' && field !== 'email' && field !== 'role' && field !== 'vendorIds') continue;
    found[field] ??=
      field === 'name' && issue.code === 'too_small'
        ? 'Enter their name.'
        : field === 'email'
          ? 'Enter an email address like name@example.com.'
          : field === 'vendorIds'
            ? 'Choose at least one store they run.'
            : issue.message;
  }
  return found;
}

/** Invites a manager: an email with a link to set a password (valid 24 hours). */
export function InviteDialog({ onClose, onInvited }: { onClose: () => void; onInvited: (manager: Manager) => void }) {
  const { venue } = useSession();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<ManagerRole>('store');
  const [vendorIds, setVendorIds] = useState<number[]>([]);
  const [problems, setProblems] = useState<Problems>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const invite = { name, email, role, ...(role === 'store' ? { vendorIds } : {}) };
    const found = inviteProblems(invite);
    setProblems(found);
    setFailure(null);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid(form.current);
      return;
    }
    setBusy(true);
    try {
      onInvited(await inviteManager(ManagerInvite.parse(invite)));
    } catch (error) {
      setFailure(messageOf(error));
      setBusy(false);
    }
  };

  return (
    <Dialog title="Invite a manager" onClose={onClose}>
      <p>They get an email with a link to set their password. The link works once, for 24 hours.</p>
      <form ref={form} noValidate onSubmit={(event) => void submit(event)}>
        <TextField
          id="invite-name"
          label="Name"
          autoComplete="off"
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={problems.name}
        />
        <TextField
          id="invite-email"
          label="Email"
          type="email"
          autoComplete="off"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={problems.email}
        />
        <fieldset className="choices">
          <legend>Role</legend>
          {(['store', 'admin'] as const).map((value) => (
            <label key={value} className="choice">
              <input type="radio" name="invite-role" checked={role === value} onChange={() => setRole(value)} />
              {ROLE_LABELS[value]}
              <span className="choice-note">
                {value === 'admin' ? 'every store, managers and the catalogue' : 'only the stores chosen below'}
              </span>
            </label>
          ))}
        </fieldset>
        {role === 'store' && (
          <fieldset
            className={`choices choices-grid${problems.vendorIds ? ' field-invalid' : ''}`}
            aria-describedby={problems.vendorIds ? 'invite-stores-error' : undefined}
          >
            <legend>Stores they run</legend>
            {venue.stores.map((store, index) => (
              <label key={store.vendorId} className="choice">
                <input
                  type="checkbox"
                  checked={vendorIds.includes(store.vendorId)}
                  aria-invalid={problems.vendorIds && index === 0 ? true : undefined}
                  aria-describedby={problems.vendorIds ? 'invite-stores-error' : undefined}
                  onChange={(event) =>
                    setVendorIds((current) =>
                      event.target.checked
                        ? [...current, store.vendorId]
                        : current.filter((vendorId) => vendorId !== store.vendorId),
                    )
                  }
                />
                {store.storeName}
              </label>
            ))}
            {problems.vendorIds && (
              <p id="invite-stores-error" className="field-error">
                {problems.vendorIds}
              </p>
            )}
          </fieldset>
        )}
        <FormError message={failure} />
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button-primary" disabled={busy}>
            {busy ? 'Inviting…' : 'Send invitation'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
