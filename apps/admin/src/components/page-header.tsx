import { useEffect, type ReactNode } from 'react';

/** A screen's heading (focusable, so focus can land on it after a dialog or a navigation), a line under it, its actions. */
export function PageHeader({ title, sub, actions }: { title: string; sub?: ReactNode; actions?: ReactNode }) {
  // each screen names the browser's tab (and what a screen reader says of the page) after itself
  useEffect(() => {
    document.title = `${title} · Back office`;
  }, [title]);
  return (
    <div className="page-header">
      <div>
        <h1 tabIndex={-1}>{title}</h1>
        {sub && <p className="page-sub">{sub}</p>}
      </div>
      {actions && <div className="page-actions">{actions}</div>}
    </div>
  );
}
