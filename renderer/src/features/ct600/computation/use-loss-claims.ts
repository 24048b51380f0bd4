/** The loss claims' answers with their setter: an untouched set is kept as none at all. */
import { useComputationForm } from '../computation-step-parts.js';
import { emptyLossClaims, lossClaimsUsed, type LossClaimsForm } from './losses-form.js';

export function useLossClaims() {
  const { c, set } = useComputationForm();
  const l = c.lossClaims ?? emptyLossClaims();
  const change = (patch: Partial<LossClaimsForm>) =>
    set((x) => {
      const next = { ...(x.lossClaims ?? emptyLossClaims()), ...patch };
      const { lossClaims: _dropped, ...rest } = x;
      return lossClaimsUsed(next) ? { ...x, lossClaims: next } : rest;
    });
  return { l, change };
}
