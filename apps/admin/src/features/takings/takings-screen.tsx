import { useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import type {
  Takings,
  TakingsGrouping,
  TakingsHourRow,
  TakingsItemRow,
  TakingsMethodRow,
  TakingsStoreRow,
} from '@venue/contract/admin-reports';
import { formatMoney } from '@venue/domain/money';
import { ordersCsvUrl } from '../../api/orders';
import { getTakings, takingsCsvUrl, type TakingsFilters } from '../../api/reports';
import { Money } from '../../components/badges';
import { BarChart } from '../../components/bar-chart';
import { DataTable, type Column } from '../../components/data-table';
import { SelectField, TextField, focusFirstInvalid } from '../../components/field';
import { LoadState } from '../../components/load-state';
import { PageHeader } from '../../components/page-header';
import { dayIn, formatDay, shiftDay, zoneName } from '../../lib/dates';
import { methodLabel } from '../../lib/labels';
import { useSession } from '../../lib/session';
import { useLoad } from '../../lib/use-load';

const GROUPINGS: { value: TakingsGrouping; label: string }[] = [
  { value: 'store', label: 'Store' },
  { value: 'item', label: 'Item' },
  { value: 'hour', label: 'Hour of the day' },
];

/** "9 am", "12 pm", "11 pm" */
export const hourLabel = (hour: number) => `${hour % 12 === 0 ? 12 : hour % 12} ${hour < 12 ? 'am' : 'pm'}`;

/** The report's filters from the address; the venue's today when it names no day. */
function filtersOf(params: URLSearchParams, today: string): TakingsFilters {
  const by = params.get('by');
  return {
    from: params.get('from') || today,
    to: params.get('to') || params.get('from') || today,
    by: by === 'item' || by === 'hour' ? by : 'store',
    vendorId: params.get('vendorId') || undefined,
  };
}

/** Takings over days: totals, by store, item or hour, per payment method; CSV downloads. */
export default function TakingsScreen() {
  const { venue } = useSession();
  const [params, setParams] = useSearchParams();
  const today = dayIn(venue.timeZone);
  const filters = filtersOf(params, today);
  const key = JSON.stringify(filters);
  const report = useLoad(`takings-${key}`, (signal) => getTakings(filters, signal));
  const show = (next: TakingsFilters) => {
    const search = new URLSearchParams({ from: next.from, to: next.to ?? next.from, by: next.by ?? 'store' });
    if (next.vendorId) search.set('vendorId', next.vendorId);
    setParams(search);
  };
  const csvFilters = { from: filters.from, to: filters.to, vendorId: filters.vendorId };
  return (
    <>
      <PageHeader
        title="Takings"
        sub={`${filters.from === filters.to ? formatDay(filters.from) : `${formatDay(filters.from)} to ${formatDay(filters.to ?? filters.from)}`} · days in ${zoneName(venue.timeZone)}`}
        actions={
          <>
            <a className="button" href={takingsCsvUrl(filters)} download>
              Download CSV
            </a>
            <a className="button" href={ordersCsvUrl(csvFilters)} download>
              Download orders CSV
            </a>
          </>
        }
      />
      <TakingsForm key={key} filters={filters} today={today} onShow={show} />
      <LoadState {...report} what="the takings">
        {(data) => <TakingsView takings={data} />}
      </LoadState>
    </>
  );
}

function TakingsForm({
  filters,
  today,
  onShow,
}: {
  filters: TakingsFilters;
  today: string;
  onShow: (filters: TakingsFilters) => void;
}) {
  const { venue } = useSession();
  const [draft, setDraft] = useState(filters);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!draft.from) {
      setProblem('Choose the first day.');
    } else if (draft.to && draft.to < draft.from) {
      setProblem('The last day must not be before the first.');
    } else {
      setProblem(null);
      onShow(draft);
      return;
    }
    focusFirstInvalid(form.current);
  };
  const preset = (from: string, to: string) => onShow({ ...filters, from, to });
  return (
    <form ref={form} className="filters" aria-label="Report" noValidate onSubmit={submit}>
      <TextField
        id="takings-from"
        label="From"
        type="date"
        required
        value={draft.from}
        onChange={(event) => setDraft({ ...draft, from: event.target.value })}
        error={problem && !draft.from ? problem : null}
      />
      <TextField
        id="takings-to"
        label="To"
        type="date"
        value={draft.to ?? ''}
        onChange={(event) => setDraft({ ...draft, to: event.target.value })}
        error={problem && draft.from ? problem : null}
      />
      <SelectField
        id="takings-by"
        label="By"
        value={draft.by ?? 'store'}
        onChange={(event) => setDraft({ ...draft, by: event.target.value as TakingsGrouping })}
      >
        {GROUPINGS.map((grouping) => (
          <option key={grouping.value} value={grouping.value}>
            {grouping.label}
          </option>
        ))}
      </SelectField>
      <SelectField
        id="takings-store"
        label="Store"
        value={draft.vendorId ?? ''}
        onChange={(event) => setDraft({ ...draft, vendorId: event.target.value || undefined })}
      >
        <option value="">{venue.stores.length === 1 ? venue.stores[0]!.storeName : 'All my stores'}</option>
        {venue.stores.length > 1 &&
          venue.stores.map((store) => (
            <option key={store.vendorId} value={String(store.vendorId)}>
              {store.storeName}
            </option>
          ))}
      </SelectField>
      <div className="filter-actions">
        <button type="submit" className="button button-primary">
          Show
        </button>
      </div>
      <div className="presets" role="group" aria-label="Quick ranges">
        <button type="button" className="button button-quiet" onClick={() => preset(today, today)}>
          Today
        </button>
        <button
          type="button"
          className="button button-quiet"
          onClick={() => preset(shiftDay(today, -1), shiftDay(today, -1))}
        >
          Yesterday
        </button>
        <button type="button" className="button button-quiet" onClick={() => preset(shiftDay(today, -6), today)}>
          Last 7 days
        </button>
        <button type="button" className="button button-quiet" onClick={() => preset(`${today.slice(0, 8)}01`, today)}>
          This month
        </button>
      </div>
    </form>
  );
}

const FIGURES: { key: keyof Takings['totals']; label: string; money: boolean }[] = [
  { key: 'orders', label: 'Orders', money: false },
  { key: 'grossMinor', label: 'Gross', money: true },
  { key: 'discountsMinor', label: 'Discounts', money: true },
  { key: 'serviceChargesMinor', label: 'Service charges', money: true },
  { key: 'refundsMinor', label: 'Refunds', money: true },
  { key: 'netMinor', label: 'Net', money: true },
  { key: 'gstMinor', label: 'GST included', money: true },
  { key: 'averageOrderMinor', label: 'Average order', money: true },
];

const money = (minor: number) => <Money minor={minor} />;

/** The figures' columns, for the store and hour rows. */
function figureColumns<Row extends Takings['totals']>(totals: Takings['totals']): Column<Row>[] {
  return FIGURES.map((figure) => ({
    key: figure.key,
    label: figure.label,
    numeric: true,
    sortValue: (row: Row) => row[figure.key],
    render: (row: Row) => (figure.money ? money(row[figure.key]) : row[figure.key]),
    foot: figure.money ? money(totals[figure.key]) : totals[figure.key],
  }));
}

function TakingsView({ takings }: { takings: Takings }) {
  const { totals } = takings;
  return (
    <>
      <section className="section" aria-labelledby="takings-totals">
        <h2 id="takings-totals" className="visually-hidden">
          Totals
        </h2>
        <dl className="tiles tiles-8">
          {FIGURES.map((figure) => (
            <div key={figure.key} className={`tile${figure.key === 'netMinor' ? ' tile-key' : ''}`}>
              <dt>{figure.label}</dt>
              <dd>{figure.money ? money(totals[figure.key]) : totals[figure.key]}</dd>
            </div>
          ))}
        </dl>
        <p className="section-note">
          GST at {(takings.gstRate / 100).toLocaleString('en-AU')} % is included in prices; items marked GST-free are
          left out of it.
        </p>
      </section>
      {takings.by === 'store' && <ByStore takings={takings} rows={takings.rows as TakingsStoreRow[]} />}
      {takings.by === 'hour' && <ByHour takings={takings} rows={takings.rows as TakingsHourRow[]} />}
      {takings.by === 'item' && <ByItem rows={takings.rows as TakingsItemRow[]} />}
      <ByMethod rows={takings.byMethod} />
    </>
  );
}

function ByStore({ takings, rows }: { takings: Takings; rows: TakingsStoreRow[] }) {
  const top = Math.max(0, ...rows.map((row) => row.netMinor));
  const columns: Column<TakingsStoreRow>[] = [
    {
      key: 'store',
      label: 'Store',
      sortValue: (row) => row.storeName,
      render: (row) => row.storeName,
      foot: 'Total',
    },
    ...figureColumns<TakingsStoreRow>(takings.totals).map((column) =>
      column.key === 'netMinor'
        ? {
            ...column,
            // each store's net with a bar under it, the stores' bars side by side down the column
            render: (row: TakingsStoreRow) => (
              <>
                {money(row.netMinor)}
                <span
                  className="inline-bar"
                  title={`${row.storeName}: ${formatMoney(row.netMinor)}`}
                  aria-hidden="true"
                >
                  <span style={{ width: `${top > 0 ? Math.max(0, (row.netMinor / top) * 100) : 0}%` }} />
                </span>
              </>
            ),
          }
        : column,
    ),
  ];
  return (
    <section className="section" aria-labelledby="takings-by-store">
      <h2 id="takings-by-store">By store</h2>
      <DataTable
        caption="Takings by store, with a bar of each store's net"
        columns={columns}
        rows={rows}
        rowKey={(row) => row.vendorId}
        initialSort={{ key: 'netMinor', direction: 'descending' }}
        empty="No orders in these days."
      />
    </section>
  );
}

function ByHour({ takings, rows }: { takings: Takings; rows: TakingsHourRow[] }) {
  const byHour = new Map(rows.map((row) => [row.hour, row]));
  const columns: Column<TakingsHourRow>[] = [
    { key: 'hour', label: 'Hour', sortValue: (row) => row.hour, render: (row) => hourLabel(row.hour), foot: 'Total' },
    ...figureColumns<TakingsHourRow>(takings.totals),
  ];
  return (
    <section className="section" aria-labelledby="takings-by-hour">
      <h2 id="takings-by-hour">By hour of the day</h2>
      <div className="panel">
        <h3>Net by hour</h3>
        <BarChart
          upright
          summary={`Net by hour: ${rows.map((row) => `${hourLabel(row.hour)} ${formatMoney(row.netMinor)}`).join(', ')}`}
          bars={Array.from({ length: 24 }, (_, hour) => ({
            key: hour,
            label: String(hour),
            value: byHour.get(hour)?.netMinor ?? 0,
            shown: `${hourLabel(hour)}: ${formatMoney(byHour.get(hour)?.netMinor ?? 0)}, ${byHour.get(hour)?.orders ?? 0} orders`,
          }))}
        />
      </div>
      <DataTable
        caption="Takings by hour of the day"
        columns={columns}
        rows={rows}
        rowKey={(row) => row.hour}
        initialSort={{ key: 'hour', direction: 'ascending' }}
        empty="No orders in these days."
      />
    </section>
  );
}

function ByItem({ rows }: { rows: TakingsItemRow[] }) {
  const columns: Column<TakingsItemRow>[] = [
    { key: 'name', label: 'Item', sortValue: (row) => row.name, render: (row) => row.name },
    { key: 'store', label: 'Store', sortValue: (row) => row.storeName, render: (row) => row.storeName },
    { key: 'quantity', label: 'Sold', numeric: true, sortValue: (row) => row.quantity, render: (row) => row.quantity },
    {
      key: 'refunded',
      label: 'Refunded',
      numeric: true,
      sortValue: (row) => row.refundedQuantity,
      render: (row) => row.refundedQuantity,
    },
    {
      key: 'gross',
      label: 'Gross',
      numeric: true,
      sortValue: (row) => row.grossMinor,
      render: (row) => money(row.grossMinor),
    },
  ];
  return (
    <section className="section" aria-labelledby="takings-by-item">
      <h2 id="takings-by-item">By item</h2>
      <DataTable
        caption="What sold, by item"
        columns={columns}
        rows={rows}
        rowKey={(row) => `${row.vendorId}-${row.menuItemId ?? row.name}`}
        initialSort={{ key: 'gross', direction: 'descending' }}
        empty="Nothing sold in these days."
      />
    </section>
  );
}

function ByMethod({ rows }: { rows: TakingsMethodRow[] }) {
  const columns: Column<TakingsMethodRow>[] = [
    {
      key: 'method',
      label: 'Method',
      sortValue: (row) => methodLabel(row.method),
      render: (row) => methodLabel(row.method),
    },
    {
      key: 'payments',
      label: 'Payments',
      numeric: true,
      sortValue: (row) => row.payments,
      render: (row) => row.payments,
    },
    {
      key: 'amount',
      label: 'Paid',
      numeric: true,
      sortValue: (row) => row.amountMinor,
      render: (row) => money(row.amountMinor),
    },
    {
      key: 'refunds',
      label: 'Refunded',
      numeric: true,
      sortValue: (row) => row.refundsMinor,
      render: (row) => money(row.refundsMinor),
    },
  ];
  return (
    <section className="section" aria-labelledby="takings-by-method">
      <h2 id="takings-by-method">By payment method</h2>
      <DataTable
        caption="Payments by method"
        columns={columns}
        rows={rows}
        rowKey={(row) => row.method}
        empty="No payments in these days."
      />
    </section>
  );
}
