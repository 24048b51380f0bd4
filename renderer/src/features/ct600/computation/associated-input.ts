/**
 * The associated companies the computation divides the small profits limits
 * by, as Profits and tax asks them: one count for the period (box 326), even
 * for a period straddling 1 April, since a company associated at any time in
 * the period counts for the whole of it (CTA 2010 s18E(2); CTM03956); each
 * financial year's count (boxes 327 and 328) only where the limits changed at
 * the straddle, as on 1 April 2023 (CTM03955). The rule is form.ts's
 * associatedByYear, the engine's own.
 */
import { associatedByYear, parseCount, type Ct600Form } from '../form.js';

/** How the count is asked on Profits and tax: box 326, or boxes 327 and 328. */
export type AssociatedAsked = 'box326' | 'eachYear';

export function associatedAsked(form: Ct600Form): AssociatedAsked {
  return associatedByYear(form) ? 'eachYear' : 'box326';
}

/** A count as typed; a blank or unreadable one is 0 here, since Profits and tax puts it right beside its box. */
const countOf = (text: string | undefined): number => {
  const p = parseCount(text ?? '');
  return p.ok && p.value !== undefined ? p.value : 0;
};

/** The engine's `associatedCompanies`. */
export function associatedCompaniesInput(form: Ct600Form): number | { firstYear: number; secondYear: number } {
  const v = form.values;
  if (associatedAsked(form) === 'box326') return countOf(v.associatedCompanies);
  return { firstYear: countOf(v.associatedFirstYear), secondYear: countOf(v.associatedSecondYear) };
}
