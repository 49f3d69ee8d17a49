import { useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { AdminOrderSummary } from '@venue/contract/admin-orders';
import { messageOf } from '../../api/admin-client';
import { listOrders, ordersCsvUrl, type OrderFilters } from '../../api/orders';
import { Money, StatusBadge } from '../../components/badges';
import { SelectField, TextField, focusFirstInvalid } from '../../components/field';
import { LoadState } from '../../components/load-state';
import { PageHeader } from '../../components/page-header';
import { formatDateTime, zoneName } from '../../lib/dates';
import { serviceModeLabel } from '../../lib/labels';
import { storeName, useSession } from '../../lib/session';
import { useLoad } from '../../lib/use-load';

/** The status filter's choices: groups of the API's statuses, in a manager's words. */
export const STATUS_CHOICES = [
  { value: '', label: 'Any status' },
  { value: 'Paid,Waiting,Scheduled', label: 'In progress' },
  { value: 'PendingAlerted,Alerted', label: 'Ready' },
  { value: 'Serviced', label: 'Collected' },
  { value: 'Cancelled', label: 'Cancelled' },
  { value: 'VendorSupportRequired', label: 'Needs the store' },
  { value: 'Pending', label: 'Not paid' },
] as const;

const FILTER_NAMES = ['q', 'from', 'to', 'vendorId', 'status'] as const;

/** The filters the address holds (so a search can be bookmarked and shared). */
function filtersOf(params: URLSearchParams): OrderFilters {
  const filters: OrderFilters = {};
  for (const name of FILTER_NAMES) {
    const value = params.get(name);
    if (value) filters[name] = value;
  }
  return filters;
}

/** Search the orders of the manager's stores: by number, name, mobile or email; days; store; status. */
export default function OrdersScreen() {
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const key = new URLSearchParams(filters as Record<string, string>).toString();
  return (
    <>
      <PageHeader
        title="Orders"
        actions={
          <a className="button" href={ordersCsvUrl(filters)} download>
            Download CSV
          </a>
        }
      />
      <OrderSearch
        key={`search?${key}`}
        filters={filters}
        onSearch={(next) => {
          const search = new URLSearchParams();
          for (const name of FILTER_NAMES) if (next[name]) search.set(name, next[name]);
          setParams(search);
        }}
      />
      <OrderResults key={`results?${key}`} filters={filters} search={key} />
    </>
  );
}

function OrderSearch({ filters, onSearch }: { filters: OrderFilters; onSearch: (filters: OrderFilters) => void }) {
  const { venue } = useSession();
  const [draft, setDraft] = useState<OrderFilters>(filters);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const set = (name: keyof OrderFilters) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [name]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft.from && draft.to && draft.to < draft.from) {
      setProblem('The last day must not be before the first.');
      focusFirstInvalid(form.current);
      return;
    }
    setProblem(null);
    onSearch({ ...draft, q: draft.q?.trim() });
  };

  return (
    <form ref={form} className="filters" role="search" aria-label="Orders" noValidate onSubmit={submit}>
      <TextField
        id="order-q"
        className="filter-grow"
        label="Order number, name, mobile or email"
        type="search"
        maxLength={100}
        value={draft.q ?? ''}
        onChange={set('q')}
      />
      <TextField id="order-from" label="From" type="date" value={draft.from ?? ''} onChange={set('from')} />
      <TextField id="order-to" label="To" type="date" value={draft.to ?? ''} onChange={set('to')} error={problem} />
      <SelectField id="order-store" label="Store" value={draft.vendorId ?? ''} onChange={set('vendorId')}>
        <option value="">{venue.stores.length === 1 ? venue.stores[0]!.storeName : 'All my stores'}</option>
        {venue.stores.length > 1 &&
          venue.stores.map((store) => (
            <option key={store.vendorId} value={String(store.vendorId)}>
              {store.storeName}
            </option>
          ))}
      </SelectField>
      <SelectField id="order-status" label="Status" value={draft.status ?? ''} onChange={set('status')}>
        {STATUS_CHOICES.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </SelectField>
      <div className="filter-actions">
        <button type="submit" className="button button-primary">
          Search
        </button>
      </div>
    </form>
  );
}

function OrderResults({ filters, search }: { filters: OrderFilters; search: string }) {
  const { venue } = useSession();
  const first = useLoad(`orders?${search}`, (signal) => listOrders(filters, null, signal));
  const [more, setMore] = useState<{ orders: AdminOrderSummary[]; next: string | null } | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreError, setMoreError] = useState<string | null>(null);

  const loadMore = async (cursor: string) => {
    setLoadingMore(true);
    setMoreError(null);
    try {
      const page = await listOrders(filters, cursor);
      setMore((current) => ({ orders: [...(current?.orders ?? []), ...page.orders], next: page.next }));
    } catch (error) {
      setMoreError(messageOf(error));
    } finally {
      setLoadingMore(false);
    }
  };

  return (
    <LoadState {...first} what="the orders">
      {(page) => {
        const orders = [...page.orders, ...(more?.orders ?? [])];
        const next = more ? more.next : page.next;
        return (
          <section aria-labelledby="orders-found" className="section">
            <h2 id="orders-found" className="section-title">
              {orders.length === 0
                ? 'No orders found'
                : `${orders.length}${next ? '+' : ''} order${orders.length === 1 ? '' : 's'}, newest first`}
              <span className="section-note"> · times in {zoneName(venue.timeZone)}</span>
            </h2>
            {orders.length > 0 && (
              <div className="table-wrap">
                <table className="table">
                  <caption className="visually-hidden">Orders found, newest first</caption>
                  <thead>
                    <tr>
                      <th scope="col">Order</th>
                      <th scope="col">Placed</th>
                      <th scope="col">Store</th>
                      <th scope="col">Customer</th>
                      <th scope="col">Service</th>
                      <th scope="col">Status</th>
                      <th scope="col" className="num">
                        Total
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {orders.map((order) => (
                      <tr key={order.id}>
                        <td>
                          <Link to={`/orders/${order.id}`} state={{ search }} className="row-link">
                            {order.claimTicket ? `Order ${order.claimTicket}` : `Order #${order.id}`}
                          </Link>
                        </td>
                        <td>{formatDateTime(order.paidAt ?? order.createdAt, venue.timeZone)}</td>
                        <td>{order.storeName || storeName(venue, order.vendorId)}</td>
                        <td>
                          <span className="cell-main">{order.customerName ?? '—'}</span>
                          <span className="cell-sub">
                            {[order.customerMobile, order.customerEmail].filter(Boolean).join(' · ')}
                          </span>
                        </td>
                        <td>{serviceModeLabel(order.serviceMode)}</td>
                        <td>
                          <StatusBadge status={order.orderStatus} />
                        </td>
                        <td className="num">
                          <Money minor={order.totalMinor} />
                          {order.refundedMinor > 0 && (
                            <span className="cell-sub">
                              <Money minor={-order.refundedMinor} /> refunded
                            </span>
                          )}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            {moreError && (
              <p className="notice notice-error" role="alert">
                Could not read more orders: {moreError}
              </p>
            )}
            {next && (
              <p className="load-more">
                <button type="button" className="button" disabled={loadingMore} onClick={() => void loadMore(next)}>
                  {loadingMore ? 'Loading…' : 'Load more'}
                </button>
              </p>
            )}
          </section>
        );
      }}
    </LoadState>
  );
}
