/**
 * The CT600A page as the step shows it: each box in the form's order (CT600A
 * (2015) version 3, the LoansByCloseCompanies part of HMRC's CT-2014 schema
 * v1.994), HMRC's words for it beside plain English, and the figure the
 * computation gave it. The figures are the engine's; this file only says
 * which box is which and how each is written (whole pounds or pounds and pence,
 * as the schema types them).
 */
import { formatMoney } from '../../../format/index.js';

export interface Ct600aBox {
  box: string;
  /** Which part of the page the box belongs to. */
  part: 'Part 1' | 'Part 2' | 'Part 3' | 'Totals' | 'CT600';
  hmrc: string;
  plain: string;
  /** Whole pounds (CT_CTnonZeroWholePoundStructure) or pounds and pence; 'yes' for a yes/no box. */
  kind: 'whole-pounds' | 'pence' | 'yes';
}

export const CT600A_BOXES: readonly Ct600aBox[] = [
  { box: 'A5', part: 'Part 1', kind: 'yes', hmrc: 'Loans made during the return period which have been repaid, released or written off before the end of the period', plain: 'Was any loan made in this period paid back, released or written off before the period ended?' },
  { box: 'A15', part: 'Part 1', kind: 'whole-pounds', hmrc: 'Total of loans made during the return period and outstanding at the end of the period', plain: 'What this period’s loans still owed at the period end come to' },
  { box: 'A20', part: 'Part 1', kind: 'pence', hmrc: 'Tax chargeable on loans', plain: 'The s455 tax on them: 33.75% of box A15, the rate HMRC’s forms take (CTA 2010 s455); a loan made from 6 April 2026 owes more, said below' },
  { box: 'A30', part: 'Part 2', kind: 'whole-pounds', hmrc: 'Total amount repaid (after the end of the period but earlier than nine months and one day after)', plain: 'Paid back in the nine months after the period end' },
  { box: 'A35', part: 'Part 2', kind: 'whole-pounds', hmrc: 'Total amount released or written off (after the end of the period but earlier than nine months and one day after)', plain: 'Released or written off in those nine months' },
  { box: 'A40', part: 'Part 2', kind: 'whole-pounds', hmrc: 'Total of loans repaid, released or written off (A30 + A35)', plain: 'All of it together' },
  { box: 'A45', part: 'Part 2', kind: 'pence', hmrc: 'Relief due for loans repaid, released or written off after the end of the period but earlier than nine months and one day after', plain: 'The tax taken off for it, on this return (CTA 2010 s458)' },
  { box: 'A55', part: 'Part 3', kind: 'whole-pounds', hmrc: 'Total amount repaid (more than nine months after the end of the period, relief due now)', plain: 'Paid back later than nine months after the period end, with the relief due by the day of filing' },
  { box: 'A60', part: 'Part 3', kind: 'whole-pounds', hmrc: 'Total amount released or written off (more than nine months after the end of the period, relief due now)', plain: 'Released or written off that late, relief due by the day of filing' },
  { box: 'A65', part: 'Part 3', kind: 'whole-pounds', hmrc: 'Total of loans repaid, released or written off (A55 + A60)', plain: 'All of it together' },
  { box: 'A70', part: 'Part 3', kind: 'pence', hmrc: 'Relief due now for loans repaid, released or written off more than nine months after the end of the period', plain: 'The tax taken off for it now: relief is due nine months after the end of the period of repayment (CTA 2010 s458(5))' },
  { box: 'A75', part: 'Totals', kind: 'whole-pounds', hmrc: 'Total of loans outstanding', plain: 'What is still owed of this period’s loans after Parts 2 and 3' },
  { box: 'A80', part: 'Totals', kind: 'pence', hmrc: 'Tax payable under s455 CTA 2010 (A20 minus (A45 + A70))', plain: 'The s455 tax the company pays with this return' },
  { box: '480', part: 'CT600', kind: 'pence', hmrc: 'Tax payable under s455 of CTA 2010', plain: 'The same figure, on the CT600 itself: it joins the tax payable in box 525' },
  { box: '485', part: 'CT600', kind: 'yes', hmrc: 'Put an X in box 485 if you completed box A70 in the supplementary pages CT600A', plain: 'Relief for a later repayment is claimed on this return' },
];

/** A box's figure as the page writes it; '' when the computation left the box out. */
export function boxText(box: Ct600aBox, value: number | boolean | undefined): string {
  if (value === undefined) return '';
  if (box.kind === 'yes' || typeof value === 'boolean') return value === true ? 'Yes' : 'No';
  return formatMoney(Math.round(value * 100), box.kind === 'whole-pounds' ? 'whole-pounds' : 'pence');
}

/** The boxes the computation filled, in the page's order: a box it left out is not on the page. */
export function filledBoxes(boxes: Record<string, number | boolean>): { box: Ct600aBox; text: string }[] {
  return CT600A_BOXES.flatMap((b) => (boxes[b.box] === undefined ? [] : [{ box: b, text: boxText(b, boxes[b.box]) }]));
}
