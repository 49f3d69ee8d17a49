import { useState } from 'react';
import type { Manager } from '@venue/contract/admin-accounts';
import { disableManager, listManagers } from '../../api/accounts';
import { messageOf } from '../../api/admin-client';
import { DataTable, type Column } from '../../components/data-table';
import { Dialog } from '../../components/dialog';
import { FormError } from '../../components/field';
import { LoadState } from '../../components/load-state';
import { PageHeader } from '../../components/page-header';
import { formatDateTime, zoneName } from '../../lib/dates';
import { ROLE_LABELS } from '../../lib/labels';
import { storeName, useSession, type Venue } from '../../lib/session';
import { useLoad } from '../../lib/use-load';
import { InviteDialog } from './invite-dialog';

/** Where an account stands: working, waiting for its password, or disabled. */
export function accountState(manager: Manager): string {
  if (manager.disabledAt) return 'Disabled';
  return manager.passwordSet ? 'Active' : 'Invited';
}

function columns(venue: Venue, self: number, onDisable: (manager: Manager) => void): Column<Manager>[] {
  return [
    { key: 'name', label: 'Name', sortValue: (manager) => manager.name, render: (manager) => manager.name },
    { key: 'email', label: 'Email', sortValue: (manager) => manager.email, render: (manager) => manager.email },
    {
      key: 'role',
      label: 'Role',
      sortValue: (manager) => manager.role,
      render: (manager) => ROLE_LABELS[manager.role],
    },
    {
      key: 'stores',
      label: 'Stores',
      render: (manager) =>
        manager.role === 'admin'
          ? 'Every store'
          : manager.vendorIds.map((vendorId) => storeName(venue, vendorId)).join(', '),
    },
    {
      key: 'state',
      label: 'State',
      sortValue: accountState,
      render: (manager) => (
        <span className={`badge badge-${manager.disabledAt ? 'neutral' : manager.passwordSet ? 'done' : 'active'}`}>
          {accountState(manager)}
        </span>
      ),
    },
    {
      key: 'since',
      label: 'Invited',
      sortValue: (manager) => manager.createdAt,
      render: (manager) => formatDateTime(manager.createdAt, venue.timeZone),
    },
    {
      key: 'actions',
      label: <span className="visually-hidden">Actions</span>,
      render: (manager) =>
        manager.disabledAt || manager.id === self ? null : (
          <button type="button" className="button button-quiet button-small" onClick={() => onDisable(manager)}>
            Disable<span className="visually-hidden"> {manager.name}</span>
          </button>
        ),
    },
  ];
}

/** Every back-office account (admin only): invite, and disable with a confirm. */
export default function ManagersScreen() {
  const { manager: self, venue } = useSession();
  const managers = useLoad('managers', (signal) => listManagers(signal));
  const [inviting, setInviting] = useState(false);
  const [disabling, setDisabling] = useState<Manager | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  return (
    <>
      <PageHeader
        title="Managers"
        sub={`Who may sign in to the back office · times in ${zoneName(venue.timeZone)}`}
        actions={
          <button type="button" className="button button-primary" onClick={() => setInviting(true)}>
            Invite a manager
          </button>
        }
      />
      <div role="status" className="status-slot">
        {notice && <p className="notice notice-ok">{notice}</p>}
      </div>
      <LoadState {...managers} what="the managers">
        {(list) => (
          <DataTable
            caption="Back-office accounts"
            columns={columns(venue, self.id, setDisabling)}
            rows={list}
            rowKey={(manager) => manager.id}
            initialSort={{ key: 'name', direction: 'ascending' }}
            empty="No accounts yet."
          />
        )}
      </LoadState>
      {inviting && (
        <InviteDialog
          onClose={() => setInviting(false)}
          onInvited={(invited) => {
            setInviting(false);
            setNotice(`Invitation sent to ${invited.email}.`);
            managers.reload();
          }}
        />
      )}
      {disabling && (
        <DisableDialog
          manager={disabling}
          onClose={() => setDisabling(null)}
          onDisabled={() => {
            setNotice(`${disabling.name} is disabled and signed out.`);
            setDisabling(null);
            managers.reload();
          }}
        />
      )}
    </>
  );
}

function DisableDialog({
  manager,
  onClose,
  onDisabled,
}: {
  manager: Manager;
  onClose: () => void;
  onDisabled: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const disable = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await disableManager(manager.id);
      onDisabled();
    } catch (error) {
      setFailure(messageOf(error));
      setBusy(false);
    }
  };
  return (
    <Dialog title={`Disable ${manager.name}?`} onClose={onClose}>
      <p>
        {manager.name} ({manager.email}) is signed out on every device at once and can no longer sign in. Their password
        links stop working.
      </p>
      <FormError message={failure} />
      <div className="dialog-actions">
        <button type="button" className="button" autoFocus onClick={onClose}>
          Keep the account
        </button>
        <button type="button" className="button button-danger" disabled={busy} onClick={() => void disable()}>
          {busy ? 'Disabling…' : 'Disable account'}
        </button>
      </div>
    </Dialog>
  );
}
