/**
 * The loans' boxes in the computation's `boxes`: the CT600A's totals under
 * their form names ("A5" … "A80"), box 480 (= A80, HMRC rule 9428), box 485
 * when Part 3 relief is claimed (rule 9426), and boxes 510 and 525 with the
 * s455 tax added (rule 9339: 510 = 475 + 480 + …; 525 = 510 with no income
 * tax deducted). The repeated lines (A10, A25, A50) are in the section's
 * `page`.
 */
import type { Pence } from '../money.js';
import type { Ct600aPage } from './types.js';

export type LoanBoxValue = number | boolean;

const TOTALS = ['A15', 'A20', 'A30', 'A35', 'A40', 'A45', 'A55', 'A60', 'A65', 'A70', 'A75', 'A80'] as const;

export function loanBoxes(page: Ct600aPage | null, taxChargeable: Pence, taxPayable: Pence): Record<string, LoanBoxValue> {
  if (!page) return {};
  const b: Record<string, LoanBoxValue> = { A5: page.A5 };
  for (const box of TOTALS) if (page[box] !== undefined) b[box] = page[box]!;
  b['480'] = page.A80;
  if (page.A70 !== undefined) b['485'] = true;
  const s455 = Math.round(page.A80 * 100);
  b['510'] = (taxChargeable + s455) / 100;
  b['525'] = (taxPayable + s455) / 100;
  return b;
}
