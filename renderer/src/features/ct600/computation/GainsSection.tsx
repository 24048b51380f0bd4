/**
 * The Computation step's gains, donations and what decides the tax rate:
 * chargeable gains with the capital losses set against them (box 215),
 * qualifying donations, dividends received that count towards the small
 * profits limits (box 620), and the associated companies as Profits and tax
 * has them.
 */
import { elementIdOf, type ComputationForm } from '../computation-form.js';
import { Money, useComputationForm } from '../computation-step-parts.js';
import { associatedAsked } from './associated-input.js';
import { useLossClaims } from './use-loss-claims.js';
import type { LossClaimsForm } from './losses-form.js';

/** The associated companies the computation takes, as given on Profits and tax (boxes 326, or 327 and 328). */
function AssociatedCompanies() {
  const { ctx } = useComputationForm();
  const v = ctx.form.values;
  if (associatedAsked(ctx.form) === 'box326') return <p className="step-section__intro">Associated companies: {v.associatedCompanies || 0} (box 326), as given on Profits and tax: a company associated at any time in the period counts for the whole of it.</p>;
  return <p className="step-section__intro">Associated companies: {v.associatedFirstYear || 0} in the first financial year and {v.associatedSecondYear || 0} in the second (boxes 327 and 328), as given on Profits and tax: the small profits limits changed within the period.</p>;
}

export function GainsSection() {
  const { c, set } = useComputationForm();
  const { l, change } = useLossClaims();
  const field = (key: keyof ComputationForm) => (value: string) => set((x) => ({ ...x, [key]: value }));
  const claim = (key: keyof LossClaimsForm) => (value: string) => change({ [key]: value });
  return (
    <section className="step-section" aria-labelledby="computation-other-heading">
      <h3 id="computation-other-heading">Gains, donations and dividends</h3>
      <Money path="chargeableGains" label="Chargeable gains" box="210" hint="Before capital losses: those of the period and brought forward are set against them below (box 215)" value={c.chargeableGains} onChange={field('chargeableGains')} />
      <Money path="losses.capitalOfPeriod" label="Capital losses of this period" box="825" hint="Allowable losses on disposals in the period (TCGA 1992 s8(1)(a))" value={l.capitalOfPeriod} onChange={claim('capitalOfPeriod')} />
      <Money path="losses.capitalBroughtForward" label="Capital losses brought forward" hint="Allowable losses of earlier periods not yet used (TCGA 1992 s8(1)(b))" value={l.capitalBroughtForward} onChange={claim('capitalBroughtForward')} />
      <Money path="qualifyingDonations" label="Qualifying charitable donations" box="305" value={c.qualifyingDonations} onChange={field('qualifyingDonations')} />
      <Money
        path="exemptDistributions"
        label="Dividends received from companies outside the group"
        box="620"
        hint="Exempt distributions (franked investment income) from companies that are not 51% group companies: not taxed, but added to the profits tested against the small profits limits (CTA 2010 s18L; CTM03915)."
        value={c.exemptDistributions}
        onChange={field('exemptDistributions')}
      />
      <AssociatedCompanies />
    </section>
  );
}
