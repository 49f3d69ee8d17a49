export interface Bar {
  key: string | number;
  label: string;
  value: number;
  /** the value as the table beside it writes it ("$1,204.50") */
  shown: string;
}

/**
 * Bars for a glance: across for a list (stores), upright for a day's hours. The table beside it is
 * the source; each bar says its figure on hover, and the chart as a whole is one image to a screen
 * reader, described by `summary`.
 */
export function BarChart({ bars, summary, upright = false }: { bars: Bar[]; summary: string; upright?: boolean }) {
  const top = Math.max(0, ...bars.map((bar) => bar.value));
  const share = (value: number) => (top > 0 ? Math.max(0, (value / top) * 100) : 0);
  if (upright) {
    return (
      <figure className="chart chart-upright" role="img" aria-label={summary}>
        <div className="chart-columns">
          {bars.map((bar) => (
            <div key={bar.key} className="chart-column" title={`${bar.label}: ${bar.shown}`}>
              <div className="chart-column-track">
                <div className="chart-column-bar" style={{ height: `${share(bar.value)}%` }} />
              </div>
              <span className="chart-column-label" aria-hidden="true">
                {bar.label}
              </span>
            </div>
          ))}
        </div>
      </figure>
    );
  }
  return (
    <figure className="chart" role="img" aria-label={summary}>
      {bars.map((bar) => (
        <div key={bar.key} className="chart-row" title={`${bar.label}: ${bar.shown}`}>
          <span className="chart-label">{bar.label}</span>
          <span className="chart-track">
            <span className="chart-bar" style={{ width: `${share(bar.value)}%` }} />
          </span>
          <span className="chart-value">{bar.shown}</span>
        </div>
      ))}
    </figure>
  );
}
