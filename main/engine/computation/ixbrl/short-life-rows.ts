/**
 * Short-life asset pools in the computation document (CAA 2001 s83–s89),
 * after the main and special rate pools. HMRC's computational taxonomy has
 * no names for a single asset pool's figures, so they are shown untagged;
 * their allowances and charges are in the tagged totals that follow.
 */
import { CLAIM_WORDS } from '../claims.js';
import type { ComputationOutput } from '../compute.js';
import { ukDate } from '../dates.js';

export interface ShortLifeRowsSheet {
  heading(text: string): void;
  row(label: string, figure: string, note?: string, total?: boolean): void;
}

const pounds = (p: number) => `£${Math.abs(p).toLocaleString('en-GB', { minimumFractionDigits: 0, maximumFractionDigits: 2 })}`;

export function shortLifeRows(doc: ShortLifeRowsSheet, out: ComputationOutput): void {
  const pools = out.capitalAllowances.shortLifeAssets;
  if (pools.length === 0) return;
  doc.heading('Capital allowances: short-life assets');
  for (const a of out.capitalAllowances.assets.filter((x) => x.shortLife)) {
    doc.row(`Addition: ${a.description}, ${pounds(a.cost)}: ${CLAIM_WORDS[a.claim]}${a.allowance ? ` of ${pounds(a.allowance)}` : ''}`, '', 'CAA 2001 s83, s85');
  }
  for (const p of pools) {
    doc.row(`${p.description}: written-down value brought forward`, pounds(p.broughtForward));
    if (p.additions) doc.row(`${p.description}: expenditure added to its pool`, pounds(p.additions));
    if (p.transferredToMainPool) {
      doc.row(`${p.description}: its relevant cut-off, ${ukDate(p.cutOff)}, passed; the balance joins the main pool`, `(${pounds(p.transferredToMainPool)})`, 'CAA 2001 s86(2)');
      continue;
    }
    if (p.disposalValue) doc.row(`${p.description}: disposal value`, `(${pounds(p.disposalValue)})`, 'CAA 2001 s61, s62');
    if (p.writingDownAllowance) doc.row(`${p.description}: writing-down allowance`, `(${pounds(p.writingDownAllowance)})`, 'CAA 2001 s56');
    if (p.balancingAllowance) doc.row(`${p.description}: balancing allowance`, `(${pounds(p.balancingAllowance)})`, 'CAA 2001 s55, s65');
    if (p.balancingCharge) doc.row(`${p.description}: balancing charge`, pounds(p.balancingCharge), 'CAA 2001 s55, s65');
    doc.row(`${p.description}: written-down value carried forward`, pounds(p.carriedForward), '', true);
  }
}
