import { formatMoney } from '@venue/domain/money';
import type { SummaryView, TotalLine } from '@venue/domain/payment-summary';
import styles from './payment-summary.module.css';

/**
 * The payment summary every screen shows the same way (confirm-order, alert-order): the items with
 * their options, then the subtotal, each service charge and discount once, then the Grand Total.
 */
export function PaymentSummaryTable({ view, caption }: { view: SummaryView; caption: string }) {
  return (
    <>
      <table className={styles.table}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className={styles.nameCol}>
              Item
            </th>
            <th scope="col" className={styles.num}>
              Qty
            </th>
            <th scope="col" className={styles.num}>
              Price
            </th>
          </tr>
        </thead>
        {view.rows.map((row, index) => (
          <tbody key={index} className={styles.itemGroup}>
            <tr>
              <th scope="row" className={styles.itemName}>
                {row.name}
              </th>
              <td className={styles.num}>{row.quantity}</td>
              <td className={styles.num}>{formatMoney(row.priceMinor)}</td>
            </tr>
            {row.modifiers.map((modifier, modIndex) => (
              <tr key={modIndex} className={styles.modifier}>
                <td>
                  <span aria-hidden="true">+ </span>
                  {modifier.name}
                </td>
                <td className={styles.num}>{modifier.quantity}</td>
                <td className={styles.num}>{formatMoney(modifier.priceMinor)}</td>
              </tr>
            ))}
          </tbody>
        ))}
      </table>
      <SummaryTotals lines={view.lines} totalMinor={view.totalMinor} />
    </>
  );
}

/** Lines that lead to the Grand Total, each on its own row; they add up to the total shown. */
export function SummaryTotals({ lines, totalMinor }: { lines: readonly TotalLine[]; totalMinor: number }) {
  return (
    <dl className={styles.totals}>
      {lines.map((line, index) => (
        <div
          key={index}
          className={line.kind === 'discount' ? `${styles.totalRow} ${styles.discount}` : styles.totalRow}
        >
          {/* the space keeps name and amount apart when the row is read as one text */}
          <dt>{line.name}</dt> <dd>{formatMoney(line.minor)}</dd>
        </div>
      ))}
      <div className={`${styles.totalRow} ${styles.grand}`}>
        <dt>Grand Total</dt> <dd>{formatMoney(totalMinor)}</dd>
      </div>
    </dl>
  );
}
