/**
 * Loans to participators in the computation document: the s455 charge of the
 * period and its relief, as the CT600A works them, before the tax chargeable
 * they add to. HMRC's computational taxonomy (CT2015 ct-comp, kept since) has
 * a name for the net figure, TaxPayableOnLoansToParticipators (box 480, CTA
 * 2010 s455 and s464A), which is tagged. Its names for the charge and the
 * relief (LoanToParticipatorAmountTaxable, LoanToParticipatorTaxRate,
 * LoanToParticipatorTaxPayable, CurrentPeriodLoansRepaidWithin9Months,
 * CurrentPeriodLoansRepaidAfter9MonthsReliefDue and the rest) belong only to
 * its per-participator hypercube (ParticipatorDimension, typed, with
 * BusinessTypeDimension and DetailedAnalysisDimension), whose contexts the
 * writer does not make yet: those figures are shown untagged, never under a
 * name of our own.
 */
import type { ComputationOutput } from '../compute.js';
import { ukDate } from '../dates.js';
import { BOX_CONCEPTS } from './concepts.js';

export interface LoanRowsSheet {
  heading(text: string): void;
  row(label: string, figure: string, note?: string, total?: boolean): void;
  money(concept: string, context: 'company', pounds: number): string;
}

const pounds = (p: number) => `£${Math.abs(p).toLocaleString('en-GB', { minimumFractionDigits: 0, maximumFractionDigits: 2 })}`;

export function loansToParticipatorsRows(doc: LoanRowsSheet, out: ComputationOutput): void {
  const l = out.loansToParticipators;
  const page = l?.page;
  if (!l || (!page && out.earlierPeriodRelief.length === 0)) return;
  doc.heading('Loans to participators (CT600A)');
  if (page) {
    for (const a of page.A10) doc.row(`Loan to ${a.name} made in the period, outstanding at ${ukDate(out.period.to)}`, pounds(a.amount), 'CTA 2010 s455(1); box A10');
    if (page.A20 !== undefined) doc.row('s455 tax chargeable on those loans', pounds(page.A20), 'CTA 2010 s455(3); box A20');
    if (page.A45 !== undefined) doc.row(`Less: relief for ${pounds(page.A40 ?? 0)} repaid, released or written off within nine months`, `(${pounds(page.A45)})`, 'CTA 2010 s458; box A45');
    if (page.A70 !== undefined) doc.row(`Less: relief now due for ${pounds(page.A65 ?? 0)} repaid later`, `(${pounds(page.A70)})`, 'CTA 2010 s458(5); box A70');
    doc.row('Tax payable on loans to participators', doc.money(BOX_CONCEPTS['480']!, 'company', page.A80), `box 480 (A80); due ${ukDate(l.taxDue)}`, true);
  }
  if (out.s455Underpaid) doc.row('Further s455 tax due by law, which the return cannot yet carry (loans from 6 April 2026 at 35.75%)', pounds(out.s455Underpaid.amount), 'CTA 2010 s455(3); an amendment will be needed');
  for (const c of l.laterRelief) doc.row(`Relief to claim for ${c.participator}'s repayment of ${ukDate(c.date)} (due ${ukDate(c.reliefDue)})`, pounds(c.relief), `CTA 2010 s458(5); ${c.claim === 'L2P' ? 'form L2P' : 'amended return or form L2P'}; not in this return`);
  for (const e of out.earlierPeriodRelief) doc.row(`Relief for loans of the period ended ${ukDate(e.periodEnd)} repaid (due ${ukDate(e.reliefDue)})`, pounds(e.relief), `CTA 2010 s458; ${e.claim === 'L2P' ? 'form L2P' : "that period's amended return or form L2P"}; not in this return`);
}
