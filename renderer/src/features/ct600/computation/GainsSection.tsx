/**
 * The Computation step's gains, donations and what decides the tax rate:
 * chargeable gains with the capital losses set against them (box 215),
 * qualifying donations, dividends received that count towards the small
 * profits limits (box 620), and the associated companies, asked here for the
 * whole period when Profits and tax asks each financial year's but the law
 * takes one count.
 */
import { TextField } from '../../../components/Field.js';
import { elementIdOf, type ComputationForm } from '../computation-form.js';
import { Money, useComputationForm } from '../computation-step-parts.js';
import { calendarDateOf } from '../form.js';
import { associatedAsked } from './associated-input.js';
import { useLossClaims } from './use-loss-claims.js';
import type { LossClaimsForm } from './losses-form.js';

const iso = (d: ReturnType<typeof calendarDateOf>) => (d ? `${String(d.year).padStart(4, '0')}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}` : null);

function AssociatedCompanies() {
  const { ctx, error } = useComputationForm();
  const v = ctx.form.values;
  const asked = associatedAsked(ctx.form, iso(calendarDateOf(ctx.form.dates.periodFrom)), iso(calendarDateOf(ctx.form.dates.periodTo)));
  if (asked === 'box326') return <p className="step-section__intro">Associated companies: {v.associatedCompanies || 0} (box 326), as given on Profits and tax.</p>;
  if (asked === 'eachYear') return <p className="step-section__intro">Associated companies: {v.associatedFirstYear || 0} in the first financial year and {v.associatedSecondYear || 0} in the second (boxes 327 and 328), as given on Profits and tax: the small profits limits changed within the period.</p>;
  return (
    <TextField
      id={elementIdOf('associatedCompanies')}
      label="Companies associated with this one at any time in the period"
      box="326"
      hint="The period straddles 1 April, but the small profits limits did not change: a company associated for any part of the period counts for the whole of it (CTA 2010 s18E(2); CTM03956)."
      width="short"
      inputMode="numeric"
      value={v.associatedCompanies ?? ''}
      error={error('associatedCompanies')}
      onChange={(text) => ctx.update((f) => ({ ...f, values: { ...f.values, associatedCompanies: text } }))}
    />
  );
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
