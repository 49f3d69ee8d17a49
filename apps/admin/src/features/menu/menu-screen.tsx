import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { AdminStoreSummary } from '@venue/contract/admin-catalogue';
import { listStores } from '../../api/catalogue';
import { StoreStateBadge } from '../../components/badges';
import { DataTable, type Column } from '../../components/data-table';
import { LoadState } from '../../components/load-state';
import { PageHeader } from '../../components/page-header';
import { formatDateTime, zoneName } from '../../lib/dates';
import { isAdmin, useSession } from '../../lib/session';
import { useLoad } from '../../lib/use-load';
import { AddStoreDialog } from './add-store-dialog';
import { MenuTabs } from './menu-tabs';

/** A store's state as the staff set it: open, paused ('Back Soon') or closed. */
export const storeState = (store: { isOpen: boolean; isPaused: boolean }) =>
  !store.isOpen ? 'closed' : store.isPaused ? 'paused' : 'open';

/** The manager's stores, each opening its editor. */
export default function MenuScreen() {
  const { manager, venue } = useSession();
  const stores = useLoad('stores', (signal) => listStores(signal));
  const [adding, setAdding] = useState(false);
  const navigate = useNavigate();
  const columns: Column<AdminStoreSummary>[] = [
    {
      key: 'name',
      label: 'Store',
      sortValue: (store) => store.storeName,
      render: (store) => (
        <Link className="row-link" to={`/menu/${store.id}`}>
          {store.storeName}
        </Link>
      ),
    },
    { key: 'location', label: 'Location', sortValue: (store) => store.location, render: (store) => store.location },
    {
      key: 'state',
      label: 'State',
      sortValue: storeState,
      render: (store) => <StoreStateBadge state={storeState(store)} />,
    },
    { key: 'items', label: 'Items', numeric: true, sortValue: (store) => store.items, render: (store) => store.items },
    {
      key: 'changed',
      label: 'Last changed',
      sortValue: (store) => store.updatedAt ?? '',
      render: (store) =>
        store.updatedAt ? (
          <>
            {formatDateTime(store.updatedAt, venue.timeZone)}
            {store.updatedBy && <span className="cell-sub">by {store.updatedBy}</span>}
          </>
        ) : (
          '—'
        ),
    },
  ];
  return (
    <>
      <PageHeader
        title="Menu"
        sub={`Stores, their menus and the coupons · times in ${zoneName(venue.timeZone)}`}
        actions={
          isAdmin(manager) ? (
            <button type="button" className="button button-primary" onClick={() => setAdding(true)}>
              Add a store
            </button>
          ) : undefined
        }
      />
      <MenuTabs />
      <LoadState {...stores} what="the stores">
        {(list) => (
          <DataTable
            caption="Your stores, in the order the app shows them"
            columns={columns}
            rows={list}
            rowKey={(store) => store.id}
            empty="No stores yet: import a catalogue first."
          />
        )}
      </LoadState>
      {adding && <AddStoreDialog onClose={() => setAdding(false)} onAdded={(store) => navigate(`/menu/${store.id}`)} />}
    </>
  );
}
