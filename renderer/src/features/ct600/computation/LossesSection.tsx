/**
 * The Computation step's trading losses: the losses brought forward (box
 * 160), asked of everyone, and the claims a company may make for a loss,
 * folded away under "Loss claims" until one is made (then open, and named in
 * the fold's summary so a folded claim is never out of mind). Each claim is
 * the user's, with its box and the section of CTA 2010 it is made under.
 */
import { useState } from 'react';
import { CheckboxField } from '../../../components/Field.js';
import { elementIdOf, type ComputationForm } from '../computation-form.js';
import { Money, useComputationForm } from '../computation-step-parts.js';
import { EarlierPeriods } from './EarlierPeriods.js';
import type { LossClaimsForm } from './losses-form.js';
import { useLossClaims } from './use-loss-claims.js';

/** The claims made, in words for the fold's summary; empty when none is made. */
export function lossClaimsMade(c: ComputationForm): string[] {
  const l = c.lossClaims;
  const made: string[] = [];
  if (c.claimAgainstTotalProfits) made.push('against this period’s total profits');
  if (l?.carryBack) made.push('carried back 12 months');
  if (l?.terminalLoss) made.push('terminal loss carried back 3 years');
  if (l?.totalProfitsBroughtForwardClaim.trim()) made.push('losses brought forward against total profits');
  if (l?.tradingBroughtForwardSetOff.trim()) made.push('losses brought forward against the trade limited');
  if (l?.ukPropertyBroughtForwardClaim.trim()) made.push('property losses against total profits');
  return made;
}

export function LossesSection() {
  const { c, set } = useComputationForm();
  const { l, change } = useLossClaims();
  const field = (key: keyof ComputationForm) => (value: string) => set((x) => ({ ...x, [key]: value }));
  const claim = (key: keyof LossClaimsForm) => (value: string) => change({ [key]: value });
  const made = lossClaimsMade(c);
  const [open, setOpen] = useState(made.length > 0);
  return (
    <section className="step-section" aria-labelledby="computation-losses-heading">
      <h3 id="computation-losses-heading">Trading losses</h3>
      <Money path="losses.tradingBroughtForward" label="Trading losses brought forward" box="160" hint="Against the same trade only (losses before 1 April 2017, s45, and later ones restricted to the trade, s45B): set against this period’s trading profits first" value={c.lossesBroughtForward} onChange={field('lossesBroughtForward')} />
      <Money
        path="losses.totalProfitsBroughtForward"
        label="Trading losses brought forward against total profits"
        hint="Losses from 1 April 2017 that may go against any profits, only on a claim (CTA 2010 s45A)"
        value={l.totalProfitsBroughtForward}
        onChange={claim('totalProfitsBroughtForward')}
      />
      <details className="details" open={open || made.length > 0} onToggle={(e) => setOpen(e.currentTarget.open)} data-testid="loss-claims">
        <summary className="details__summary">Loss claims{made.length ? `: ${made.join('; ')}` : ' (none made: a loss is carried forward)'}</summary>
        <div className="details__text">
          <CheckboxField
            id={elementIdOf('losses.claimAgainstTotalProfits')}
            label="If the trade made a loss this period, claim it against this period’s total profits"
            box="275"
            hint="CTA 2010 s37(3)(a): all it can take, never part. Otherwise a loss is carried forward."
            checked={c.claimAgainstTotalProfits}
            onChange={(x) => set((y) => ({ ...y, claimAgainstTotalProfits: x, ...(x ? {} : { lossClaims: y.lossClaims ? { ...y.lossClaims, carryBack: false, terminalLoss: false } : undefined }) }))}
          />
          {c.claimAgainstTotalProfits ? (
            <div className="computation-conditional" data-testid="carry-back">
              <CheckboxField
                id={elementIdOf('losses.carryBack')}
                label="Carry what is left of the loss back to the previous 12 months"
                hint="CTA 2010 s37(3)(b): each earlier return it reaches is amended; give them below as filed."
                checked={l.carryBack}
                onChange={(x) => change({ carryBack: x })}
              />
              {c.tradeCeased ? (
                <CheckboxField
                  id={elementIdOf('losses.terminalLoss')}
                  label="The trade ended: carry the terminal loss back 3 years"
                  hint="CTA 2010 s39: the latest period first."
                  checked={l.terminalLoss}
                  onChange={(x) => change({ terminalLoss: x })}
                />
              ) : null}
              {l.carryBack || l.terminalLoss ? (
                <EarlierPeriods />
              ) : (
                <Money
                  path="losses.previousPeriodTotalProfits"
                  label="Total profits of the previous 12 months"
                  hint="For a memo of what a carry-back could relieve; nothing is amended"
                  value={c.previousPeriodTotalProfits}
                  onChange={field('previousPeriodTotalProfits')}
                />
              )}
            </div>
          ) : null}
          <Money
            path="losses.totalProfitsBroughtForwardClaim"
            label="Of the losses brought forward against total profits, claim this much against this period’s"
            box="285"
            hint="CTA 2010 s45A(5): the whole or a part. Empty: none is claimed, and they are carried forward."
            value={l.totalProfitsBroughtForwardClaim}
            onChange={claim('totalProfitsBroughtForwardClaim')}
          />
          <Money
            path="losses.tradingBroughtForwardSetOff"
            label="Set no more than this of the losses brought forward against the trade’s profits"
            hint="A claim under CTA 2010 s45(4A) or s45B(5). Empty: as far as the profits go."
            value={l.tradingBroughtForwardSetOff}
            onChange={claim('tradingBroughtForwardSetOff')}
          />
          <Money path="losses.ukPropertyBroughtForward" label="UK property business losses brought forward" hint="CTA 2010 s62(5). A property loss of this period is the property income as a negative figure." value={l.ukPropertyBroughtForward} onChange={claim('ukPropertyBroughtForward')} />
          <Money
            path="losses.ukPropertyBroughtForwardClaim"
            label="Of the property losses brought forward, claim this much against this period’s total profits"
            box="250"
            hint="CTA 2010 s62(5A)–(5B): the whole or a part."
            value={l.ukPropertyBroughtForwardClaim}
            onChange={claim('ukPropertyBroughtForwardClaim')}
          />
        </div>
      </details>
    </section>
  );
}
