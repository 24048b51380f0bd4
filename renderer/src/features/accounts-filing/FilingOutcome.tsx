import type { CompaniesHouseOutcomeView } from '../../../../preload/contract.js';

const HEADINGS: Record<CompaniesHouseOutcomeView['outcome'], string> = {
  accepted: 'Companies House accepted the accounts',
  rejected: 'Companies House rejected the accounts',
  'not-finished': 'Not finished yet',
};

/**
 * What a filing came to: accepted; rejected with each reason in plain
 * English beside Companies House's own words (kept verbatim, with its code
 * for support); or not finished, said as such with what happens next.
 */
export function FilingOutcome({ outcome, onCheckAgain }: { outcome: CompaniesHouseOutcomeView; onCheckAgain?: () => void }) {
  const tone = outcome.outcome === 'accepted' ? 'good' : outcome.outcome === 'rejected' ? 'bad' : 'warn';
  return (
    <div className={`verdict verdict--${tone}`} data-testid="companies-house-outcome" role={outcome.outcome === 'rejected' ? 'alert' : 'status'}>
      <h4>{HEADINGS[outcome.outcome]}</h4>
      <p>{outcome.message}</p>
      {outcome.reasons.length > 0 && (
        <ol className="companies-house-reasons">
          {outcome.reasons.map((r, i) => (
            <li key={i}>
              {r.plain && <p>{r.plain}</p>}
              <p className="hint">
                Companies House’s words: “{r.text}” (code {r.code})
              </p>
            </li>
          ))}
        </ol>
      )}
      {outcome.outcome === 'not-finished' && onCheckAgain && (
        <button type="button" className="button" onClick={onCheckAgain}>
          Check again with Companies House
        </button>
      )}
    </div>
  );
}
