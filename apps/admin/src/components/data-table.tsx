import { useState, type ReactNode } from 'react';

export interface Column<Row> {
  key: string;
  label: ReactNode;
  /** what the column sorts by; a column without it does not sort */
  sortValue?: (row: Row) => string | number;
  /** numbers: right-aligned in tabular figures */
  numeric?: boolean;
  render: (row: Row) => ReactNode;
  /** a foot cell (totals) */
  foot?: ReactNode;
}

type Direction = 'ascending' | 'descending';

/**
 * A table whose sortable columns sort on a click of their heading (said to screen readers with
 * aria-sort). The rows are the caller's; sorting only orders them.
 */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  initialSort,
  empty,
}: {
  caption: ReactNode;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string | number;
  initialSort?: { key: string; direction: Direction };
  /** shown in place of the rows when there are none */
  empty: ReactNode;
}) {
  const [sort, setSort] = useState<{ key: string; direction: Direction } | null>(initialSort ?? null);
  const column = sort ? columns.find((candidate) => candidate.key === sort.key) : undefined;
  const sorted =
    column?.sortValue && sort
      ? [...rows].sort((a, b) => {
          const x = column.sortValue!(a);
          const y = column.sortValue!(b);
          const order = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
          return sort.direction === 'ascending' ? order : -order;
        })
      : rows;
  const hasFoot = columns.some((candidate) => candidate.foot !== undefined);

  return (
    <div className="table-wrap">
      <table className="table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((candidate) => {
              const current = sort?.key === candidate.key ? sort.direction : undefined;
              return (
                <th
                  key={candidate.key}
                  scope="col"
                  className={candidate.numeric ? 'num' : undefined}
                  aria-sort={current ?? (candidate.sortValue ? 'none' : undefined)}
                >
                  {candidate.sortValue ? (
                    <button
                      type="button"
                      className="sort-button"
                      onClick={() =>
                        setSort({
                          key: candidate.key,
                          direction:
                            current === 'ascending' || (current === undefined && candidate.numeric)
                              ? 'descending'
                              : 'ascending',
                        })
                      }
                    >
                      {candidate.label}
                      <span className="sort-mark" aria-hidden="true">
                        {current === 'ascending' ? '▲' : current === 'descending' ? '▼' : '↕'}
                      </span>
                    </button>
                  ) : (
                    candidate.label
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {sorted.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="table-empty">
                {empty}
              </td>
            </tr>
          ) : (
            sorted.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((candidate) => (
                  <td key={candidate.key} className={candidate.numeric ? 'num' : undefined}>
                    {candidate.render(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
        {hasFoot && sorted.length > 0 && (
          <tfoot>
            <tr>
              {columns.map((candidate) => (
                <td key={candidate.key} className={candidate.numeric ? 'num' : undefined}>
                  {candidate.foot}
                </td>
              ))}
            </tr>
          </tfoot>
        )}
      </table>
    </div>
  );
}
