/**
 * The associated companies the computation divides the small profits limits
 * by. A company associated at any time in the period counts for the whole of
 * it (CTA 2010 s18E(2); CTM03956): one count (box 326), even for a period
 * straddling 1 April, unless the limits changed at the straddle (as on
 * 1 April 2023), when each financial year takes its own (boxes 327 and 328;
 * CTM03955). Profits and tax asks each financial year's count for any
 * straddling period; where the limits did not change, the Computation step
 * asks the one count itself, and takes none as a guess from the two.
 */
import { limitsChangeWithin } from '../../../../../main/engine/computation/associated-companies.js';
import { parseCount, straddles, type Ct600Form } from '../form.js';

/** How the step asks for the count: from Profits and tax's box 326, its 327 and 328, or its own question for the whole period. */
export type AssociatedAsked = 'box326' | 'eachYear' | 'wholePeriod';

export function associatedAsked(form: Ct600Form, from: string | null, to: string | null): AssociatedAsked {
  if (!straddles(form)) return 'box326';
  return from && to && limitsChangeWithin(from, to) === undefined ? 'wholePeriod' : 'eachYear';
}

const countOf = (text: string | undefined): number | undefined | 'bad' => {
  const p = parseCount(text ?? '');
  return p.ok ? p.value : 'bad';
};

export const WHOLE_PERIOD_MESSAGE = 'must be given for the whole period, for example 0 or 2: a company associated at any time in it counts for all of it (CTA 2010 s18E(2); CTM03956)';

/** The engine's `associatedCompanies`, a problem recorded under that field. */
export function associatedCompaniesInput(form: Ct600Form, from: string | null, to: string | null, errors: Map<string, string>): unknown {
  const v = form.values;
  const asked = associatedAsked(form, from, to);
  const zero = (x: ReturnType<typeof countOf>) => (x === 'bad' || x === undefined ? 0 : x);
  if (asked === 'box326') return zero(countOf(v.associatedCompanies));
  if (asked === 'eachYear') return { firstYear: zero(countOf(v.associatedFirstYear)), secondYear: zero(countOf(v.associatedSecondYear)) };
  const whole = countOf(v.associatedCompanies);
  if (typeof whole === 'number') return whole;
  // No count for the whole period yet: none in either financial year means none at any time; anything else is not guessed.
  const first = countOf(v.associatedFirstYear);
  const second = countOf(v.associatedSecondYear);
  if (whole === undefined && (first === undefined || first === 0) && (second === undefined || second === 0)) return 0;
  errors.set('associatedCompanies', WHOLE_PERIOD_MESSAGE);
  return null;
}
