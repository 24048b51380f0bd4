/**
 * What the computation's result says about loans to participators, read for
 * the window: the working lines of the s455 charge and its relief, and the
 * loans still owed at the period end that the client's next return brings
 * forward. The figures and the rules are the engine's
 * (main/engine/computation/loans-to-participators/).
 */
import type { ComputationOutput } from '../../../../../preload/contract.js';
import type { WorkingLine } from '../../../../../main/engine/computation/working.js';

export type LoansOutput = NonNullable<ComputationOutput['loansToParticipators']>;
export type OutstandingLoan = LoansOutput['carriedForward'][number];

/** The engine's working lines for the CT600A (their ids start "loansToParticipators"). */
export const isLoansLine = (l: Pick<WorkingLine, 'id'>) => l.id === 'loansToParticipators' || l.id.startsWith('loansToParticipators.');

export function loansWorking(out: ComputationOutput): WorkingLine[] {
  return out.working.filter(isLoansLine);
}

/** The loans still owed at the end of the period (more than nothing): the next period's `broughtForward`. */
export function outstandingAtEnd(out: ComputationOutput): OutstandingLoan[] {
  return (out.loansToParticipators?.carriedForward ?? []).filter((l) => l.amount > 0);
}

/** The next period's `broughtForward` lines by participator, as the loan accounts keep them (amounts as typed text). */
export function broughtForwardByParticipator(loans: readonly OutstandingLoan[]): Map<string, { loanDate: string; periodEnd: string; amount: string }[]> {
  const by = new Map<string, { loanDate: string; periodEnd: string; amount: string }[]>();
  for (const l of loans) {
    if (!(l.amount > 0)) continue;
    const list = by.get(l.participator) ?? [];
    list.push({ loanDate: l.loanDate, periodEnd: l.periodEnd, amount: String(Math.round(l.amount * 100) / 100) });
    by.set(l.participator, list);
  }
  return by;
}
