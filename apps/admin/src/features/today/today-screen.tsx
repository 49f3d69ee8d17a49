import type { Today, TodayStore } from '@venue/contract/admin-reports';
import { formatMoney } from '@venue/domain/money';
import { getToday } from '../../api/reports';
import { Money, StoreStateBadge } from '../../components/badges';
import { BarChart } from '../../components/bar-chart';
import { DataTable, type Column } from '../../components/data-table';
import { LoadState } from '../../components/load-state';
import { PageHeader } from '../../components/page-header';
import { formatDay, formatWait, zoneName } from '../../lib/dates';
import { useLoad } from '../../lib/use-load';
import { useVenueEvents } from '../../lib/use-venue-events';

const STREAM_WORDS = {
  connecting: 'Connecting…',
  live: 'Live',
  reconnecting: 'Reconnecting…',
  'signed-out': 'Signed out',
} as const;

const STORE_COLUMNS: Column<TodayStore>[] = [
  { key: 'store', label: 'Store', sortValue: (store) => store.storeName, render: (store) => store.storeName },
  {
    key: 'state',
    label: 'State',
    sortValue: (store) => store.state,
    render: (store) => <StoreStateBadge state={store.state} />,
  },
  {
    key: 'queue',
    label: 'Queue',
    numeric: true,
    sortValue: (store) => store.queueLength,
    render: (store) => store.queueLength,
  },
  {
    key: 'wait',
    label: 'Wait now',
    numeric: true,
    sortValue: (store) => store.waitSeconds ?? -1,
    render: (store) => formatWait(store.waitSeconds),
  },
  {
    key: 'orders',
    label: 'Orders',
    numeric: true,
    sortValue: (store) => store.orders,
    render: (store) => store.orders,
  },
  {
    key: 'net',
    label: 'Net takings',
    numeric: true,
    sortValue: (store) => store.netMinor,
    render: (store) => <Money minor={store.netMinor} />,
  },
];

/** The venue right now: today's orders and takings, each store's queue, wait and state; live. */
export default function TodayScreen() {
  const today = useLoad('today', (signal) => getToday(signal));
  const stream = useVenueEvents(today.reload);
  return (
    <>
      <PageHeader
        title="Today"
        sub={today.data ? `${formatDay(today.data.day)} · times in ${zoneName(today.data.timeZone)}` : undefined}
        actions={
          <p className={`live live-${stream}`} role="status">
            <span className="live-dot" aria-hidden="true" />
            {STREAM_WORDS[stream]}
          </p>
        }
      />
      <LoadState {...today} what="today's figures">
        {(data) => <TodayView today={data} />}
      </LoadState>
    </>
  );
}

function TodayView({ today }: { today: Today }) {
  const { totals } = today;
  const queued = today.stores.reduce((sum, store) => sum + store.queueLength, 0);
  return (
    <>
      <section aria-labelledby="today-totals" className="section">
        <h2 id="today-totals" className="visually-hidden">
          So far today
        </h2>
        <dl className="tiles">
          <div className="tile">
            <dt>Orders</dt>
            <dd>{totals.orders}</dd>
          </div>
          <div className="tile">
            <dt>Net takings</dt>
            <dd>
              <Money minor={totals.netMinor} />
            </dd>
          </div>
          <div className="tile">
            <dt>Gross</dt>
            <dd>
              <Money minor={totals.grossMinor} />
            </dd>
          </div>
          <div className="tile">
            <dt>Refunds</dt>
            <dd>
              <Money minor={totals.refundsMinor} />
            </dd>
          </div>
          <div className="tile">
            <dt>Average order</dt>
            <dd>
              <Money minor={totals.averageOrderMinor} />
            </dd>
          </div>
          <div className="tile">
            <dt>In the queues</dt>
            <dd>{queued}</dd>
          </div>
        </dl>
      </section>
      <section aria-labelledby="today-stores" className="section">
        <h2 id="today-stores">Stores</h2>
        <div className="split">
          <DataTable
            caption="Each store now: its state, queue and wait, and today's orders and takings"
            columns={STORE_COLUMNS}
            rows={today.stores}
            rowKey={(store) => store.vendorId}
            empty="No stores yet."
          />
          <div className="panel">
            <h3>Queues</h3>
            <BarChart
              summary={`Orders waiting: ${today.stores.map((store) => `${store.storeName} ${store.queueLength}`).join(', ')}`}
              bars={today.stores.map((store) => ({
                key: store.vendorId,
                label: store.storeName,
                value: store.queueLength,
                shown: `${store.queueLength} · ${formatWait(store.waitSeconds)}`,
              }))}
            />
            <h3>Net takings</h3>
            <BarChart
              summary={`Net takings today: ${today.stores.map((store) => `${store.storeName} ${formatMoney(store.netMinor)}`).join(', ')}`}
              bars={today.stores.map((store) => ({
                key: store.vendorId,
                label: store.storeName,
                value: store.netMinor,
                shown: formatMoney(store.netMinor),
              }))}
            />
          </div>
        </div>
      </section>
    </>
  );
}
