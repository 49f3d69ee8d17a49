import { useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import type { AdminOrderDetail, AdminRefund } from '@venue/contract/admin-orders';
import { formatMoney } from '@venue/domain/money';
import { getOrder } from '../../api/orders';
import { Money, StatusBadge } from '../../components/badges';
import { LoadState } from '../../components/load-state';
import { PageHeader } from '../../components/page-header';
import { formatDateTime, zoneName } from '../../lib/dates';
import { methodLabel, paymentMeans, serviceModeLabel } from '../../lib/labels';
import { useLoad } from '../../lib/use-load';
import { mayRefund, RefundDialog } from './refund-dialog';

/** Where a refund went, in words. */
function refundMeans(refund: AdminRefund) {
  if (refund.method === 'coupon') return refund.couponCode ? `Coupon ${refund.couponCode} given back` : 'Coupon';
  return `${methodLabel(refund.method)}${refund.cardLastFour ? ` ending ${refund.cardLastFour}` : ''}`;
}

/** One order: its lines, customer, service, payments, refunds and history; 'Refund'. */
export default function OrderScreen() {
  const { orderId } = useParams();
  const id = Number(orderId);
  const location = useLocation();
  const search = (location.state as { search?: string } | null)?.search;
  const order = useLoad(`order-${id}`, (signal) => getOrder(id, signal));
  const [refunding, setRefunding] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  return (
    <>
      <p className="back">
        <Link to={search ? `/orders?${search}` : '/orders'}>← Orders</Link>
      </p>
      <LoadState {...order} what="the order">
        {(data) => (
          <>
            <PageHeader
              title={`Order ${data.claimTicket ?? `#${data.id}`}`}
              sub={
                <>
                  <StatusBadge status={data.orderStatus} /> {data.storeName} · placed{' '}
                  {formatDateTime(data.createdAt, data.storeTimeZone)} · times in {zoneName(data.storeTimeZone)}
                </>
              }
              actions={
                mayRefund(data) ? (
                  <button type="button" className="button button-danger" onClick={() => setRefunding(true)}>
                    Refund
                  </button>
                ) : (
                  <p className="page-sub">Nothing left to refund</p>
                )
              }
            />
            <div role="status" className="status-slot">
              {notice && <p className="notice notice-ok">{notice}</p>}
            </div>
            <OrderView order={data} />
            {refunding && (
              <RefundDialog
                order={data}
                onClose={() => setRefunding(false)}
                onRefunded={(amountMinor) => {
                  setRefunding(false);
                  setNotice(`Refunded ${formatMoney(amountMinor)}.`);
                  order.reload();
                }}
              />
            )}
          </>
        )}
      </LoadState>
    </>
  );
}

function OrderView({ order }: { order: AdminOrderDetail }) {
  const zone = order.storeTimeZone;
  const address = order.deliveryAddress;
  const paidMinor = order.payments
    .filter((payment) => payment.status !== 'Failed')
    .reduce((sum, payment) => sum + payment.amountMinor, 0);
  return (
    <div className="order-grid">
      <div className="order-main">
        <section className="panel" aria-labelledby="order-items">
          <h2 id="order-items">Items</h2>
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Item</th>
                <th scope="col" className="num">
                  Qty
                </th>
                <th scope="col" className="num">
                  Each
                </th>
                <th scope="col" className="num">
                  Price
                </th>
              </tr>
            </thead>
            <tbody>
              {order.lines.map((line) => (
                <tr key={line.lineId}>
                  <td>
                    <span className="cell-main">{line.name}</span>
                    {line.options.map((option) => (
                      <span key={option.name} className="cell-sub">
                        {option.quantity > 1 ? `${option.quantity}× ` : '+ '}
                        {option.name}
                        {option.priceMinor ? ` (${formatMoney(option.priceMinor)})` : ''}
                      </span>
                    ))}
                    {line.note && <span className="cell-note">Note: {line.note}</span>}
                    {line.refundedQuantity > 0 && (
                      <span className="cell-sub cell-refunded">{line.refundedQuantity} refunded</span>
                    )}
                  </td>
                  <td className="num">{line.quantity}</td>
                  <td className="num">
                    <Money minor={line.perItemMinor} />
                  </td>
                  <td className="num">
                    <Money minor={line.priceMinor} />
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={3}>
                  Subtotal
                </th>
                <td className="num">
                  <Money minor={order.subtotalMinor} />
                </td>
              </tr>
              {order.charges.map((charge) => (
                <tr key={charge.name}>
                  <th scope="row" colSpan={3}>
                    {charge.name}
                  </th>
                  <td className="num">
                    <Money minor={charge.amountMinor} />
                  </td>
                </tr>
              ))}
              {order.discountMinor !== 0 && (
                <tr>
                  <th scope="row" colSpan={3}>
                    Coupon {order.couponCode ?? ''}
                  </th>
                  <td className="num">
                    <Money minor={-Math.abs(order.discountMinor)} />
                  </td>
                </tr>
              )}
              <tr className="row-total">
                <th scope="row" colSpan={3}>
                  Total
                </th>
                <td className="num">
                  <Money minor={order.totalMinor} />
                </td>
              </tr>
            </tfoot>
          </table>
        </section>

        <section className="panel" aria-labelledby="order-payments">
          <h2 id="order-payments">Payments</h2>
          {order.payments.length === 0 ? (
            <p>No payment.</p>
          ) : (
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Paid by</th>
                  <th scope="col">Result</th>
                  <th scope="col" className="num">
                    Amount
                  </th>
                </tr>
              </thead>
              <tbody>
                {order.payments.map((payment) => (
                  <tr key={payment.id}>
                    <td>{formatDateTime(payment.createdAt, zone)}</td>
                    <td>{paymentMeans(payment)}</td>
                    <td>{payment.status}</td>
                    <td className="num">
                      <Money minor={payment.amountMinor} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <p className="panel-foot">
            Paid <Money minor={paidMinor} /> · refunded{' '}
            <Money minor={order.refunds.reduce((sum, refund) => sum + refund.amountMinor, 0)} /> · left to refund{' '}
            <Money minor={order.refundableMinor} />
          </p>
        </section>

        <section className="panel" aria-labelledby="order-refunds">
          <h2 id="order-refunds">Refunds</h2>
          {order.refunds.length === 0 ? (
            <p>No refunds.</p>
          ) : (
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">By</th>
                  <th scope="col">Reason</th>
                  <th scope="col">To</th>
                  <th scope="col" className="num">
                    Amount
                  </th>
                </tr>
              </thead>
              <tbody>
                {order.refunds.map((refund) => (
                  <tr key={refund.id}>
                    <td>{formatDateTime(refund.createdAt, zone)}</td>
                    <td>{refund.by}</td>
                    <td>
                      {refund.reason}
                      {refund.lines && (
                        <span className="cell-sub">
                          {refund.lines
                            .map(
                              (part) =>
                                `${part.quantity}× ${order.lines.find((line) => line.lineId === part.lineId)?.name ?? 'item'}`,
                            )
                            .join(', ')}
                        </span>
                      )}
                    </td>
                    <td>{refundMeans(refund)}</td>
                    <td className="num">
                      <Money minor={refund.amountMinor} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>

        <section className="panel" aria-labelledby="order-history">
          <h2 id="order-history">History</h2>
          {order.history.length === 0 ? (
            <p>Nothing recorded yet.</p>
          ) : (
            <ol className="timeline">
              {order.history.map((event, index) => (
                <li key={`${event.at}-${index}`}>
                  <span className="timeline-when">{formatDateTime(event.at, zone)}</span>
                  <span className="timeline-what">{event.summary}</span>
                  <span className="timeline-who">by {event.by}</span>
                </li>
              ))}
            </ol>
          )}
        </section>
      </div>

      <aside className="order-side">
        <section className="panel" aria-labelledby="order-customer">
          <h2 id="order-customer">Customer</h2>
          <dl className="facts">
            <dt>Name</dt>
            <dd>{order.customerName ?? '—'}</dd>
            <dt>Mobile</dt>
            <dd>{order.customerMobile ? <a href={`tel:${order.customerMobile}`}>{order.customerMobile}</a> : '—'}</dd>
            <dt>Email</dt>
            <dd>{order.customerEmail ? <a href={`mailto:${order.customerEmail}`}>{order.customerEmail}</a> : '—'}</dd>
          </dl>
        </section>
        <section className="panel" aria-labelledby="order-service">
          <h2 id="order-service">Service</h2>
          <dl className="facts">
            <dt>Mode</dt>
            <dd>{serviceModeLabel(order.serviceMode)}</dd>
            {address && (
              <>
                <dt>Address</dt>
                <dd>
                  {address.streetAddress}, {address.addressLocality} {address.addressRegion} {address.postalCode}
                  {address.addressDescription && <span className="cell-sub">{address.addressDescription}</span>}
                </dd>
              </>
            )}
            <dt>Requested for</dt>
            <dd>
              {order.requestedServiceTime ? formatDateTime(order.requestedServiceTime, zone) : 'As soon as possible'}
            </dd>
            {order.paidAt && (
              <>
                <dt>Paid</dt>
                <dd>{formatDateTime(order.paidAt, zone)}</dd>
              </>
            )}
            {order.timeReady && (
              <>
                <dt>Ready</dt>
                <dd>{formatDateTime(order.timeReady, zone)}</dd>
              </>
            )}
            {order.timeServiced && (
              <>
                <dt>Collected</dt>
                <dd>{formatDateTime(order.timeServiced, zone)}</dd>
              </>
            )}
          </dl>
        </section>
      </aside>
    </div>
  );
}
