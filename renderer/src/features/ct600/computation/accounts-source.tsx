/**
 * Where a starting figure came from in the accounts, in a bookkeeper's words
 * ("Turnover for 1 April 2024 to 31 March 2025, from the accounts"), with the
 * taxonomy's names for the tagged facts (core:TurnoverRevenue) folded into a
 * details element for whoever checks the tagging.
 */

/** A taxonomy name in brackets, with any words after it: "(core:TurnoverRevenue)", "(core:X, which includes impairment)". */
const TAGGED = /\s*\(([a-z][\w-]*:[A-Za-z][\w]*)(?:, ([^)]*))?\)/g;

export interface PlainSource {
  /** The source without the taxonomy's names, as a sentence: "Turnover for 1 April 2024 to 31 March 2025, from the accounts". */
  words: string;
  /** The names the figure is tagged with, in the order given. */
  names: string[];
}

export function plainSource(source: string): PlainSource {
  const names: string[] = [];
  const stripped = source.replace(TAGGED, (_, name: string, rest: string | undefined) => {
    names.push(name);
    return rest ? ` (${rest})` : '';
  });
  const words = stripped.replace(/\s+in the accounts$/, '').trim();
  return { words: `${words.charAt(0).toUpperCase()}${words.slice(1)}, from the accounts`, names };
}

/** The taxonomy names behind a figure, folded away. */
export function TaggedAs({ names }: { names: string[] }) {
  if (names.length === 0) return null;
  return (
    <details className="details accounts-tagging">
      <summary className="details__summary">How the accounts tag {names.length === 1 ? 'it' : 'them'}</summary>
      <div className="details__text">
        {names.length === 1 ? 'Tagged' : 'Tagged, in order,'} as <code className="accounts-tagging__names">{names.join(', ')}</code> in the accounts’ Inline XBRL.
      </div>
    </details>
  );
}
