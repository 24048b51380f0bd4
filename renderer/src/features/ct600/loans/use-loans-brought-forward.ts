/**
 * A new return for a client's next period starts its loan accounts from what
 * the participators still owed at the end of the previous one, as pools and
 * losses are brought forward: each becomes a loan from an earlier period,
 * with the day it was made and the end of the period it was made in.
 */
import { useEffect } from 'react';
import type { ComputationCarriedForward } from '../../../../../preload/contract.js';
import { dateTextOf, periodIsoDates } from '../form.js';
import { newId } from '../computation-step-parts.js';
import { useWizard } from '../wizard-context.js';
import { emptyLoans, type LoansForm } from './loans-form.js';
import { broughtForwardByParticipator } from './loans-output.js';

/** The loan accounts a new return starts with, from what the previous one carried forward; undefined when nothing was still owed. */
export function loansBroughtForward(found: ComputationCarriedForward, id: () => string = newId): LoansForm | undefined {
  const by = broughtForwardByParticipator(found.loansToParticipators ?? []);
  if (by.size === 0) return undefined;
  return {
    ...emptyLoans(),
    accounts: [...by].map(([name, lines]) => ({
      id: id(),
      name,
      loans: [],
      broughtForward: lines.map((l) => ({ id: id(), loanDate: dateTextOf(l.loanDate), periodEnd: dateTextOf(l.periodEnd), amount: l.amount })),
      repayments: [],
    })),
    broughtForwardFrom: { title: found.title, periodFrom: found.periodFrom, periodTo: found.periodTo },
  };
}

export function useLoansBroughtForward(): void {
  const ctx = useWizard();
  const periodFrom = periodIsoDates(ctx.form).from;
  // Asked once, before anything is typed: loans typed (or brought forward already) stay as they are.
  const asked = ctx.form.loans !== undefined || !ctx.clientId || !periodFrom;
  useEffect(() => {
    if (asked) return;
    let live = true;
    void ctx.bridge.previousPeriodCarriedForward({ clientId: ctx.clientId!, periodFrom: periodFrom!, draftId: ctx.draftId }).then((r) => {
      if (!live || !r.ok || !r.value) return;
      const loans = loansBroughtForward(r.value);
      if (loans) ctx.update((f) => (f.loans === undefined ? { ...f, loans } : f));
    });
    return () => {
      live = false;
    };
  }, [asked, ctx.clientId, periodFrom]);
}
