import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { getStoreMenu } from '../../api/catalogue';
import { StoreStateBadge } from '../../components/badges';
import { LastChanged } from '../../components/conflict-notice';
import { LoadState } from '../../components/load-state';
import { PageHeader } from '../../components/page-header';
import { zoneName } from '../../lib/dates';
import { useSession } from '../../lib/session';
import { useLoad } from '../../lib/use-load';
import { ItemTypesEditor, OpeningHoursEditor, StoreSettings } from './store-settings';
import { ItemsEditor } from './items-editor';
import { OptionGroupsEditor } from './option-groups-editor';
import { storeState } from './menu-screen';

const PARTS = [
  { key: 'settings', label: 'Settings' },
  { key: 'hours', label: 'Opening hours' },
  { key: 'types', label: 'Item types' },
  { key: 'items', label: 'Items' },
  { key: 'groups', label: 'Option groups' },
] as const;
type Part = (typeof PARTS)[number]['key'];

/** One store's editor: its settings, opening hours, item types, items and option groups. */
export default function StoreScreen() {
  const { venue } = useSession();
  const vendorId = Number(useParams().vendorId);
  const [params] = useSearchParams();
  const part: Part = PARTS.find((candidate) => candidate.key === params.get('part'))?.key ?? 'settings';
  const menu = useLoad(`store-${vendorId}`, (signal) => getStoreMenu(vendorId, signal));
  const [generation, setGeneration] = useState(0);
  const reset = () => {
    setGeneration((value) => value + 1);
    menu.reload();
  };
  return (
    <>
      <p className="back">
        <Link to="/menu">← Stores</Link>
      </p>
      <LoadState {...menu} what="the store">
        {(data) => (
          <>
            <PageHeader
              title={data.store.storeName}
              sub={
                <>
                  <StoreStateBadge state={storeState(data.store)} /> {data.items.length} items · times in{' '}
                  {zoneName(venue.timeZone)}
                </>
              }
            />
            <nav className="tabs" aria-label={`${data.store.storeName}: parts`}>
              {PARTS.map((candidate) => (
                <Link
                  key={candidate.key}
                  to={`?part=${candidate.key}`}
                  aria-current={candidate.key === part ? 'page' : undefined}
                  replace
                >
                  {candidate.label}
                </Link>
              ))}
            </nav>
            {part === 'settings' && (
              <>
                <LastChanged {...data.store} timeZone={venue.timeZone} />
                <StoreSettings key={generation} menu={data} vendorId={vendorId} reload={menu.reload} reset={reset} />
              </>
            )}
            {part === 'hours' && (
              <OpeningHoursEditor key={generation} menu={data} vendorId={vendorId} reload={menu.reload} reset={reset} />
            )}
            {part === 'types' && (
              <ItemTypesEditor key={generation} menu={data} vendorId={vendorId} reload={menu.reload} reset={reset} />
            )}
            {part === 'items' && <ItemsEditor menu={data} vendorId={vendorId} reload={menu.reload} reset={reset} />}
            {part === 'groups' && (
              <OptionGroupsEditor menu={data} vendorId={vendorId} reload={menu.reload} reset={reset} />
            )}
          </>
        )}
      </LoadState>
    </>
  );
}
