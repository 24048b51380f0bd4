/**
 * The Computation step's trading losses: the losses brought forward (box
 * 160), asked of everyone, and the claims a company may make for a loss,
 * folded away under "Loss claims" until one is made (then open, and named in
 * the fold's summary so a folded claim is never out of mind).
 */
import { useState } from 'react';
import { CheckboxField } from '../../../components/Field.js';
import { elementIdOf, type ComputationForm } from '../computation-form.js';
import { Money, useComputationForm } from '../computation-step-parts.js';

/** The claims made, in words for the fold's summary; empty when none is made. */
export function lossClaimsMade(c: ComputationForm): string[] {
  const made: string[] = [];
  if (c.claimAgainstTotalProfits) made.push('against this period’s total profits');
  return made;
}

export function LossesSection() {
  const { c, set } = useComputationForm();
  const field = (key: keyof ComputationForm) => (value: string) => set((x) => ({ ...x, [key]: value }));
  const made = lossClaimsMade(c);
  const [open, setOpen] = useState(made.length > 0);
  return (
    <section className="step-section" aria-labelledby="computation-losses-heading">
      <h3 id="computation-losses-heading">Trading losses</h3>
      <Money path="losses.tradingBroughtForward" label="Trading losses brought forward" box="160" hint="Set against this period’s trading profits first" value={c.lossesBroughtForward} onChange={field('lossesBroughtForward')} />
      <details className="details" open={open || made.length > 0} onToggle={(e) => setOpen(e.currentTarget.open)} data-testid="loss-claims">
        <summary className="details__summary">Loss claims{made.length ? `: ${made.join('; ')}` : ' (none made: a loss is carried forward)'}</summary>
        <div className="details__text">
          <CheckboxField
            id={elementIdOf('losses.claimAgainstTotalProfits')}
            label="If the trade made a loss this period, claim it against this period’s total profits"
            box="275"
            hint="CTA 2010 s37(3)(a). Otherwise a loss is carried forward."
            checked={c.claimAgainstTotalProfits}
            onChange={(x) => set((y) => ({ ...y, claimAgainstTotalProfits: x }))}
          />
          {c.claimAgainstTotalProfits ? (
            <Money
              path="losses.previousPeriodTotalProfits"
              label="Total profits of the previous 12 months"
              hint="For a memo of what could be carried back (s37(3)(b)); nothing is amended"
              value={c.previousPeriodTotalProfits}
              onChange={field('previousPeriodTotalProfits')}
            />
          ) : null}
        </div>
      </details>
    </section>
  );
}
