/**
 * Claims on the capital allowances most companies never make, folded away
 * until one is: the AIA shared with a group or related companies, a
 * writing-down allowance claimed at less than the full amount, and the
 * short-life asset pools brought forward.
 */
import { useState } from 'react';
import { useComputationForm, Money } from '../computation-step-parts.js';
import type { ComputationForm } from '../computation-form.js';
import { ShortLifeBroughtForward } from './ShortLifeBroughtForward.js';

export function AllowanceClaims() {
  const { c, set } = useComputationForm();
  const field = (key: keyof ComputationForm) => (value: string) => set((x) => ({ ...x, [key]: value }));
  const made = [
    c.aiaAllocated.trim() ? 'annual investment allowance shared' : '',
    c.mainPoolWdaClaimed.trim() || c.specialRatePoolWdaClaimed.trim() ? 'less than the full writing-down allowance' : '',
    c.shortLifeAssets.length ? 'short-life asset pools brought forward' : '',
  ].filter(Boolean);
  const [open, setOpen] = useState(made.length > 0);
  return (
    <details className="details" open={open || made.length > 0} onToggle={(e) => setOpen(e.currentTarget.open)} data-testid="allowance-claims">
      <summary className="details__summary">Allowance claims{made.length ? `: ${made.join('; ')}` : ' (the full allowances are claimed)'}</summary>
      <div className="details__text">
        <Money
          path="capitalAllowances.aiaAllocated"
          label="Annual investment allowance allocated to this company"
          hint="Companies in a group, or related companies, share one allowance between them (CAA 2001 s51A–s51N): this company’s share. Empty: the whole allowance."
          value={c.aiaAllocated}
          onChange={field('aiaAllocated')}
        />
        <Money
          path="capitalAllowances.mainPoolWritingDownAllowanceClaimed"
          label="Main pool writing-down allowance claimed"
          hint="A claim may be for less than the full amount (CAA 2001 s56(5)); the rest stays in the pool. Empty: the full amount."
          value={c.mainPoolWdaClaimed}
          onChange={field('mainPoolWdaClaimed')}
        />
        <Money path="capitalAllowances.specialRatePoolWritingDownAllowanceClaimed" label="Special rate pool writing-down allowance claimed" hint="Empty: the full amount." value={c.specialRatePoolWdaClaimed} onChange={field('specialRatePoolWdaClaimed')} />
        <ShortLifeBroughtForward />
      </div>
    </details>
  );
}
