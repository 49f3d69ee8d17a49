import { formatMoney } from '@venue/domain/money';
import type { OrderSummaryView } from '../lib/order-summary';
import styles from './order-summary.module.css';

/** A read-only summary of the order: items with their options, charges and the Grand Total. */
export function OrderSummary({ summary }: { summary: OrderSummaryView }) {
  return (
    <section className={styles.card} aria-labelledby="order-summary-heading">
      <h2 id="order-summary-heading" className={styles.heading}>
        Your order
      </h2>
      <table className={styles.table}>
        <thead className="visually-hidden">
          <tr>
            <th scope="col">Item</th>
            <th scope="col">Qty</th>
            <th scope="col">Price</th>
          </tr>
        </thead>
        {summary.rows.map((row, index) => (
          <tbody key={index}>
            <tr>
              <th scope="row" className={styles.name}>
                {row.name}
              </th>
              <td className={styles.qty}>×{row.quantity}</td>
              <td className={styles.price}>{formatMoney(row.priceMinor)}</td>
            </tr>
            {row.modifiers.map((modifier, modIndex) => (
              <tr key={modIndex} className={styles.modifier}>
                <td>
                  <span aria-hidden="true">+ </span>
                  {modifier.name}
                </td>
                <td className={styles.qty}>×{modifier.quantity}</td>
                <td className={styles.price}>{formatMoney(modifier.priceMinor)}</td>
              </tr>
            ))}
          </tbody>
        ))}
      </table>
      <dl className={styles.totals}>
        {summary.extras.map((extra, index) => (
          <div key={index} className={styles.totalRow}>
            <dt>{extra.name}</dt>
            <dd>{formatMoney(extra.priceMinor)}</dd>
          </div>
        ))}
        <div className={`${styles.totalRow} ${styles.grand}`}>
          <dt>Grand Total</dt>
          <dd>{formatMoney(summary.totalMinor)}</dd>
        </div>
      </dl>
    </section>
  );
}
