/**
 * computation.compute and computation.previousPeriod: the tax computation for
 * the wizard's Computation step, and the figures a client's previous return
 * carries forward into the next one (pools' written-down values, losses, and
 * the loans to participators still owed).
 */
import { COMPUTATION_INPUT_KEY, type ComputationCarriedForward, type ComputationComputeRequest, type ComputationPreviousPeriodRequest } from '../../preload/contract-computation.js';
import type { ComputationOutput } from '../engine/computation/compute.js';
import { computeComputation } from '../engine/computation/index.js';
import { dayBefore } from '../engine/computation/dates.js';
import type { DraftStore } from '../store/draft-store.js';

export function createComputationComputeHandler(): (request: ComputationComputeRequest) => ComputationOutput {
  return ({ input }) => computeComputation(input);
}

export function createPreviousPeriodHandler(drafts: Pick<DraftStore, 'list' | 'get'>): (request: ComputationPreviousPeriodRequest) => Promise<ComputationCarriedForward | null> {
  return async ({ clientId, periodFrom, draftId }) => {
    const end = dayBefore(periodFrom);
    const { drafts: all } = await drafts.list();
    // The latest changed first: a firm that restarted a return keeps working on the newer draft.
    const candidates = all
      .filter((d) => d.kind === 'ct600' && d.clientId === clientId && d.periodTo === end && d.id !== draftId)
      .sort((a, b) => (a.changedAt < b.changedAt ? 1 : a.changedAt > b.changedAt ? -1 : 0));
    for (const summary of candidates) {
      const draft = await drafts.get(summary.id).catch(() => undefined);
      const input = draft?.form[COMPUTATION_INPUT_KEY];
      if (!draft || !input || typeof input !== 'object') continue;
      try {
        const out = computeComputation(input);
        return {
          draftId: draft.id,
          title: summary.title,
          periodFrom: out.period.from,
          periodTo: out.period.to,
          mainPool: out.carriedForward.mainPool,
          specialRatePool: out.carriedForward.specialRatePool,
          tradingLosses: out.carriedForward.tradingLosses,
          totalProfitsLosses: out.carriedForward.totalProfitsLosses,
          ukPropertyLosses: out.carriedForward.ukPropertyLosses,
          capitalLosses: out.carriedForward.capitalLosses,
          // What the participators still owed at that period's end is this one's `broughtForward` (the engine matched the repayments).
          loansToParticipators: (out.loansToParticipators?.carriedForward ?? []).filter((l) => l.amount > 0),
        };
      } catch {
        // An earlier return whose computation no longer computes brings nothing forward; the user types the figures.
      }
    }
    return null;
  };
}
