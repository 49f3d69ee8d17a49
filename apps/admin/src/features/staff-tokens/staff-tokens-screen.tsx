import { useRef, useState, type FormEvent } from 'react';
import type { AdminStaffToken } from '@venue/contract/admin-catalogue';
import { STAFF_TOKEN_NAME_MAX, StaffTokenCreate, type StaffTokenCreated } from '@venue/contract/staff-tokens';
import { messageOf } from '../../api/admin-client';
import { createStaffToken, listStaffTokens, revokeStaffToken } from '../../api/staff-tokens';
import { DataTable, type Column } from '../../components/data-table';
import { Dialog } from '../../components/dialog';
import { FormError, SelectField, TextField, focusFirstInvalid } from '../../components/field';
import { LoadState } from '../../components/load-state';
import { PageHeader } from '../../components/page-header';
import { formatDateTime, zoneName } from '../../lib/dates';
import { useSession } from '../../lib/session';
import { useLoad } from '../../lib/use-load';

/** The QR code's SVG document as a picture's address (an <img> runs nothing an SVG might carry). */
export const svgDataUrl = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

/** Every store's staff tokens (a store manager: his stores'): make one (shown once), revoke one. */
export default function StaffTokensScreen() {
  const { venue } = useSession();
  const tokens = useLoad('staff-tokens', (signal) => listStaffTokens(signal));
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<StaffTokenCreated | null>(null);
  const [revoking, setRevoking] = useState<AdminStaffToken | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const columns: Column<AdminStaffToken>[] = [
    { key: 'name', label: 'Device or person', sortValue: (token) => token.name, render: (token) => token.name },
    { key: 'store', label: 'Store', sortValue: (token) => token.storeName, render: (token) => token.storeName },
    {
      key: 'created',
      label: 'Made',
      sortValue: (token) => token.createdAt,
      render: (token) => formatDateTime(token.createdAt, venue.timeZone),
    },
    {
      key: 'used',
      label: 'Last used',
      sortValue: (token) => token.lastUsedAt ?? '',
      render: (token) => (token.lastUsedAt ? formatDateTime(token.lastUsedAt, venue.timeZone) : 'Never'),
    },
    {
      key: 'state',
      label: 'State',
      sortValue: (token) => (token.revokedAt ? 1 : 0),
      render: (token) =>
        token.revokedAt ? (
          <span className="badge badge-neutral">Revoked {formatDateTime(token.revokedAt, venue.timeZone)}</span>
        ) : (
          <span className="badge badge-done">Works</span>
        ),
    },
    {
      key: 'actions',
      label: <span className="visually-hidden">Actions</span>,
      render: (token) =>
        token.revokedAt ? null : (
          <button type="button" className="button button-quiet button-small" onClick={() => setRevoking(token)}>
            Revoke<span className="visually-hidden"> {token.name}</span>
          </button>
        ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Staff tokens"
        sub={`What signs a store's tablet or phone in to the staff display · times in ${zoneName(venue.timeZone)}`}
        actions={
          <button type="button" className="button button-primary" onClick={() => setCreating(true)}>
            Make a staff token
          </button>
        }
      />
      <div role="status" className="status-slot">
        {notice && <p className="notice notice-ok">{notice}</p>}
      </div>
      <LoadState {...tokens} what="the staff tokens">
        {(list) => (
          <DataTable
            caption="Staff tokens of your stores, revoked ones included"
            columns={columns}
            rows={list}
            rowKey={(token) => token.id}
            initialSort={{ key: 'store', direction: 'ascending' }}
            empty="No staff tokens yet."
          />
        )}
      </LoadState>
      {creating && (
        <CreateDialog
          onClose={() => setCreating(false)}
          onCreated={(token) => {
            setCreating(false);
            setCreated(token);
            tokens.reload();
          }}
        />
      )}
      {created && <CreatedDialog token={created} onClose={() => setCreated(null)} />}
      {revoking && (
        <RevokeDialog
          token={revoking}
          onClose={() => setRevoking(null)}
          onRevoked={() => {
            setNotice(`${revoking.name} (${revoking.storeName}) is revoked: it no longer signs in.`);
            setRevoking(null);
            tokens.reload();
          }}
        />
      )}
    </>
  );
}

function CreateDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (token: StaffTokenCreated) => void }) {
  const { venue } = useSession();
  const [vendorId, setVendorId] = useState(venue.stores.length === 1 ? String(venue.stores[0]!.vendorId) : '');
  const [name, setName] = useState('');
  const [problems, setProblems] = useState<{ store?: string; name?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found: { store?: string; name?: string } = {};
    if (!vendorId) found.store = 'Choose the store the token is for.';
    const checked = StaffTokenCreate.safeParse({ name });
    if (!checked.success) found.name = name.trim() ? checked.error.issues[0]?.message : 'Name the device or person.';
    setProblems(found);
    setFailure(null);
    if (found.store || found.name) {
      focusFirstInvalid(form.current);
      return;
    }
    setBusy(true);
    try {
      onCreated(await createStaffToken(Number(vendorId), name.trim()));
    } catch (error) {
      setFailure(messageOf(error));
      setBusy(false);
    }
  };
  return (
    <Dialog title="Make a staff token" onClose={onClose}>
      <p>The token signs one tablet or phone in to the store's staff display until you revoke it.</p>
      <form ref={form} noValidate onSubmit={(event) => void submit(event)}>
        <SelectField
          id="token-store"
          label="Store"
          value={vendorId}
          onChange={(event) => setVendorId(event.target.value)}
          error={problems.store}
        >
          <option value="">Choose a store</option>
          {venue.stores.map((store) => (
            <option key={store.vendorId} value={String(store.vendorId)}>
              {store.storeName}
            </option>
          ))}
        </SelectField>
        <TextField
          id="token-name"
          label="Device or person"
          hint="For example “Pass tablet” or “Bar phone”."
          maxLength={STAFF_TOKEN_NAME_MAX}
          autoComplete="off"
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={problems.name}
        />
        <FormError message={failure} />
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button-primary" disabled={busy}>
            {busy ? 'Making…' : 'Make the token'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** The new token's sign-in link and QR code: shown this once (only its hash is kept), printable. */
function CreatedDialog({ token, onClose }: { token: StaffTokenCreated; onClose: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(token.signInUrl);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <Dialog title={`Staff token for ${token.name}`} onClose={onClose}>
      <div className="token-card">
        <p className="notice">
          This is the only time the token is shown. Scan the code with the device, or open the link on it, now; print
          this page to keep it somewhere safe.
        </p>
        <img
          className="token-qr"
          src={svgDataUrl(token.signInQrSvg)}
          alt={`QR code of the sign-in link for ${token.name}`}
        />
        <TextField
          id="token-link"
          label="Sign-in link"
          readOnly
          value={token.signInUrl}
          onFocus={(event) => event.target.select()}
        />
        <p role="status" className="token-copied">
          {copied ? 'Link copied.' : ''}
        </p>
      </div>
      <div className="dialog-actions no-print">
        <button type="button" className="button" onClick={() => void copy()}>
          Copy the link
        </button>
        <button type="button" className="button" onClick={() => window.print()}>
          Print
        </button>
        <button type="button" className="button button-primary" onClick={onClose}>
          Done
        </button>
      </div>
    </Dialog>
  );
}

function RevokeDialog({
  token,
  onClose,
  onRevoked,
}: {
  token: AdminStaffToken;
  onClose: () => void;
  onRevoked: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const revoke = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await revokeStaffToken(token.id);
      onRevoked();
    } catch (error) {
      setFailure(messageOf(error));
      setBusy(false);
    }
  };
  return (
    <Dialog title={`Revoke ${token.name}?`} onClose={onClose}>
      <p>
        The device signed in with it at {token.storeName} is signed out of the staff display at once. This cannot be
        undone: make a new token to sign it in again.
      </p>
      <FormError message={failure} />
      <div className="dialog-actions">
        <button type="button" className="button" autoFocus onClick={onClose}>
          Keep it
        </button>
        <button type="button" className="button button-danger" disabled={busy} onClick={() => void revoke()}>
          {busy ? 'Revoking…' : 'Revoke the token'}
        </button>
      </div>
    </Dialog>
  );
}
