import type { ReactNode } from 'react';
import './components.css';

export interface SummaryRow {
  key: string;
  /** "Box 3" and the like, shown beside the key. */
  box?: string | undefined;
  value: ReactNode;
  /** Figures are right-aligned. */
  numeric?: boolean;
  error?: string | undefined;
  onChange?: () => void;
}

/** GOV.UK summary list: key, value and a Change link back to the field. */
export function SummaryList({ rows }: { rows: SummaryRow[] }) {
  return (
    <dl className="summary-list">
      {rows.map((r) => (
        <div className={`summary-list__row${r.error ? ' summary-list__row--error' : ''}`} key={r.key + (r.box ?? '')}>
          <dt className="summary-list__key">
            {r.key}
            {r.box ? <> <span className="summary-list__box">(box {r.box})</span></> : null}
          </dt>
          <dd className={`summary-list__value${r.numeric ? ' summary-list__value--numeric' : ''}`}>
            {r.value}
            {r.error ? <span className="summary-list__error">{r.error}</span> : null}
          </dd>
          <dd className="summary-list__actions">
            {r.onChange ? (
              <button type="button" className="link" onClick={r.onChange}>
                Change{' '}<span className="visually-hidden">{r.key.toLowerCase()}</span>
              </button>
            ) : null}
          </dd>
        </div>
      ))}
    </dl>
  );
}
