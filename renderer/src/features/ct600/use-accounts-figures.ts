/**
 * The attached accounts' turnover, profit before tax and depreciation as the
 * Computation step's starting figures, read in main once for each accounts
 * file. A step not yet begun offers them (the user may be typing Profits and
 * tax themselves, and a computation started by merely passing through the
 * step would replace their figures); once the step is begun, other accounts'
 * figures go straight into the fields not typed over (see accounts-offer.ts).
 * The figures are for the period the form shows (boxes 30 and 35), asked again
 * when it changes: the draft's saved period may still be an earlier one.
 */
import { useEffect, useState } from 'react';
import type { ComputationAccountsFigures } from '../../../../preload/contract.js';
import { offerAccountsFigures, STARTING_FIGURES } from './accounts-offer.js';
import { computationStarted, elementIdOf } from './computation-form.js';
import { periodIsoDates } from './form.js';
import { useWizard } from './wizard-context.js';

export interface AccountsFiguresOffer {
  /** Figures read from accounts whose figures are not yet in the step, or null. */
  offer: ComputationAccountsFigures | null;
  use(): void;
}

export function useAccountsFigures(): AccountsFiguresOffer {
  const ctx = useWizard();
  const [read, setRead] = useState<{ figures: ComputationAccountsFigures; period: string } | null>(null);
  const dates = periodIsoDates(ctx.form);
  const period = dates.from && dates.to && dates.from <= dates.to ? { from: dates.from, to: dates.to } : null;
  const periodKey = period ? `${period.from}/${period.to}` : '';
  const accounts = ctx.draft.attachments.find((a) => a.role === 'accounts' && a.hasInlineXbrlHeader);
  const offeredFrom = ctx.form.accountsFigures?.sha256;
  const wanted = accounts && accounts.sha256 !== offeredFrom ? accounts.sha256 : null;
  const started = computationStarted(ctx.form.computation);
  const use = (figures: ComputationAccountsFigures) => ctx.update((f) => (f.accountsFigures?.sha256 === figures.sha256 ? f : offerAccountsFigures(f, figures)));

  useEffect(() => {
    if (!wanted) return;
    let live = true;
    void ctx.bridge.accountsFigures({ draftId: ctx.draftId, period }).then((r) => {
      if (!live || !r.ok || !r.value || r.value.sha256 !== wanted) return;
      setRead({ figures: r.value, period: periodKey });
    });
    return () => {
      live = false;
    };
    // The file's hash and the period stand for the figures: nothing else asks main again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [wanted, ctx.draftId, periodKey]);

  const current = read && read.figures.sha256 === wanted && read.period === periodKey ? read.figures : null;
  const anyFigure = !!current && (current.turnover || current.profitBeforeTax || current.depreciation);
  useEffect(() => {
    if (current && started && anyFigure) use(current);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [current, started]);
  return {
    offer: current && !started && anyFigure ? current : null,
    use: () => {
      if (!current) return;
      use(current);
      // The button goes with the offer: the focus moves to the first figure it filled, whose hint says where it came from,
      // rather than falling to the page's body.
      const first = STARTING_FIGURES.find((k) => current[k]);
      if (first) setTimeout(() => document.getElementById(elementIdOf(`profitAndLoss.${first}`))?.focus(), 0);
    },
  };
}
