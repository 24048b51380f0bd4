/**
 * `cli ct600 compute`'s words for loans to participators, after the boxes:
 * what the law asks beyond the form (s455Underpaid), relief to claim later
 * or for earlier periods, repayments s464C matched to new loans, and the
 * loans carried to the next return.
 */
import type { ComputationOutput } from '../engine/computation/index.js';
import { terminalText } from './safe-text.js';

const money = (pounds: number) => `£${pounds.toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** Box order on the printed computation: the CT600's numbers, then the CT600A's A-boxes. */
export function boxOrder(box: string): number {
  return box.startsWith('A') ? 100_000 + Number(box.slice(1)) : Number(box);
}

export function loansLines(out: ComputationOutput): string[] {
  const l = out.loansToParticipators;
  if (!l) return [];
  const lines = ['', `Loans to participators (CT600A): s455 tax due ${l.taxDue}, by law ${money(l.taxByLaw)}.`];
  if (out.s455Underpaid) lines.push(`  More due than the form accepts: ${money(out.s455Underpaid.amount)}. ${terminalText(out.s455Underpaid.how)}`);
  for (const c of l.laterRelief) lines.push(`  Relief to claim later: ${money(c.relief)} for ${terminalText(c.participator)}'s repayment of ${c.date}, due ${c.reliefDue} (${c.claim === 'L2P' ? 'form L2P' : 'amend this return, or form L2P'}).`);
  for (const e of out.earlierPeriodRelief) lines.push(`  Relief for the period ended ${e.periodEnd}: ${money(e.relief)} on ${money(e.repaid)} repaid, due ${e.reliefDue} (${e.claim === 'L2P' ? 'form L2P' : 'amend that return, or form L2P'}); not on this return.`);
  for (const m of l.matches) lines.push(`  ${terminalText(m.how)} (${money(m.amount)})`);
  if (l.carriedForward.length) {
    lines.push('  Loans carried forward to the next return:');
    for (const c of l.carriedForward) lines.push(`    ${terminalText(c.participator)}: ${money(c.amount)} lent ${c.loanDate} (period ended ${c.periodEnd})`);
  }
  return lines;
}
